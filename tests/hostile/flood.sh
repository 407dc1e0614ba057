#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# flood.sh -- 256 hostile connections (slow heads, idle sockets, bodies
# where none is taken, trickled uploads with a wrong token) against
# skampi-db serve --allow-upload for 15 s, while a well-behaved client
# is answered throughout, and the server's memory stays within its
# budget (flood.py says how, and why a busy machine cannot fail it).
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
# A sanitizer build keeps freed memory in a quarantine (256 MiB by
# default) that 90,000 connections fill: bounded here to 16 MiB, so that
# the bound below measures the server, not the sanitizer.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16"
export ASAN_OPTIONS
start_server --allow-upload
# the budget of a server taking no upload (doc/database.md, "Limits"):
# 64 MiB; a sanitizer build keeps shadow memory and that quarantine besides
limit=65536
grep -q libasan "/proc/$SERVER_PID/maps" 2> /dev/null && limit=$((4 * limit))
timeout 120 python3 "$SRC/tests/hostile/flood.py" "$URL" "$SERVER_PID" \
  "$limit" 15 || fail "flood.py"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"
exit $((failures > 0))
