#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# nbc.sh -- the nonblocking collectives on 2 processes: every instance,
# post + wait and overlap, runs complete (each point passed its untimed
# integrity check, or the suite would have failed); every overlap point
# records t_pure, t_cpu, t_ovrl (its mean), the MPI_Test calls and the
# overlap percentage, which lies in [0, 100] and is the formula of
# doc/engine.md applied to the three times; MPI_Init's time is a factor.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$top_srcdir/tests/mpi/nbc.skampi" "$out" --quiet
rc=$?
# the refused suite makes the exit status 3 (doc/engine.md, "Exit status")
[ "$rc" -eq 3 ] || fail "skampi exited with $rc ($(cat "$work/stderr"))"
flatten "$out"
expect run.status partial
flatten "$out"
nsuites=$(grep -c '{ Type' "$top_srcdir/tests/mpi/nbc.skampi")
[ "$(grep -c '^suites\.[0-9]*\.name=' "$work/flat")" -eq "$nsuites" ] ||
  fail "want $nsuites suites"
# all but the last, which Synchronization = Window makes fail
i=0
while [ "$i" -lt $((nsuites - 1)) ]; do
  expect suites.$i.status complete
  i=$((i + 1))
done
expect suites.$i.name win
expect suites.$i.status failed
expect suites.$i.message "an overlap instance is timed after a barrier, as its calibration is: it needs Synchronization = Barrier"
expect suites.1.instance MPI_Ibcast
expect suites.1.timing max_local
expect suites.18.instance MPI_Ibcast_Overlap
expect suites.18.timing max_local
expect suites.34.parameters.Overlap_Test_Calls 8
expect suites.34.points.0.overlap.test_calls 8
expect suites.18.points.0.overlap.test_calls 0
# the latency instances record no overlap
[ -z "$(get suites.1.points.0.overlap.percent)" ] ||
  fail "a post + wait point records an overlap"
# every overlap point: the fields, the range, the formula
awk -F= '
  /^suites\.[0-9]+\.points\.[0-9]+\.mean=/ {
    split($1, k, "."); mean[k[2] "." k[4]] = $2 }
  /\.overlap\./ {
    split($1, k, "."); p = k[2] "." k[4]; v[p, k[6]] = $2; pts[p] = 1 }
  END {
    bad = 0; n = 0
    for (p in pts) {
      n++
      tp = v[p, "pure"]; tc = v[p, "computation"]; to = v[p, "with_computation"]
      pc = v[p, "percent"]
      if (tp == "" || tc == "" || to == "" || pc == "" || v[p, "test_calls"] == "") {
        print "point " p ": an overlap field is missing"; bad = 1; continue }
      if (to + 0 != mean[p] + 0) { print "point " p ": t_ovrl is not the mean"; bad = 1 }
      if (pc < 0 || pc > 100) { print "point " p ": percent " pc; bad = 1 }
      m = tp < tc ? tp : tc
      f = (tp + tc - to) / m; if (f < 0) f = 0; if (f > 1) f = 1
      if ((100 * f - pc) > 1e-6 || (pc - 100 * f) > 1e-6) {
        print "point " p ": percent " pc ", the formula gives " 100 * f; bad = 1 }
    }
    if (n != 17 * 3 - 2 + 3) { print n " overlap points, want 52"; bad = 1 }
    exit bad
  }' "$work/flat" || fail "overlap fields (above)"
init=$(get factors.mpi_init_time)
awk -v t="$init" 'BEGIN { exit !(t > 0 && t < 3600) }' ||
  fail "factors.mpi_init_time is '$init'"
sane
exit 0
