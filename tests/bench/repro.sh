# SPDX-License-Identifier: BSD-3-Clause
# repro.sh -- make bench (3), reproducibility: pairs of campaigns of
# skampi-run --precision 0.05 of tests/bench/repro.skampi (ping-pong and
# MPI_Bcast at 8 B, 1 KiB, 64 KiB) on 2 processes, the two campaigns of a
# pair interleaved.  Prints per pair and size the ratio of the two merged
# medians and whether the two 95% intervals overlap, the runs and
# seconds each campaign took; then the share of cells whose intervals
# overlap (goal >= 95%: the stated uncertainty is honest), the share
# whose medians are within 5% (goal >= 80%) and the median campaign's
# seconds (goal < 60 s).
#
# Reads top_srcdir, top_builddir, MPIEXEC and
#   SK_BENCH_PAIRS      pairs of campaigns (default 10; 1 or 2 for a try)
#   SK_BENCH_PRECISION  EPS (default 0.05)
#   SK_BENCH_MAX_RUNS   --max-runs of each campaign (default: skampi-run's)
# and writes bench-repro/ here.
set -u
: "${MPIEXEC:=mpiexec}"
. "$top_srcdir/tests/bench/pin.sh"
pairs=${SK_BENCH_PAIRS:-10}
eps=${SK_BENCH_PRECISION:-0.05}
caps=''
[ -n "${SK_BENCH_MAX_RUNS:-}" ] && caps="--max-runs $SK_BENCH_MAX_RUNS"
b=$(cd "$top_builddir" && pwd)
SKAMPI_MERGE=$b/campaign/skampi-merge
SKAMPI_REPORT=$b/report/skampi-report
export SKAMPI_MERGE SKAMPI_REPORT
skampi=$b/src/skampi
out=$(pwd)/bench-repro
src=$(cd "$top_srcdir" && pwd)
rm -rf "$out" && mkdir "$out" || exit 1

