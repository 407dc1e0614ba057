# turn.sh -- the launcher of one of make bench's two reproducibility
# campaigns (tests/bench/repro.sh): both campaigns' skampi-run go at once,
# and this wrapper makes their mpiruns take turns, A1 B1 A2 B2 ..., so
# that a slow spell of the machine falls on both campaigns alike, instead
# of on whichever campaign ran during it.
#
#   sh turn.sh DIR ME OTHER LAUNCHER... -- waits for the token on the FIFO
#   DIR/turn-ME, runs LAUNCHER..., hands the token on to DIR/turn-OTHER;
#   exit status of LAUNCHER.
#
# The waiting campaign must not use a CPU: an earlier version polled a
# file (cat and sleep every 50 ms), and those few processes, preempting a
# rank that spins in MPI_Recv, put whole mpiruns of the other campaign
# into a slow mode (8-byte round trips of 1.4 us instead of 0.5 us, seen
# here in 3 of 12 runs with such a loop beside them, in none without).  A
# blocking read of a FIFO costs nothing until the token comes.
dir=$1 me=$2 other=$3
shift 3
# 10 minutes without the token: the other campaign has died; go on alone.
timeout 600 sh -c 'read -r token < "$1"' sh "$dir/turn-$me" ||
  echo "turn.sh: campaign $other does not hand over; going on" >&2
"$@"
rc=$?
# Opening a FIFO for writing waits for a reader: the other campaign may
# have no run left, so hand over in the background (repro.sh reads what
# is left when both are done).
(echo go > "$dir/turn-$other") < /dev/null > /dev/null 2>&1 &
exit $rc
