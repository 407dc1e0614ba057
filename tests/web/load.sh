#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# load.sh -- 50 concurrent loopback clients for a few seconds against
# skampi-db serve (tests/web/load.py): no error, no crash, memory bounded;
# the server still answers and stops cleanly afterwards.
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
start_server
timeout 300 python3 "$SRC/tests/web/load.py" "$URL" "$SERVER_PID" || fail "load.py"
kill -0 "$SERVER_PID" 2> /dev/null || fail "the server died under load"
stop_server INT
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC on SIGINT after the load"
grep -q '^skampi-db: SIGINT: stopping$' "$TMP/server.log" || fail "no 'SIGINT: stopping' line"
exit $((failures > 0))