echo "==== (3) reproducibility: $pairs pairs of campaigns of skampi-run --precision $eps $caps ===="
# The two campaigns of a pair go at once and their mpiruns take turns
# (turn.sh), so that they meet the same spells of the machine: like with
# like.  Nothing else of the bench runs beside an mpirun: a campaign keeps
# the token from its run until its next one, and hands it on when it
# ends, however it ends (campaign() below); the first token goes out when
# both campaigns wait for their first run (or have ended).
handover() {  # DIR C: the token campaign C holds, to the other one
  if [ -e "$1/holds-$2" ]; then
    rm -f "$1/holds-$2"
    (echo go > "$1/turn-$((3 - $2))") < /dev/null > /dev/null 2>&1 &
  fi
}
campaign() {  # DIR C SEED
  # shellcheck disable=SC2086 # $caps is empty or two words
  SKAMPI=$skampi "$b/campaign/skampi-run" --precision "$eps" $caps \
    --seed "$3" \
    --launcher "sh $src/tests/bench/turn.sh $1 $2 $((3 - $2)) $MPIEXEC -n 2" \
    --no-report "$top_srcdir/tests/bench/repro.skampi" -o "$1/c$2" \
    2> "$1/c$2.log"
  rc=$?
  : > "$1/ended-$2"
  : > "$1/ready-$2"
  handover "$1" "$2"
  return $rc
}
pair() {  # P: campaigns 1 and 2 of pair P into $out/pP
  d=$out/p$1
  mkdir "$d" && mkfifo "$d/turn-1" "$d/turn-2" || return 1
  for c in 1 2; do
    campaign "$d" $c $(($1 * 100000 + c * 1000)) &
    eval "pid$c=\$!"
  done
  trap 'kill $pid1 $pid2 2> /dev/null; for c in 1 2; do timeout 1 cat "$d/turn-$c" > /dev/null 2>&1; done; exit 1' INT TERM
  waited=0
  until [ -e "$d/ready-1" ] && [ -e "$d/ready-2" ] || [ $waited -ge 6000 ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  first=1
  [ -e "$d/ended-1" ] && first=2
  (echo go > "$d/turn-$first") < /dev/null > /dev/null 2>&1 &
  fail=0
  for c in 1 2; do
    eval "wait \$pid$c" || { cat "$d/c$c.log"; fail=1; }
  done
  trap - INT TERM
  # The last hand-over waits for a reader that will not come: be it.
  for c in 1 2; do timeout 1 cat "$d/turn-$c" > /dev/null 2>&1; done
  return $fail
}

# One line per campaign into $out/campaigns.txt: pair, campaign, runs,
# seconds (the sum of its mpiruns, from turn.sh), how it stopped.
campaign_row() {  # P C
  d=$out/p$1
  runs=$(sed -n 's/^merged\.runs=//p' "$d/c$2.flat")
  secs=$(awk '{ s += $2 - $1 } END { printf "%.1f", s }' "$d/times-$2")
  if grep -q '^skampi-run: precision .* reached' "$d/c$2.log"; then
    how=precision
  else
    how=$(sed -n 's/^skampi-run: stopped at \(--max-[a-z]*\).*/\1/p' "$d/c$2.log")
  fi
  echo "$1 $2 $runs $secs ${how:-?}" >> "$out/campaigns.txt"
  printf '  campaign %s: %s runs, %s s, stopped by %s\n' "$2" "$runs" "$secs" \
    "${how:-?}"
}

# Per suite and size of pair P: the ratio of the medians and whether the
# intervals overlap, printed and appended to $out/cells.txt.  Suites are
# matched by name and points by argument (--shuffle orders them).
cells() {  # P
  d=$out/p$1
  awk -F= -v pair="$1" -v cells="$out/cells.txt" '
    FNR == 1 { c++ }
    { split($1, k, ".") }
    k[1] == "suites" && k[3] == "name" { name[c, k[2]] = $2; ns[c] = k[2] + 1 }
    k[1] == "suites" && k[3] == "points" {
      if (k[5] == "argument") { arg[c, k[2], k[4]] = $2; np[c, k[2]] = k[4] + 1 }
      if (k[5] == "median") med[c, k[2], k[4]] = $2
      if (k[5] == "ci" && k[6] == "low") lo[c, k[2], k[4]] = $2
      if (k[5] == "ci" && k[6] == "high") hi[c, k[2], k[4]] = $2
    }
    END {
      printf "  %-9s %8s %12s %12s %8s %s\n", "suite", "bytes", "median c1",
             "median c2", "c2/c1", "CIs overlap"
      for (s = 0; s < ns[1]; s++) {
        for (t = 0; t < ns[2] && name[2, t] != name[1, s]; t++) ;
        if (t == ns[2]) { printf "%s: not in campaign 2\n", name[1, s]; bad++; continue }
        for (p = 0; p < np[1, s]; p++) {
          for (q = 0; q < np[2, t] && arg[2, t, q] != arg[1, s, p]; q++) ;
          if (q == np[2, t]) { bad++; continue }
          r = med[2, t, q] / med[1, s, p]
          d = r > 1 ? r - 1 : 1 - r
          ov = lo[1, s, p] <= hi[2, t, q] && lo[2, t, q] <= hi[1, s, p]
          near = d <= 0.05
          printf "  %-9s %8d %9.3f us %9.3f us %8.4f %s\n", name[1, s],
                 arg[1, s, p], med[1, s, p] * 1e6, med[2, t, q] * 1e6, r,
                 ov ? "yes" : "NO"
          printf("%s %s %d %.6f %d %d\n", pair, name[1, s], arg[1, s, p], r,
                 ov, near) >> cells
        }
      }
      exit (bad > 0)
    }' "$d/c1.flat" "$d/c2.flat"
}

# The figures over the pairs so far, against the goals.
summary() {  # LABEL
  echo "$1 ($(( $(date +%s) - start )) s):"
  awk '
    { n++; ov += $5; near += $6 }
    END {
      printf "  CIs overlap in %d of %d cells (%.1f%%; goal >= 95%%)\n", ov, n,
             n ? 100 * ov / n : 0
      printf "  medians within 5%% in %d of %d cells (%.1f%%; goal >= 80%%)\n",
             near, n, n ? 100 * near / n : 0
    }' "$out/cells.txt"
  sort -k4,4g "$out/campaigns.txt" | awk '
    { s[++n] = $4; r[n] = $3; if ($5 != "precision") capped++ }
    END {
      m = n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
      printf "  median campaign: %.1f s (goal < 60 s); %d of %d campaigns stopped by a cap before the precision\n",
             m, capped, n
    }'
  sort -k3,3n "$out/campaigns.txt" | awk '
    { r[++n] = $3 }
    END { printf "  runs per campaign: median %s, min %s, max %s\n",
          n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2, r[1], r[n] }'
}

: > "$out/campaigns.txt"
: > "$out/cells.txt"
start=$(date +%s)
p=1
while [ "$p" -le "$pairs" ]; do
  pair "$p" || exit 1
  echo "pair $p (in $(( $(date +%s) - start )) s so far):"
  for c in 1 2; do
    "$b/tests/yamlflat" "$out/p$p/c$c/merged.yaml" > "$out/p$p/c$c.flat" ||
      exit 1
    campaign_row "$p" "$c"
  done
  cells "$p" || exit 1
  [ "$p" -lt "$pairs" ] && summary "after $p of $pairs pairs"
  p=$((p + 1))
done
summary "summary of $pairs pairs"
