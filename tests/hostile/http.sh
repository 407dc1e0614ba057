#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# http.sh -- requests written by hand against skampi-db serve on the
# loopback (http.py says which): framing, limits, Host names (DNS
# rebinding), the headers of every answer, the escapes of the log.
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
start_server --public-url http://bench.example:9999/
timeout 120 python3 "$SRC/tests/hostile/http.py" "$URL" bench.example:9999 \
  "$TMP/server.log" || fail "http.py"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"
# a --public-url that is not one
"$DB" --db "$TMP/t.db" serve --listen 127.0.0.1:0 --public-url 'ftp://x/' \
  2> "$TMP/err"
[ $? = 2 ] || fail "--public-url ftp: exit status"
[ "$(cat "$TMP/err")" = "skampi-db: error: --public-url takes http://NAME[:PORT]/ or https://..., the address browsers use for this server, not 'ftp://x/'" ] ||
  fail "--public-url ftp: $(cat "$TMP/err")"
exit $((failures > 0))
