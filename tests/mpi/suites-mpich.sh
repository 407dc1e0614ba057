# SPDX-License-Identifier: BSD-3-Clause
# suites-mpich.sh -- NEEDS 3 AND 4 PROCESSES, and SKAMPI_TEST_LONG=1
# (make check-long): the shipped suites whose instances Open MPI 4.1
# lacks -- persistent.skampi (the MPI-4 persistent collectives, which
# once hung MPICH 4.0 from 3 processes on) and startup.skampi (MPI-4
# sessions) -- run unchanged under MPICH on 3 and 4 processes, complete,
# with sane values; tests/mpi/suites-np.sh runs every other shipped suite
# under Open MPI.  Cut short by SKAMPI_TEST_QUICK=2 as there.  MPICH
# busy-polls with more processes than cores: about a minute on 2 cores,
# hence check-long (which the CI runs).
. "$top_srcdir/tests/mpi/lib.sh"
if [ "${SKAMPI_TEST_LONG:-0}" != 1 ]; then
  echo "SKIP: about a minute of busy-polling processes: make check-long runs it"
  exit 77
fi
lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
case $lib in
  MPICH*) ;;
  *) echo "SKIP: $lib: this test is MPICH's (suites-np.sh runs the suites under Open MPI)"
     exit 77 ;;
esac
skampi=$(abs "$SKAMPI")
src=$(cd "$top_srcdir/suites" && pwd) || fatal "no suites/"
runs=0
for np in 3 4; do
  for name in persistent startup; do
    dir=$work/$name.$np
    mkdir -p "$dir" || fatal "mkdir $dir"
    (cd "$dir" && SKAMPI_TEST_QUICK=2 $MPIEXEC -n "$np" "$skampi" --quiet \
       --no-postproc --timeout 600 -o out.yaml "$src/$name.skampi" \
       > stdout 2> stderr) ||
      { fail "$name on $np processes exited with $?: $(grep '^skampi' "$dir/stderr" | head -n 5)"; continue; }
    runs=$((runs + 1))
    flatten "$dir/out.yaml"
    expect run.status complete
    expect factors.processes "$np"
    bad=$(grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$')
    [ -z "$bad" ] || fail "$name on $np: $bad"
    awk -F= -f "$top_srcdir/tests/mpi/sane.awk" "$work/flat" > "$work/sane" ||
      fail "$name on $np: insane values: $(head -n 5 "$work/sane")"
    [ "$(grep -c '^suites\.[0-9]*\.points\.[0-9]*\.argument=' "$work/flat")" -gt 0 ] ||
      fail "$name on $np: no point measured"
  done
done
[ "$runs" = 4 ] || fail "$runs of 4 runs"
exit 0
