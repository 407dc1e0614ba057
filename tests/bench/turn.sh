# SPDX-License-Identifier: BSD-3-Clause
# turn.sh -- the launcher of one of make bench's two reproducibility
# campaigns (tests/bench/repro.sh): both campaigns' skampi-run go at once,
# and this wrapper makes their mpiruns take turns, A1 B1 A2 B2 ..., so
# that a slow spell of the machine falls on both campaigns alike, instead
# of on whichever campaign ran during it.
#
#   sh turn.sh DIR ME OTHER LAUNCHER... -- hands the token it holds (from
#   its previous run) to DIR/turn-OTHER, waits for the token on the FIFO
#   DIR/turn-ME, runs LAUNCHER... and appends its start and end (seconds
#   since the epoch) to DIR/times-ME; exit status of LAUNCHER.
#
# A campaign keeps the token after its run until it is about to start the
# next one, so that what skampi-run does between runs (reading the first
# run's grid, ...) never runs beside the other campaign's mpirun; repro.sh
# hands on the token of a campaign that has ended, and a campaign that
# finds the other ended goes on alone.  Waiting uses no CPU:
# an earlier version polled a file (cat and sleep every 50 ms), and those
# few processes, preempting a rank that spins in MPI_Recv, put whole
# mpiruns of the other campaign into a slow mode (8-byte round trips of
# 1.4 us instead of 0.5 us, seen here in 3 of 12 runs with such a loop
# beside them, in none without).  A blocking read of a FIFO costs nothing.
dir=$1 me=$2 other=$3
shift 3
if [ -e "$dir/holds-$me" ]; then
  rm -f "$dir/holds-$me"
  # a FIFO opened for writing waits for its reader: in the background
  (echo go > "$dir/turn-$other") < /dev/null > /dev/null 2>&1 &
fi
: > "$dir/ready-$me"
# The other campaign has ended: go on alone.  Else wait for the token,
# 10 minutes at most (the other campaign died without handing over).
[ -e "$dir/ended-$other" ] ||
  timeout --foreground 600 sh -c 'read -r token < "$1"' sh "$dir/turn-$me" ||
  echo "turn.sh: campaign $other does not hand over; going on" >&2
: > "$dir/holds-$me"
# The campaign's own time is its runs' (the waits for the other one are
# not its cost).
t0=$(date +%s.%N)
"$@"
rc=$?
echo "$t0 $(date +%s.%N)" >> "$dir/times-$me"
exit $rc
