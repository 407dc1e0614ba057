#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# large.sh -- a message of more than INT_MAX elements (doc/engine.md,
# "Large counts").  The checker's refusals are checked exactly: an
# instance without a large-count path, and a library without the MPI-4
# large-count functions (Open MPI 4.1 itself, or SKAMPI_TEST_UNAVAILABLE
# naming MPI_Send_c).  Where the library has them (MPICH 4), one point of
# 2 GiB + 8 B is measured on 2 processes with Fixed_Repetitions = 2 for
# Pingpong_Send_Recv and MPI_Bcast, each after its untimed integrity
# check of the whole message.  That run needs about 4.3 GB per process:
# a long test (about a minute), run only with SKAMPI_TEST_LONG=1 (make
# check-long; the CI runs it), and skipped (77) then when the machine has
# less than 10 GB available.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"

# --check FILE [env...]: the diagnostics, exit status 1 expected
refused() {
  "$SKAMPI" --check "$1" > "$work/plan" 2> "$work/check"
  rc=$?
  [ "$rc" -eq 1 ] || fail "--check of $1 exited with $rc"
}

# an instance without a large-count path, whatever the library
cat > "$work/nopath.skampi" <<'END'
@MEMORY 100GiB
@MEASUREMENTS
b { Type = Pingpong_Bsend_Recv; Variation = Length; Scale = Fixed_linear;
    Start_Argument = 1; End_Argument = 2147483656; Stepwidth = 1; }
g { Type = MPI_Gather; Variation = Nodes; Default_Message_length = 3GiB; }
ok { Type = Pingpong_Bsend_Recv; Variation = Length;
     End_Argument = 2147483647; }
END
refused "$work/nopath.skampi"
want="$work/nopath.skampi:4:40: error: End_Argument (2147483656) is 2147483656 elements, more than an int counts (2147483647): Pingpong_Bsend_Recv has no large-count path
    4 |     Start_Argument = 1; End_Argument = 2147483656; Stepwidth = 1; }
      |                                        ^~~~~~~~~~
$work/nopath.skampi:5:68: error: Default_Message_length (3221225472) is 3221225472 elements, more than an int counts (2147483647): MPI_Gather has no large-count path
    5 | g { Type = MPI_Gather; Variation = Nodes; Default_Message_length = 3GiB; }
      |                                                                    ^~~~"
[ "$(cat "$work/check")" = "$want" ] ||
  fail "--check said: $(cat "$work/check")"

# the point measured below
cat > "$work/large.skampi" <<'END'
@MEMORY 4300000
@Variation Length
@Scale Fixed_linear
@Start_Argument 2147483656
@End_Argument 2147483656
@Stepwidth 1
@Fixed_Repetitions 2
@MEASUREMENTS
pp { Type = Pingpong_Send_Recv; }
bcast { Type = MPI_Bcast; }
END
missing="the MPI library skampi was built with ($lib) has no"
want="$work/large.skampi:5:15: error: End_Argument (2147483656, set on line 5) is 2147483656 elements, more than an int counts (2147483647): $missing MPI_Send_c, MPI_Recv_c
    5 | @End_Argument 2147483656
      |               ^~~~~~~~~~"
if "$SKAMPI" --check "$work/large.skampi" > "$work/plan" 2> "$work/check"
then
  # the library has them: the test switch takes MPI_Send_c away
  SKAMPI_TEST_UNAVAILABLE=MPI_Send_c "$SKAMPI" --check "$work/large.skampi" \
    > "$work/plan" 2> "$work/check"
  rc=$?
  [ "$rc" -eq 1 ] || fail "--check without MPI_Send_c exited with $rc"
  [ "$(cat "$work/check")" = "$want" ] ||
    fail "--check without MPI_Send_c said: $(cat "$work/check")"
else
  # a library without them (Open MPI 4.1): the refusal, and no run
  [ "$(cat "$work/check")" = "$want" ] ||
    fail "--check said: $(cat "$work/check")"
  echo "SKIP: $lib has no large-count functions (its refusal checked)"
  exit 0
fi

if [ "${SKAMPI_TEST_LONG:-0}" != 1 ]; then
  echo "the 2 GiB run is a long test: make check-long runs it (the refusals were checked)"
  exit 0
fi
avail=$(awk '$1 == "MemAvailable:" { print int($2 / 1024 / 1024) }' \
  /proc/meminfo 2> /dev/null)
if [ -z "$avail" ] || [ "$avail" -lt 10 ]; then
  echo "SKIP: two processes of a 2 GiB message need about 9 GB;" \
    "${avail:-an unknown number of} GB available"
  exit 77
fi

run_skampi 2 "$work/large.skampi" "$work/large.yaml" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/large.yaml"
expect run.status complete
for s in 0 1; do
  expect suites.$s.status complete
  expect suites.$s.points.0.argument 2147483656
  expect suites.$s.points.0.repetitions 2
  expect suites.$s.points.0.valid 2
  expect suites.$s.points.0.stop fixed
done
expect suites.0.instance Pingpong_Send_Recv
expect suites.1.instance MPI_Bcast
sane
exit 0
