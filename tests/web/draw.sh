#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# draw.sh -- the drawings of skampi-db serve (db/web/webpool.h): with a
# stand-in gnuplot that waits until the test lets it go, two drawings
# run, eight wait, a thirteenth and more get 503 with Retry-After, and
# every other page is answered meanwhile (the drawings never end while
# they are held, so an answer at all shows nothing waited behind them);
# let go, every drawing is answered.  Then, with --draw-seconds 2 and a
# gnuplot that never ends, the drawing is 503 after the limit and the
# gnuplot is gone.  Nothing to plot is 400.  No duration is asserted:
# every wait is for an event, bounded only against a hang.
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
G=$TMP/g
mkdir -p "$G"
cat > "$G/held" <<EOF
#!/bin/sh
# a gnuplot that says it started, then waits to be let go (at most 120 s)
: > "$G/started.\$\$"
n=0
while [ ! -e "$G/go" ] && [ \$n -lt 1200 ]; do sleep 0.1; n=\$((n + 1)); done
exit 0
EOF
cat > "$G/never" <<EOF
#!/bin/sh
echo \$\$ > "$G/never.pid"
exec sleep 120
EOF
chmod +x "$G/held" "$G/never"

GNUPLOT=$G/held start_server
python3 "$SRC/tests/web/draw.py" "$URL" "$G" held || fail "the drawings"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"

GNUPLOT=$G/never start_server --draw-seconds 2
python3 "$SRC/tests/web/draw.py" "$URL" "$G" never || fail "the time limit"
stop_server
pid=$(cat "$G/never.pid" 2> /dev/null)
[ -n "$pid" ] || fail "the endless gnuplot never started"
[ -n "$pid" ] && kill -0 "$pid" 2> /dev/null && fail "gnuplot $pid outlived its limit"
grep -q "took more than 2 s and was stopped" "$TMP/server.log" ||
  fail "no log line of the stopped gnuplot"
exit $((failures > 0))
