# SPDX-License-Identifier: BSD-3-Clause
# calibrate.sh -- the engine against a cost it knows: Calibrate_Busywait
# spins for a + b*m (+ c from m0 on).  Every measured mean must lie within
# 2% of that cost, and adaptive refinement must put most of its points in
# the one segment of the initial grid that holds the step.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
SKAMPI_CALIBRATE="20e-6,1e-9,40e-6,20000"
export SKAMPI_CALIBRATE
# A busy-wait that the OS preempts costs more than its nominal time, so on
# a loaded machine one run can miss by chance; the engine is wrong only if
# every one of three runs misses.
within_cost() {
  awk -F= '
    /^suites\.[0-9]+\.points\.[0-9]+\.argument=/ { m = $2 }
    /^suites\.[0-9]+\.points\.[0-9]+\.mean=/ {
      cost = 20e-6 + 1e-9 * m + (m >= 20000 ? 40e-6 : 0)
      dev = ($2 - cost) / cost
      if (dev > 0.02 || dev < -0.02) {
        printf "m = %d: mean %g, cost %g (%+.2f%%)\n", m, $2, cost, 100 * dev
        bad++
      }
      n++
    }
    END { if (n < 20 || bad) { print n " points, " bad " off"; exit 1 } }
  ' "$work/flat"
}
ok=
for attempt in 1 2 3; do
  # --fresh: without it a retry continues the complete file of the
  # attempt before, measures nothing and sees the same means again
  run_skampi 2 "$SUITES/calibrate.skampi" "$out" --quiet --fresh ||
    fail "skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$out"
  expect run.status complete
  expect suites.0.calibration.a 2.0e-05
  expect suites.0.calibration.m0 20000
  expect factors.environment.SKAMPI_CALIBRATE "20e-6,1e-9,40e-6,20000"
  sane
  # (1) means within 2% of the cost, on both suites.
  if within_cost; then ok=1; break; fi
  echo "attempt $attempt: a mean is more than 2% off its known cost"
done
[ -n "$ok" ] || fail "a mean is more than 2% off its known cost in 3 runs"

# (2) the refined points of suite 1 sit at the step.
awk -F= '
  /^suites\.1\.points\.[0-9]+\.argument=/ { m = $2 }
  /^suites\.1\.points\.[0-9]+\.refined=true/ {
    refined++
    if (m > 16384 && m < 32768) at_step++
  }
  /^suites\.1\.points\.[0-9]+\.refined=/ { args[++k] = m }
  END {
    # the step is bracketed closely: neighbours around 20000 within 10%
    for (i = 1; i < k; i++)
      if (args[i] < 20000 && args[i + 1] >= 20000)
        gap = (args[i + 1] - args[i]) / args[i]
    printf "refined %d, at the step %d, bracket %.3f\n", refined, at_step, gap
    if (refined < 3 || at_step * 3 < refined * 2 || gap > 0.1) exit 1
  }
' "$work/flat" || fail "refinement did not concentrate at the step"
exit 0
