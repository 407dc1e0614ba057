#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# floors.sh -- make bench (5), the floors' reproducibility: five separate
# runs of skampi with @LIMITS yes on 2 processes (a one-point ping-pong
# beside it), then per run the cache line's one-way median and one
# core's median copy rate at 8 B, 4 KiB and 1 MiB, and over the runs
# each one's (max - min) / median (goal on a quiet machine: <= 10%).
# Reads top_srcdir, top_builddir, MPIEXEC, SK_BENCH_FLOOR_RUNS (5); writes
# bench-floors/ here.
set -u
: "${MPIEXEC:=mpiexec}"
runs=${SK_BENCH_FLOOR_RUNS:-5}
b=$(cd "$top_builddir" && pwd)
out=$(pwd)/bench-floors
rm -rf "$out" && mkdir "$out" || exit 1
printf '%s\n' '@LIMITS yes' '@Scale Fixed_log' '@Start_Argument 8' \
  '@End_Argument 8' '@MEASUREMENTS' \
  'pp { Type = Pingpong_Send_Recv; Variation = Length; }' > "$out/f.skampi"
echo "==== (5) the floors: $runs runs of @LIMITS yes on 2 processes ===="
i=1
while [ "$i" -le "$runs" ]; do
  (cd "$out" && $MPIEXEC -n 2 "$b/src/skampi" -q -o "r$i.yaml" f.skampi) ||
    { echo "run $i failed"; exit 1; }
  "$b/tests/yamlflat" "$out/r$i.yaml" > "$out/r$i.flat" || exit 1
  i=$((i + 1))
done
cat "$out"/r*.flat | awk -F= '
  function add(k, v) { n[k]++; x[k, n[k]] = v + 0 }
  $1 == "factors.limits.cache_line.median" { add("cache line (ns)", $2 * 1e9) }
  $1 == "factors.limits.copy.8.median" { add("copy 8 B (GB/s)", $2 / 1e9) }
  $1 == "factors.limits.copy.4096.median" { add("copy 4 KiB (GB/s)", $2 / 1e9) }
  $1 == "factors.limits.copy.1048576.median" { add("copy 1 MiB (GB/s)", $2 / 1e9) }
  $1 == "factors.limits.cost" { add("cost (s)", $2) }
  END {
    for (k in n) {
      lo = hi = x[k, 1]; line = ""
      for (j = 1; j <= n[k]; j++) {
        v = x[k, j]; if (v < lo) lo = v; if (v > hi) hi = v
        line = line sprintf(" %.4g", v)
      }
      # the median of the n values
      for (j = 1; j <= n[k]; j++) s[j] = x[k, j]
      for (p = 1; p <= n[k]; p++) for (q = p + 1; q <= n[k]; q++)
        if (s[q] < s[p]) { t = s[p]; s[p] = s[q]; s[q] = t }
      m = n[k] % 2 ? s[(n[k] + 1) / 2] : (s[n[k] / 2] + s[n[k] / 2 + 1]) / 2
      r = (m > 0) ? (hi - lo) / m : 0
      verdict = (k == "cost (s)") ? "" : ((r <= 0.10) ? "  ok" : "  over 10%")
      printf "%-18s%s   (max - min) / median %.1f%%%s\n", k, line, 100 * r,
        verdict
    }
  }' | sort
uptime
