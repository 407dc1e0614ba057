# SPDX-License-Identifier: BSD-3-Clause
# timer.sh -- skampi --timer: monotonic is recorded as CLOCK_MONOTONIC;
# rdtscp either runs and records its calibrated frequency, or (no
# invariant TSC here) is refused with exit status 2 and the reason; an
# unknown timer is a usage error.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$SUITES/window-bad.skampi" "$out" --quiet --timer monotonic
[ $? -eq 3 ] || fail "monotonic: exit status ($(cat "$work/stderr"))"
flatten "$out"
expect factors.timer CLOCK_MONOTONIC
res=$(get factors.timer_resolution)
awk -v r="$res" 'BEGIN { exit !(r > 0 && r < 1e-3) }' || fail "resolution '$res'"
[ -z "$(get factors.timer_frequency)" ] || fail "frequency without RDTSCP"
expect suites.2.status complete

run_skampi 2 "$SUITES/window-bad.skampi" "$out" --quiet --timer=MPI_Wtime
flatten "$out"
expect factors.timer MPI_Wtime

rm -f "$out"
run_skampi 2 "$SUITES/window-bad.skampi" "$out" --quiet --timer rdtscp
rc=$?
flags=$(grep -m 1 '^flags' /proc/cpuinfo 2>/dev/null)
invariant=no
case " $flags " in
  *" constant_tsc "*) case " $flags " in
    *" nonstop_tsc "*) case " $flags " in *" rdtscp "*) invariant=yes ;; esac ;;
  esac ;;
esac
if [ "$(uname -m)" = x86_64 ] && [ $invariant = yes ]; then
  [ $rc -eq 3 ] || fail "rdtscp: exit $rc ($(cat "$work/stderr"))"
  flatten "$out"
  expect factors.timer RDTSCP
  f=$(get factors.timer_frequency)
  awk -v f="$f" 'BEGIN { exit !(f > 1e8 && f < 1e11) }' || fail "frequency '$f'"
  expect suites.2.status complete
else
  [ $rc -eq 2 ] || fail "rdtscp without an invariant TSC: exit $rc"
  grep -q '^skampi: error: --timer=rdtscp: ' "$work/stderr" || fail "no reason given"
  [ ! -e "$out" ] || fail "a result file after the refusal"
fi

# the command line is read before MPI starts: no mpiexec needed
"$SKAMPI" --timer hpet -o "$out" "$SUITES/window-bad.skampi" 2> "$work/stderr"
[ $? -eq 2 ] || fail "unknown timer: exit status"
grep -q "^skampi: error: --timer expects MPI_Wtime, monotonic or rdtscp, not 'hpet'$" \
  "$work/stderr" || fail "unknown timer: message ($(cat "$work/stderr"))"
exit 0
