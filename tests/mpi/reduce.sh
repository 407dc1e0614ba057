# SPDX-License-Identifier: BSD-3-Clause
# reduce.sh -- the reductions honour the suite's datatypes: with a send
# pattern or a structured base type they reduce in the send pattern with
# skampi's own MPI_Op and say so; on a builtin type, contiguous, they use
# MPI_SUM (MPI_INT for MPI_CHAR, said too).  Every point passed its
# untimed check (src/engine/reduce.h), or the suite would have failed.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$SUITES/reduce.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
own="with an MPI_Op of skampi's own that adds every scalar of the base type (MPI_SUM is defined on predefined datatypes only)"
one="; the result arrives in the send pattern too: a reduction has one datatype"
i=0
for name in r50 a57 s54 rs52 rb0 float char; do
  expect suites.$i.name $name
  expect suites.$i.status complete
  expect suites.$i.points.2.argument 8192
  i=$((i + 1))
done
expect suites.0.notes.1 "reduced in send datatype pattern 50 $own$one"
expect suites.1.notes.1 "reduced in send datatype pattern 57 $own$one"
expect suites.2.notes.1 "reduced in send datatype pattern 54 $own$one"
expect suites.3.notes.1 "reduced in send datatype pattern 52 $own$one"
expect suites.4.notes.0 "a message is a whole number of elements of @Basetype1 (16 bytes); an argument that is not a multiple of 16 sent the multiple of 16 below it"
expect suites.4.notes.1 "reduced in send datatype pattern 0 $own"
# MPI_FLOAT in pattern 0 received in 50: MPI_SUM, and the pattern unused
expect suites.5.notes.1 "reduced with MPI_SUM on the base type, length / 4 elements rounded down, contiguously: the result arrives so too, whatever Receive_Datatype_Number says (a reduction has one datatype)"
expect suites.6.notes.0 "reduced as MPI_INT with MPI_SUM, length / 4 elements rounded down: MPI_SUM does not add MPI_CHAR or MPI_BYTE"
sane
exit 0
