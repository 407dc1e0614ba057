# SPDX-License-Identifier: BSD-3-Clause
# bench.sh -- make bench: (1) the engine's ping-pong against a hand-written
# loop, (2) the wall time of the default suite (quiet, and beside two busy
# loops: its @Time_Run, its verdicts) and how many of its points
# met their target standard error.  Prints figures; judges nothing but
# the 3% goal of (1).  Reads top_srcdir, top_builddir, MPIEXEC and
# SK_BENCH_JOBS (the number of accuracy jobs, default 5).
set -u
: "${MPIEXEC:=mpiexec}"
: "${SK_BENCH_JOBS:=5}"
. "$top_srcdir/tests/bench/pin.sh"
out=bench-default.yaml

# One mpirun can land in a slow or a fast mode of the machine for its whole
# life (seen here: 8-byte round trips of 0.35 us in one job, 1.3 us in the
# next), so the accuracy figure is the median over several jobs of each
# job's median ratio.
echo "==== (1) accuracy: engine vs reference ping-pong, $SK_BENCH_JOBS jobs ===="
rows=accuracy-rows.txt
: > "$rows"
j=1
while [ "$j" -le "$SK_BENCH_JOBS" ]; do
  echo "-- job $j"
  $MPIEXEC -n 2 "$top_builddir/tests/bench/accuracy" > accuracy-job.txt ||
    { cat accuracy-job.txt; exit 1; }
  grep -v '^accuracy-row ' accuracy-job.txt
  grep '^accuracy-row ' accuracy-job.txt >> "$rows"
  j=$((j + 1))
done
sort -k2,2n -k3,3g "$rows" | awk '
  function flush() {
    if (n == 0) return
    m = n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2
    printf "%10d %8.4f %10.4f\n", size, m, cm[size] / n
    if (m < 0.97 || m > 1.03) off++
  }
  BEGIN { printf "\nmedian over jobs (ratio: plain means; cut ratio: mean "
          printf "after the default cut, averaged)\n%10s %8s %10s\n",
                 "bytes", "ratio", "cut ratio" }
  $2 != size { flush(); size = $2; n = 0 }
  { r[++n] = $3; cm[size] += $4 }
  END { flush(); print "accuracy over jobs: " (off ? off " size(s) off by more than 3%" : "every size within 3%") }
'
rm -f "$rows" accuracy-job.txt
echo
echo "==== (2) time to result: suites/default.skampi on 2 processes, quiet and busy ===="
# The default suite twice, side by side: as the machine is, and with two
# busy loops beside its ranks (each rank pinned to a CPU, a loop pinned to
# each of the two).  Its @Time_Run bounds the busy run; the goal is that
# it stops within that budget and at most 3 times the quiet run's time,
# naming every point it did not measure.  The load average of each run's
# start and end is printed beside it: on a shared machine "quiet" is only
# what the machine was.
budget=$("$top_builddir/src/skampi" --check "$top_srcdir/suites/default.skampi" |
  sed -n 's/^  TIME_RUN: //p')
