# SPDX-License-Identifier: BSD-3-Clause
# suites-np.sh -- every shipped suite file (suites/*.skampi), unedited,
# runs to its end on 3, 4, 7, 8 and 16 processes, and default,
# collectives and bcast-methods on 32 (where the data checks, the
# clipping and the reports first met trouble), with sane values: the
# run's status complete, every suite complete (or timed_out: its
# Time_Suite reached), every point finite and positive where a time must
# be (tests/mpi/sane.awk).  The suites are cut short by the test-only
# SKAMPI_TEST_QUICK=2 (2 repetitions a point, the initial grid of about 6
# points; doc/robustness.md), never by editing them.
#
# Needs Open MPI: it runs oversubscribed (--oversubscribe --mca
# mpi_yield_when_idle 1), as .ci/openmpi's make check does.  Under MPICH
# it skips: MPICH busy-polls, and 8 processes on 2 cores run about a
# thousand times slower (doc/install.md, "More processes than cores").
# A suite file whose instances the library lacks (the persistent
# collectives under Open MPI 4.1) is refused for exactly that (every
# error names an instance --list marks unavailable) and is not run.
# A suite left out for a known fault of the library (status
# library_fault, "left out on N processes: ...", exit status 5: Open MPI
# 4.1's MPI_Alltoall with derived datatypes from 16 processes on,
# lib/libfault.c) is noted; a library fault found by a check fails.
# On this one host the default suite's Pingpong_Inter_Node is left out
# (status left_out, a note at its Pair): the only suite that may be.
# SKAMPI_SUITES_NP="3 8" picks other process counts (for every file),
# SKAMPI_SUITES_NP_BIG="32" those of the subset (SKAMPI_SUITES_BIG, names
# of shipped files); "" skips either.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
case $lib in
  "Open MPI"*) ;;
  *) echo "SKIP: $lib busy-polls with more processes than cores (8 on this machine's would take hours): this test runs with Open MPI (.ci/openmpi)"
     exit 77 ;;
esac
case $MPIEXEC in
  *--oversubscribe*) launch="$MPIEXEC --mca mpi_yield_when_idle 1" ;;
  *) launch="$MPIEXEC --oversubscribe --mca mpi_yield_when_idle 1" ;;
