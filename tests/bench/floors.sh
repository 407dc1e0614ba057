#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# floors.sh -- make bench (5), or alone `make bench-floors`: the floors'
# own reproducibility.  Five separate runs of skampi on 2 processes that
# measure the node's limits (@LIMITS yes) beside one 8 B ping-pong point
# (a suite file needs a suite); then, for the cache line's one-way time
# and one core's copy rate at 8 B, 4 KiB, 1 MiB and 4 MiB, both the best
# (what the floor is made of) and the median, each run's value and the
# spread over the runs, max / min - 1 (goal on a quiet machine: <= 10%,
# every run within 10% of every other).  The load average before and
# after says whether the machine was quiet (above 1.5: the figures were
# taken under load).  Reads top_srcdir, top_builddir, MPIEXEC,
# SK_BENCH_FLOOR_RUNS (5); writes bench-floors/ here.
set -u
: "${MPIEXEC:=mpiexec}"
runs=${SK_BENCH_FLOOR_RUNS:-5}
b=$(cd "$top_builddir" && pwd)
out=$(pwd)/bench-floors
rm -rf "$out" && mkdir "$out" || exit 1
printf '%s\n' '@LIMITS yes' '@Scale Fixed_log' '@Start_Argument 8' \
  '@End_Argument 8' '@Min_Repetition 20' '@Max_Repetition 20' \
  '@MEASUREMENTS' \
  'pp { Type = Pingpong_Send_Recv; Variation = Length; }' > "$out/f.skampi"
echo "==== (5) the floors: $runs runs of @LIMITS yes on 2 processes ===="
load0=$(cut -d' ' -f1-3 /proc/loadavg)
i=1
while [ "$i" -le "$runs" ]; do
  (cd "$out" && $MPIEXEC -n 2 "$b/src/skampi" -q -o "r$i.yaml" f.skampi) ||
    { echo "run $i failed"; exit 1; }
  "$b/tests/yamlflat" "$out/r$i.yaml" > "$out/r$i.flat" || exit 1
  i=$((i + 1))
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)
cat "$out"/r*.flat | awk -F= '
  function add(k, v) { if (!(k in n)) order[++nk] = k; n[k]++; x[k, n[k]] = v + 0 }
  $1 == "factors.limits.cache_line.best" { add("cache line best (ns)", $2 * 1e9) }
  $1 == "factors.limits.cache_line.median" { add("cache line median (ns)", $2 * 1e9) }
  match($1, /^factors\.limits\.copy\.(8|4096|1048576|4194304)\.(best|median)$/) {
    split($1, a, "."); len = a[4] + 0
    name = len >= 1048576 ? (len / 1048576) " MiB" : len >= 1024 ? (len / 1024) " KiB" : len " B"
    add("copy " name " " a[5] " (GB/s)", $2 / 1e9)
  }
  $1 == "factors.limits.cost" { add("cost (s)", $2) }
  END {
    for (o = 1; o <= nk; o++) {
      k = order[o]; lo = hi = x[k, 1]; line = ""
      for (j = 1; j <= n[k]; j++) {
        v = x[k, j]; if (v < lo) lo = v; if (v > hi) hi = v
        line = line sprintf(" %7.4g", v)
      }
      r = (lo > 0) ? hi / lo - 1 : 0
      verdict = (k == "cost (s)") ? "" : ((r <= 0.10) ? "  ok" : "  over 10%")
      printf "%-24s%s   max/min - 1 %5.1f%%%s\n", k, line, 100 * r, verdict
    }
  }'
echo "load average before $load0, after $load1"
awk -v a="${load0%% *}" -v b="${load1%% *}" 'BEGIN {
  if (a > 1.5 || b > 1.5) print "(the machine was not quiet: the figures were taken under load)" }'
