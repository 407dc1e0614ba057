# SPDX-License-Identifier: BSD-3-Clause
# dtype.sh -- every pair of datatype patterns over four base types
# carries a message intact, leaves the gaps alone, and a corrupted byte
# is noticed, and the reductions add in every pattern
# (tests/mpi/dtype_integrity.c, 2 processes).  Then
# End_Argument = Max_Value over a structured base type with gaps: the run
# measures up to the length skampi --check resolves (dtype-memory.skampi),
# without a memory failure.
. "$top_srcdir/tests/mpi/lib.sh"
$MPIEXEC -n 2 "$top_builddir/tests/mpi/dtype_integrity" > "$work/out" \
  2> "$work/stderr" || fail "dtype_integrity: $(cat "$work/out" "$work/stderr")"
grep -q '^dtype_integrity: 9 x 9 patterns, 4 base types, reductions in 9: 0 failures$' \
  "$work/out" || fail "unexpected output: $(cat "$work/out")"

file="$SUITES/dtype-memory.skampi"
"$SKAMPI" --check "$file" > "$work/plan" || fail "--check: $(cat "$work/plan")"
max=$(sed -n 's/^    End_Argument: //p' "$work/plan" | tr '\n' ' ')
[ "$max" = "6191 8207 " ] || fail "--check resolves Max_Value to '$max'"
run_skampi 2 "$file" "$work/mem.yaml" --quiet ||
  fail "Max_Value run: exit $? ($(cat "$work/stderr"))"
flatten "$work/mem.yaml"
expect run.status complete
i=0
for m in $max; do
  expect suites.$i.status complete
  expect suites.$i.notes.0 "End_Argument = Max_Value is $m bytes here (the longest message that fits in @MEMORY)"
  # from 0 a log grid goes on at one unit: 8 elements of 9 bytes
  expect suites.$i.points.1.argument 72
  expect suites.$i.points.2.argument 1152
  expect suites.$i.points.3.argument "$m"
  i=$((i + 1))
done
sane
exit 0
