# bench.sh -- make bench: (1) the engine's ping-pong against a hand-written
# loop, (2) the wall time of the default suite and how many of its points
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
echo "==== (2) time to result: suites/default.skampi on 2 processes ===="
start=$(date +%s.%N)
$MPIEXEC -n 2 "$top_builddir/src/skampi" --quiet --fresh -o "$out" \
  "$top_srcdir/suites/default.skampi"
rc=$?
end=$(date +%s.%N)
# 3: some suite failed -- still a result worth counting; anything else is not.
[ $rc -eq 0 ] || [ $rc -eq 3 ] || { echo "bench: skampi exited with $rc"; exit 1; }
"$top_builddir/tests/yamlflat" "$out" > "$out.flat" || exit 1
awk -F= -v start="$start" -v end="$end" -v rc="$rc" '
  /^suites\.[0-9]+\.name=/ { suites++ }
  /^suites\.[0-9]+\.status=complete$/ { complete++ }
  /^suites\.[0-9]+\.points\.[0-9]+\.eps_met=/ { points++; if ($2 == "true") met++ }
  /^run\.wall_time=/ { inner = $2 }
  END {
    printf "wall time (mpiexec to exit): %.1f s, skampi exit status %d\n",
           end - start, rc
    printf "run.wall_time in the result: %.1f s\n", inner
    printf "suites: %d, complete: %d\n", suites, complete
    printf "points: %d, met eps: %d (%.1f%%)\n", points, met,
           points ? 100 * met / points : 0
  }' "$out.flat"
rm -f "$out.flat" "$out.bak" "$out.journal.bak"
