# bench.sh -- make bench: (1) the engine's ping-pong against a hand-written
# loop, (2) the wall time of the default suite and how many of its points
# met their target standard error.  Prints figures; judges nothing but
# the 3% goal of (1).  Reads top_srcdir, top_builddir, MPIEXEC.
set -u
: "${MPIEXEC:=mpiexec}"
out=bench-default.yaml

echo "==== (1) accuracy: engine vs reference ping-pong ===="
$MPIEXEC -n 2 "$top_builddir/tests/bench/accuracy" || exit 1

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