# default LABEL OUT [busy]: one run; its figures in OUT.fig
default_run() {
  label=$1 res=$2 loops=''
  if [ "${3:-}" = busy ]; then
    for c in 0 1; do
      taskset -c $c sh -c 'while :; do :; done' &
      loops="$loops $!"
    done
  fi
  load0=$(cut -d' ' -f1 /proc/loadavg)
  start=$(date +%s.%N)
  $MPIEXEC -n 2 taskset -c 0,1 sh -c \
    'exec taskset -c $(( ${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}} % 2 )) "$@"' sh \
    "$top_builddir/src/skampi" --fresh -o "$res" \
    "$top_srcdir/suites/default.skampi" 2> "$res.err"
  rc=$?
  end=$(date +%s.%N)
  load1=$(cut -d' ' -f1 /proc/loadavg)
  # shellcheck disable=SC2086
  [ -z "$loops" ] || { kill $loops; wait $loops 2> /dev/null; }
  # 3: some suite failed -- still a result worth counting
  [ $rc -eq 0 ] || [ $rc -eq 3 ] ||
    { cat "$res.err"; echo "bench: skampi exited with $rc"; exit 1; }
  "$top_builddir/tests/yamlflat" "$res" > "$res.flat" || exit 1
  # the suites their first share cut, held for the budget's second pass
  held=$(grep -c ': continued in the second pass' "$res.err")
  awk -F= -v label="$label" -v start="$start" -v end="$end" -v rc="$rc" \
      -v l0="$load0" -v l1="$load1" -v held="$held" '
    /^suites\.[0-9]+\.name=/ { suites++ }
    /^suites\.[0-9]+\.status=complete$/ { complete++ }
    /^suites\.[0-9]+\.status=incomplete$/ { split($1, k, "."); cut[k[2]] = 1; ncut++ }
    /^suites\.[0-9]+\.unmeasured\.[0-9]+=/ { split($1, k, "."); named[k[2]] = 1; unmeasured++ }
    # a suite cut short in its refinement names that (its initial grid done)
    /^suites\.[0-9]+\.unmeasured_refinement=true$/ { split($1, k, "."); named[k[2]] = 1 }
    /^suites\.[0-9]+\.points\.[0-9]+\.eps_met=/ { points++; if ($2 == "true") met++ }
    /^run\.status=/ { status = $2 }
    /^noise\.verdict=/ { verdict = $2 }
    /^run\.wall_time=/ { inner = $2 }
    END {
      for (s in cut) if (!(s in named)) unnamed++
      printf "%s %.1f %s %d %d %d %d %d %d %s %s %d %d %.1f %d\n", label,
             end - start, status, suites, complete, ncut, unmeasured,
             points, met, l0, l1, unnamed + 0, rc, inner, held
      printf "%s %s\n", label, verdict > "/dev/stderr"
    }' "$res.flat" > "$res.fig" 2> "$res.verdict"
}
default_run quiet "$out"
default_run busy "busy-$out" busy
echo "@Time_Run of the default suite: ${budget:-none} s"
printf '%-6s %8s %7s %-10s %6s %8s %8s %10s %10s %7s %9s %s\n' run "wall s" \
  "run s" status suites complete "2nd pass" incomplete unmeasured points \
  "met eps" "load start/end"
for f in "$out.fig" "busy-$out.fig"; do
  awk '{ printf "%-6s %8.1f %7.1f %-10s %6d %8d %8d %10d %10d %7d %9d %s / %s\n",
           $1, $2, $14, $3, $4, $5, $15, $6, $7, $8, $9, $10, $11 }' "$f"
done
echo "(wall s: mpiexec to exit; run s: run.wall_time, the run itself;"
echo " 2nd pass: suites their first share of @Time_Run cut, continued in"
echo " the budget's second pass; incomplete: cut at the end)"
for f in "$out" "busy-$out"; do
  sed -n 's/^\([a-z]*\) \(.*\)$/verdict of the \1 run: \2/p' "$f.verdict"
  tail -n 1 "$f.err"
done
awk -v b="${budget:-0}" 'FNR == 1 && NR == 1 { q = $2; next }
  { w = $2; r = $14
    printf "busy/quiet: %.2f (goal <= 3); busy run within its budget of %s s: %s; ",
           (q > 0 ? w / q : 0), b, (b > 0 && r <= b ? "yes" : "no (" r - b " s over)")
    printf "incomplete suites that do not name their unmeasured points: %d\n", $12 }' \
  "$out.fig" "busy-$out.fig"
rm -f "$out.flat" "busy-$out.flat" "$out.fig" "busy-$out.fig" \
  "$out.verdict" "busy-$out.verdict" "$out.bak" "$out.journal.bak" \
  "busy-$out.bak" "busy-$out.journal.bak"