esac
skampi=$(abs "$SKAMPI")
src=$(cd "$top_srcdir/suites" && pwd) || fatal "no suites/"
start=$(date +%s)
runs=0
big=${SKAMPI_SUITES_BIG-default collectives bcast-methods}
# np FILE... lines: every file on the counts for all, the subset on the
# big ones
{
  for np in ${SKAMPI_SUITES_NP-3 4 7 8 16}; do
    for f in "$src"/*.skampi; do echo "$np $f"; done
  done
  for np in ${SKAMPI_SUITES_NP_BIG-32}; do
    for b in $big; do echo "$np $src/$b.skampi"; done
  done
} > "$work/runs"
while read -r np f; do
  [ -f "$f" ] || { fail "no shipped file $f"; continue; }
  {
    name=$(basename "$f" .skampi)
    t0=$(date +%s)
    dir=$work/$name.$np
    mkdir -p "$dir" || fatal "mkdir $dir"
    # in a directory of its own: io.skampi makes its files in `.`
    (cd "$dir" && SKAMPI_TEST_QUICK=2 $launch -n "$np" "$skampi" --quiet \
       --no-postproc --timeout 300 -o out.yaml "$f" < /dev/null > stdout 2> stderr)
    rc=$?
    # A suite the watchdog ended (Open MPI 4.1 oversubscribed on 16
    # processes once stopped in MW_Bsend at 1 MiB, 0% CPU, and passed on
    # every rerun): said, and the file run once more in a fresh
    # directory; a second hang fails below like any other exit status.
    if grep -q 'the watchdog ended suite' "$dir/stderr"; then
      echo "note: $name on $np: HUNG once: $(grep 'the watchdog ended suite' "$dir/stderr" | head -n 1)"
      rm -rf "$dir" && mkdir -p "$dir" || fatal "mkdir $dir"
      (cd "$dir" && SKAMPI_TEST_QUICK=2 $launch -n "$np" "$skampi" --quiet \
         --no-postproc --timeout 300 -o out.yaml "$f" < /dev/null > stdout 2> stderr)
      rc=$?
    fi
    if [ $rc -eq 1 ] && grep -q ": error: Type '[A-Za-z_0-9]*' is unavailable: " "$dir/stderr" &&
       ! grep ': error: ' "$dir/stderr" | grep -vq ": error: Type '[A-Za-z_0-9]*' is unavailable: "; then
      echo "note: $name on $np: $lib lacks its instances; not run"
      continue
    fi
    # exit status 5: a library fault; fine only when every one is a
    # known fault the table left out (checked below)
    if [ $rc -ne 0 ] && [ $rc -ne 5 ]; then
      fail "$name on $np processes exited with $rc: $(grep '^skampi' "$dir/stderr" | head -n 5)"
      continue
    fi
    runs=$((runs + 1))
    flatten "$dir/out.yaml"
    # a file with @Time_Run (the default suite: 60 s) may end by its
    # budget on a machine this busy: then it says so, and every suite cut
    # short names what it left (budget.sh checks that rule in detail)
    case $(get run.status):$(get run.stop) in
      complete:*) ;;
      partial:*) [ $rc -eq 5 ] ||
          fail "$name on $np: run.status partial with exit status $rc" ;;
      "incomplete:Time_Run ("*)
        echo "note: $name on $np: ended by its budget: $(get run.stop | cut -c1-80)"
        for i in $(sed -n 's/^suites\.\([0-9]*\)\.status=incomplete$/\1/p' "$work/flat"); do
          [ -n "$(get suites.$i.message)" ] ||
            fail "$name on $np: suite $i incomplete without a word"
        done ;;
      # a suite's own Time_Suite reached (the default's nonblocking
      # overlap suites, 3 s each, on 16 processes of a busy machine):
      # each such suite says so
      incomplete:)
        for i in $(sed -n 's/^suites\.\([0-9]*\)\.status=incomplete$/\1/p' "$work/flat"); do
          case $(get suites.$i.message) in
            "Time_Suite ("*) echo "note: $name on $np: $(get suites.$i.name): $(get suites.$i.message)" ;;
            *) fail "$name on $np: suite $(get suites.$i.name) incomplete: $(get suites.$i.message)" ;;
          esac
        done ;;
      *) fail "$name on $np: run.status is '$(get run.status)' ($(get run.stop))" ;;
    esac
    [ "$(get factors.processes)" = "$np" ] ||
      fail "$name on $np: factors.processes is $(get factors.processes)"
    for i in $(sed -n 's/^suites\.\([0-9]*\)\.status=library_fault$/\1/p' "$work/flat"); do
      case $(get suites.$i.message) in
        "left out on $np processes: "*) echo "note: $name on $np: $(get suites.$i.name): a known fault: $(get suites.$i.message | cut -c1-160)" ;;
        *) fail "$name on $np: suite $(get suites.$i.name): $(get suites.$i.message)" ;;
      esac
    done
    # left out (Missing_Pair = Leave_Out): on one host the default
    # suite's Pingpong_Inter_Node, which has no pair across nodes
    for i in $(sed -n 's/^suites\.\([0-9]*\)\.status=left_out$/\1/p' "$work/flat"); do
      case $(get suites.$i.name):$(get suites.$i.message) in
        "Pingpong_Inter_Node:left out: Pair = Inter_Node: no two processes of this run are on different nodes (all $np on host '"*) ;;
        *) fail "$name on $np: suite $(get suites.$i.name) left out: $(get suites.$i.message)" ;;
      esac
    done
    if [ "$name" = default ]; then
      [ "$(sget Pingpong_Inter_Node status)" = left_out ] ||
        fail "default on $np (one host): Pingpong_Inter_Node is '$(sget Pingpong_Inter_Node status)', not left_out"
      grep -q "^$f:[0-9]*:[0-9]*: note: suite 'Pingpong_Inter_Node': left out: Pair = Inter_Node: " "$dir/stderr" ||
        fail "default on $np: no note of the suite left out"
    fi
    if grep '^suites\.[0-9]*\.status=' "$work/flat" |
       grep -v '=complete$' | grep -v '=incomplete$' | grep -v '=library_fault$' |
       grep -v '=left_out$' | grep -vq '=timed_out$'; then
      fail "$name on $np: $(grep '^suites\.[0-9]*\.\(name\|status\|message\)=' "$work/flat" | grep -B1 -A1 'status=\(failed\|crashed\)' | head -n 6)"
    fi
    awk -F= -f "$top_srcdir/tests/mpi/sane.awk" "$work/flat" > "$work/sane" ||
      fail "$name on $np: insane values: $(head -n 5 "$work/sane")"
    [ "$(grep -c '^suites\.[0-9]*\.points\.[0-9]*\.argument=' "$work/flat")" -gt 0 ] ||
      fail "$name on $np: no point measured"
    rm -rf "$dir"
    echo "time: $name on $np processes: $(($(date +%s) - t0)) s"
  }
done < "$work/runs"
[ "$runs" -gt 0 ] || fail "no suite file ran"
echo "$runs runs of the shipped suites in $(($(date +%s) - start)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
exit 0
