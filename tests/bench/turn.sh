# turn.sh -- the launcher of one of make bench's two reproducibility
# campaigns (tests/bench/repro.sh): both campaigns' skampi-run go at once,
# and this wrapper makes their mpiruns take turns, A1 B1 A2 B2 ..., so
# that a slow spell of the machine (other tenants of the host: seen here
# as seconds-long stretches in which every mpirun's 8-byte round trip is
# 1.5 us instead of 0.4 us) falls on both campaigns alike, instead of on
# whichever campaign ran during it.
#
#   sh turn.sh TURNFILE ME OTHER LAUNCHER... -- runs LAUNCHER... when
#   TURNFILE says ME, then writes OTHER into it; exit status of LAUNCHER.
turn=$1 me=$2 other=$3
shift 3
waited=0
until [ "$(cat "$turn" 2>/dev/null)" = "$me" ]; do
  sleep 0.05
  waited=$((waited + 1))
  # 10 minutes: the other campaign has died; go on alone.
  [ $waited -lt 12000 ] || { echo "turn.sh: campaign $other does not take its turn; going on" >&2; break; }
done
"$@"
rc=$?
echo "$other" > "$turn.new" && mv "$turn.new" "$turn"
exit $rc
