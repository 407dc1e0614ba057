# SPDX-License-Identifier: BSD-3-Clause
# verify-key.sh -- Verify = yes fails the suite at the first wrong byte,
# with its repetition, process and buffer, and only then.
#
# The wrong byte comes from tests/mpi/corrupt.so, preloaded into the ranks
# (SKAMPI_TEST_CORRUPT, a variable that library alone reads): after the
# N-th call of MPI_Recv (MPI_Allreduce) with exactly 1024 bytes on world
# rank R it flips byte B of the receive buffer.  The 1 KiB calls of a
# point are its untimed integrity check, one warm-up (@CACHEWARMUP 1),
# then the repetitions: call N is repetition N - 2, in round N - 1 of
# the data (src/engine/verify.h).
#
# Ping-pong: rank 1 receives rank 0's sequence 1; byte 5 of round r is
# (5 * 0xB1 + 1 + r * 0xB1) mod 256 (src/engine/dtype.c: byte i is
# i * 2654435761 + seed + r * 0x9E3779B1 in its low 8 bits, XOR i >> 8;
# 0xB1 is the low byte of both factors); flipped, its complement.
# Allreduce of MPI_CHAR is one of MPI_INT (widened): byte 3 of the first
# int is the top byte of a small sum, 0x00, flipped 0xff.  The same
# corruption without Verify goes unnoticed: the suite completes.
. "$top_srcdir/tests/mpi/lib.sh"
BAD=$(abs "$top_builddir/tests/mpi/corrupt.so")
[ -f "$BAD" ] || fail "no $BAD (make check builds it)"
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
suite=$SUITES/verify-key.skampi
out=$work/out.yaml
runs=0

# corrupted SETTING [suite file]: a run with the library preloaded, into
# a result file of its own ($out)
corrupted() {
  runs=$((runs + 1))
  out=$work/out$runs.yaml
  $MPIEXEC -n 2 env LD_PRELOAD="$BAD" SKAMPI_TEST_CORRUPT="$1" \
    ASAN_OPTIONS="$asan" "$SKAMPI" --quiet -o "$out" "${2:-$suite}" \
    2> "$work/stderr"
}

# intact: both suites complete, every repetition checked
run_skampi 2 "$suite" "$out" --quiet || fail "intact run: $(cat "$work/stderr")"
flatten "$out"
expect suites.0.status complete
expect suites.1.status complete
expect suites.0.parameters.Verify true
expect suites.1.parameters.In_Place true
expect suites.1.points.0.valid 40

# ping-pong: call 30 on rank 1 is repetition 28, round 29
corrupted MPI_Recv:1:30:5:1024
flatten "$out"
want=$(( (5 * 177 + 1 + 29 * 177) % 256 ))
got=$(( want ^ 255 ))
msg=$(printf 'Verify: at argument 1024, repetition 28, process 1: byte 5 of its receive buffer (recvbuf) is 0x%02x, expected 0x%02x' "$got" "$want")
expect suites.0.status failed
expect suites.0.message "$msg"
expect suites.1.status complete
expect run.status partial

# allreduce in place: call 12 on rank 0 is repetition 10
corrupted MPI_Allreduce:0:12:3:1024
flatten "$out"
expect suites.0.status complete
expect suites.1.status failed
expect suites.1.message "Verify: at argument 1024, repetition 10, process 0: byte 3 of its receive buffer (recvbuf) is 0xff, expected 0x00"

# a warm-up: call 2 of MPI_Recv on rank 0
corrupted MPI_Recv:0:2:0:1024
flatten "$out"
expect suites.0.status failed
case $(get suites.0.message) in
  "Verify: at argument 1024, warm-up repetition 1, process 0: byte 0 of its receive buffer (recvbuf) is "*) ;;
  *) fail "warm-up: $(get suites.0.message)" ;;
esac

# without Verify the same byte goes unnoticed
sed 's/ Verify = yes;//' "$suite" > "$work/noverify.skampi"
corrupted MPI_Recv:1:30:5:1024 "$work/noverify.skampi"
flatten "$out"
expect suites.0.status complete
expect suites.0.parameters.Verify false
exit 0
