# repro.sh -- make bench, reproducibility: two campaigns of
# skampi-run -n 10 of tests/bench/repro.skampi (ping-pong and MPI_Bcast
# at 8 B, 1 KiB, 64 KiB) on 2 processes; prints per suite and size each
# campaign's merged median (the median of its 10 per-run medians), their
# ratio and each campaign's normalized spread.  Goal: ratio within 5%.
# Reads top_srcdir, top_builddir, MPIEXEC; writes bench-repro/ here.
set -u
: "${MPIEXEC:=mpiexec}"
. "$top_srcdir/tests/bench/pin.sh"
runs=${SKAMPI_BENCH_RUNS:-10}
b=$(cd "$top_builddir" && pwd)
SKAMPI_MERGE=$b/src/campaign/skampi-merge
SKAMPI_REPORT=$b/report/skampi-report
export SKAMPI_MERGE SKAMPI_REPORT
skampi=$b/src/skampi
out=$(pwd)/bench-repro
src=$(cd "$top_srcdir" && pwd)
rm -rf "$out" && mkdir "$out" || exit 1

echo "==== (3) reproducibility: 2 campaigns of skampi-run -n $runs ===="
# The two campaigns go at once and their mpiruns take turns (turn.sh), so
# that they meet the same spells of the machine: like with like.  Nothing
# else of the bench runs beside an mpirun: a campaign keeps the token from
# its run until its next one, and hands it on when it ends, however it
# ends (campaign() below); the first token goes out when both campaigns
# wait for their first run (or have ended).
start=$(date +%s)
mkfifo "$out/turn-1" "$out/turn-2" || exit 1
handover() {  # the token campaign $1 holds, to the other one
  if [ -e "$out/holds-$1" ]; then
    rm -f "$out/holds-$1"
    (echo go > "$out/turn-$((3 - $1))") < /dev/null > /dev/null 2>&1 &
  fi
}
campaign() {
  SKAMPI=$skampi "$b/src/campaign/skampi-run" -n "$runs" --seed $(($1 * 1000)) \
    --launcher "sh $src/tests/bench/turn.sh $out $1 $((3 - $1)) $MPIEXEC -n 2" \
    --no-report "$top_srcdir/tests/bench/repro.skampi" -o "$out/c$1" \
    2> "$out/c$1.log"
  rc=$?
  : > "$out/ended-$1"
  : > "$out/ready-$1"
  handover "$1"
  return $rc
}
for c in 1 2; do
  campaign $c &
  eval "pid$c=\$!"
done
trap 'kill $pid1 $pid2 2> /dev/null; for c in 1 2; do timeout 1 cat "$out/turn-$c" > /dev/null 2>&1; done; exit 1' INT TERM
waited=0
until [ -e "$out/ready-1" ] && [ -e "$out/ready-2" ] || [ $waited -ge 600 ]; do
  sleep 0.1
  waited=$((waited + 1))
done
first=1
[ -e "$out/ended-1" ] && first=2
(echo go > "$out/turn-$first") < /dev/null > /dev/null 2>&1 &
fail=0
for c in 1 2; do
  eval "wait \$pid$c" || { cat "$out/c$c.log"; fail=1; }
done
trap - INT TERM
# The last hand-over waits for a reader that will not come: be it.
for c in 1 2; do timeout 1 cat "$out/turn-$c" > /dev/null 2>&1; done
[ $fail -eq 0 ] || exit 1
echo "campaigns 1 and 2: $runs runs each, taking turns, in $(( $(date +%s) - start )) s"
for c in 1 2; do
  "$b/tests/yamlflat" "$out/c$c/merged.yaml" > "$out/c$c.flat" || exit 1
done
# Suites are matched by name and points by argument: a merged file lists
# its suites in the order its first run measured them, which --shuffle
# makes random, so the two campaigns' files may list them differently.
awk -F= '
  FNR == 1 { c++ }
  { split($1, k, ".") }
  k[1] == "suites" && k[3] == "name" { name[c, k[2]] = $2; ns[c] = k[2] + 1 }
  k[1] == "suites" && k[3] == "points" && k[5] == "argument" {
    arg[c, k[2], k[4]] = $2; np[c, k[2]] = k[4] + 1 }
  k[1] == "suites" && k[3] == "points" && k[5] == "median" { med[c, k[2], k[4]] = $2 }
  k[1] == "suites" && k[3] == "points" && k[5] == "across_runs" && k[6] == "spread" { spr[c, k[2], k[4]] = $2 }
  END {
    printf "%-9s %8s %12s %12s %8s %9s %9s\n", "suite", "bytes",
           "median c1", "median c2", "c2/c1", "spread c1", "spread c2"
    for (s = 0; s < ns[1]; s++) {
      for (t = 0; t < ns[2] && name[2, t] != name[1, s]; t++) ;
      if (t == ns[2]) { printf "%s: not in campaign 2\n", name[1, s]; bad++; continue }
      for (p = 0; p < np[1, s]; p++) {
        for (q = 0; q < np[2, t] && arg[2, t, q] != arg[1, s, p]; q++) ;
        if (q == np[2, t]) { printf "%s %s: not in campaign 2\n", name[1, s], arg[1, s, p]; bad++; continue }
        r = med[2, t, q] / med[1, s, p]
        d = r > 1 ? r - 1 : 1 - r
        printf "%-9s %8d %10.3f us %10.3f us %8.4f %8.1f%% %8.1f%% %s\n",
               name[1, s], arg[1, s, p], med[1, s, p] * 1e6, med[2, t, q] * 1e6, r,
               spr[1, s, p] * 100, spr[2, t, q] * 100,
               d <= 0.05 ? "within 5%" : "OUTSIDE 5%"
        n++; ok += d <= 0.05
      }
    }
    printf "%d of %d ratios within 5%%\n", ok, n
    exit (bad > 0)
  }' "$out/c1.flat" "$out/c2.flat"
