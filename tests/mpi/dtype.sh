# dtype.sh -- every pair of datatype patterns over three base types
# carries a message intact, leaves the gaps alone, and a corrupted byte
# is noticed (tests/mpi/dtype_integrity.c, 2 processes).
. "$top_srcdir/tests/mpi/lib.sh"
$MPIEXEC -n 2 "$top_builddir/tests/mpi/dtype_integrity" > "$work/out" \
  2> "$work/stderr" || fail "dtype_integrity: $(cat "$work/out" "$work/stderr")"
grep -q '^dtype_integrity: 9 x 9 patterns, 3 base types: 0 failures$' \
  "$work/out" || fail "unexpected output: $(cat "$work/out")"
exit 0
