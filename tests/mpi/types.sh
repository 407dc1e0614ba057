#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# types.sh -- base types beyond MPI-1 on 2 processes.  The fixed-size,
# C99 and complex types of tests/mpi/types.skampi run complete, each
# point after its untimed integrity check (an allreduce of a complex
# type adds both parts); MPI_SUM adds each but MPI_C_BOOL and MPI_WCHAR,
# which are reduced as MPI_INT, saying so.  MPIX_C_FLOAT16 is measured
# where the library carries it, else refused where the file names it,
# with the reason (absent: Open MPI 4.1; broken in derived datatypes:
# MPICH 4.0.2).  SKAMPI_TEST_UNAVAILABLE=MPI_C_LONG_DOUBLE_COMPLEX makes
# a type absent, and that refusal is checked exactly, in a run and in
# --check.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"
suite="$SUITES/types.skampi"
run_skampi 2 "$suite" "$work/out.yaml" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/out.yaml"
expect run.status complete
suite_names "$suite" > "$work/names"
while read -r name; do
  sexpect "$name" status complete
  [ -n "$(sget "$name" points.0.mean)" ] || fail "$name has no point"
done < "$work/names"
for s in ar_int8 ar_fcomplex ar_dcomplex ar_ldcomplex ar_struct; do
  sget "$s" 'notes\.[0-9]*' | grep -q '^reduced as MPI_INT' &&
    fail "$s is reduced as MPI_INT"
done
for s in ar_bool ar_wchar; do
  sget "$s" 'notes\.[0-9]*' | grep -qx "reduced as MPI_INT with MPI_SUM, length / 4 elements rounded down: MPI_SUM does not add MPI_C_BOOL or MPI_WCHAR" ||
    fail "$s: no note that it is reduced as MPI_INT"
done
sget ar_complex_struct 'notes\.[0-9]*' | grep -q "^reduced in send datatype pattern 50 with an MPI_Op of skampi's own" ||
  fail "ar_complex_struct: not reduced with skampi's own operation"
sane

# half precision: measured, or refused where it is named
printf '@Min_Repetition 4\n@Max_Repetition 4\n@Basetype1 MPIX_C_FLOAT16\n@MEASUREMENTS\nh { Type = Pingpong_Send_Recv; Basetype_Number = 1; End_Argument = 1KiB; }\n' \
  > "$work/half.skampi"
if run_skampi 2 "$work/half.skampi" "$work/half.yaml" --quiet; then
  flatten "$work/half.yaml"
  expect suites.0.status complete
else
  got=$(grep -m 1 ': error: ' "$work/stderr")
  case $got in
    "$work/half.skampi:3:12: error: MPI type 'MPIX_C_FLOAT16' is unavailable: the MPI library skampi was built with ($lib) has no MPIX_C_FLOAT16") ;;
    "$work/half.skampi:3:12: error: MPI type 'MPIX_C_FLOAT16' is unavailable: MPIX_C_FLOAT16 of the MPI library skampi was built with ($lib) is broken in derived datatypes (two of it span "*" bytes and pack into "*", not 4)") ;;
    *) fail "half precision: '$got'" ;;
  esac
  [ ! -e "$work/half.yaml" ] || fail "a refused run wrote a result"
fi

# a type the library lacks, exactly
cat > "$work/bad.skampi" <<'END'
@Basetype1 MPI_INT
@Basetype2 (1, 0, MPI_INT) (1, 16, MPI_C_LONG_DOUBLE_COMPLEX)
@MEASUREMENTS
p { Type = Pingpong_Send_Recv; Basetype_Number = 2; }
END
want="$work/bad.skampi:2:36: error: MPI type 'MPI_C_LONG_DOUBLE_COMPLEX' is unavailable: the MPI library skampi was built with ($lib) has no MPI_C_LONG_DOUBLE_COMPLEX"
SKAMPI_TEST_UNAVAILABLE=MPI_C_LONG_DOUBLE_COMPLEX run_skampi 2 \
  "$work/bad.skampi" "$work/bad.yaml" --quiet
[ $? -eq 1 ] || fail "a run of an absent type did not exit 1"
[ ! -e "$work/bad.yaml" ] || fail "a refused run wrote a result"
got=$(grep -m 1 ': error: ' "$work/stderr")
[ "$got" = "$want" ] || fail "run: '$got'"
SKAMPI_TEST_UNAVAILABLE=MPI_C_LONG_DOUBLE_COMPLEX "$SKAMPI" --check \
  "$work/bad.skampi" > "$work/plan" 2> "$work/check"
[ $? -eq 1 ] || fail "--check of an absent type passed"
[ "$(head -n 1 "$work/check")" = "$want" ] || fail "--check: $(cat "$work/check")"
exit 0
