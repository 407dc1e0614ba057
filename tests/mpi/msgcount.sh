# SPDX-License-Identifier: BSD-3-Clause
# msgcount.sh -- NEEDS 4 AND 8 PROCESSES: the messages of a suite's setup
# grow with P as doc/engine.md ("The cost of setup and output") states.
# A library preloaded into the ranks (tests/mpi/msgcount.so, test only)
# counts through the MPI profiling interface each rank's messages per tag
# and its MPI_Comm_split calls.  At P = 4 and 8, every rank r sends
#   - choosing the ping-pong pair (tag 2): 35 (P - 1), 10 warm-up and 25
#     timed round trips with every other process;
#   - in the HCA clock sync (tag 4711): 128 pings to its parent in the
#     binomial tree (r > 0; 16 offsets of 8 exchanges) and, to each of its
#     children, 128 answers and its model: 129 per child; rank 0 has
#     ceil(log2 P) children, so the busiest rank grows as log2 P and all
#     of them together send 257 (P - 1);
#   - in the Linear clock sync (star): rank 0 128 (P - 1), the others 128;
# and a Nodes suite makes one communicator per process count of its grid
# (2, 4, ..., P: log2 P of them; a linear grid of step 1, P - 1), besides
# the ping-pong pair's one.
# With fewer than 8 cores it needs Open MPI, run oversubscribed as
# .ci/openmpi runs make check: MPICH busy-polls, and 8 of its processes
# on 2 cores took a minute of the test suite for a test of counts.
. "$top_srcdir/tests/mpi/lib.sh"
case $("$SKAMPI" --list | sed -n '1s/^MPI library: //p') in
  "Open MPI"*) ;;
  *) if [ "$(nproc 2> /dev/null || echo 1)" -lt 8 ]; then
       echo "SKIP: 8 processes of a busy-polling MPI on $(nproc) cores: this test runs with Open MPI (.ci/openmpi), or on 8 cores"
       exit 77
     fi ;;
esac
lib=$(abs "$top_builddir/tests/mpi/msgcount.so")
[ -f "$lib" ] || fatal "no $lib"
mkdir "$work/n" || exit 99
# count NP FILE: runs FILE on NP processes with the counter preloaded.
count() {
  rm -f "$work/n"/rank-* "$work/out.yaml" "$work/out.yaml.journal"
  # a sanitizer build's runtime would want to come first: it is told
  # not to mind (the counter allocates nothing it checks)
  SKAMPI_TEST_COUNT_DIR=$(abs "$work/n") LD_PRELOAD=$lib \
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
    run_skampi "$1" "$2" "$work/out.yaml" --quiet ||
    fatal "$2 on $1: skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/out.yaml"
  expect run.status complete
  for r in $(seq 0 $(($1 - 1))); do
    [ -f "$work/n/rank-$r" ] || fail "$2 on $1: rank $r wrote no counts"
  done
}
# sends R TAG: what rank R sent with TAG.
sends() {
  awk -v t="$2" '$1 == "send" && $2 == t { n = $3 } END { print n + 0 }' \
    "$work/n/rank-$1"
}
splits() {
  awk '$1 == "split" { print $2 }' "$work/n/rank-$1"
}
# hca_sends P R: rank R's messages in the HCA tree (clocksync.c): 128 to
# its parent, 129 to each child s (R divisible by 2s, R + s < P).
hca_sends() {
  awk -v p="$1" -v r="$2" 'BEGIN {
    n = r > 0 ? 128 : 0
    for (s = 1; s < p; s *= 2) if (r % (2 * s) == 0 && r + s < p) n += 129
    print n }'
}
for p in 4 8; do
  count $p "$SUITES/msgcount.skampi"
  expect suites.1.synchronization.clock_sync.algorithm HCA
  lg=$(awk -v p=$p 'BEGIN { for (k = 0; 2 ^ k < p; k++); print k }')
  expect suites.1.synchronization.clock_sync.rounds $lg
  expect suites.2.parameters.Scale Fixed_log
  total=0 max=0
  for r in $(seq 0 $((p - 1))); do
    [ "$(sends $r 2)" = $((35 * (p - 1))) ] ||
      fail "P=$p rank $r: $(sends $r 2) messages choosing the pair, want $((35 * (p - 1)))"
    h=$(sends $r 4711)
    [ "$h" = "$(hca_sends $p $r)" ] ||
      fail "P=$p rank $r: $h messages in the HCA sync, want $(hca_sends $p $r)"
    total=$((total + h))
    [ "$h" -gt "$max" ] && max=$h
    # the pair's communicator, and one per count of the grid 2, 4, .., P
    [ "$(splits $r)" = $((1 + lg)) ] ||
      fail "P=$p rank $r: $(splits $r) MPI_Comm_split, want $((1 + lg))"
  done
  [ "$total" = $((257 * (p - 1))) ] || fail "P=$p: $total HCA messages in all"
  [ "$max" = $((129 * lg)) ] || fail "P=$p: the busiest rank sent $max, want $((129 * lg))"
  echo "P=$p: pair choice $((35 * (p - 1))) per rank; HCA $total in all, at most $max per rank"

  count $p "$SUITES/msgcount-linear.skampi"
  expect suites.0.synchronization.clock_sync.rounds $((p - 1))
  [ "$(sends 0 4711)" = $((128 * (p - 1))) ] ||
    fail "P=$p: rank 0 sent $(sends 0 4711) in the Linear sync, want $((128 * (p - 1)))"
  for r in $(seq 1 $((p - 1))); do
    [ "$(sends $r 4711)" = 128 ] || fail "P=$p rank $r: Linear sync $(sends $r 4711)"
    [ "$(splits $r)" = $((p - 1)) ] ||
      fail "P=$p rank $r: $(splits $r) MPI_Comm_split on a linear grid, want $((p - 1))"
  done
  echo "P=$p: Linear sync $((128 * (p - 1))) from rank 0"
done
exit 0
