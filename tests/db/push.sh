#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# push.sh -- skampi-db push against tests/db/pushserver.py, a stand-in
# server on 127.0.0.1 that checks each request (method, path, the upload's
# name, bearer token, content type, the file's bytes) and answers 201,
# 200, 401, 403, 413, 422, a 500 that is not JSON and a redirect in turn;
# then a server that does not answer (--timeout), a closed port, and the
# usage errors.  The token is never printed.  All traffic stays on the
# loopback; the stand-in stops itself after 60 s.
. "${top_srcdir:-.}/tests/db/lib.sh"

command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
W=$TMP/w
mkdir -p "$W"
for f in a1 a2 a3 a4 a5 b1 b2 b3; do cp "$SRC/tests/tools/runs/$f.yaml" "$W/"; done
TOKEN=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef

# server PORTFILE ANSWER...: the stand-in in the background; waits for
# its port (not for a time).
server() {
  pf=$1
  shift
  python3 "$SRC/tests/db/pushserver.py" "$pf" "$TOKEN" "$pf.log" "$@" &
  spid=$!
  i=0
  while [ ! -s "$pf" ] && [ $i -lt 600 ]; do
    kill -0 $spid 2> /dev/null || break
    sleep 0.1
    i=$((i + 1))
  done
  [ -s "$pf" ] || { fail "the stand-in server did not start"; exit 1; }
  PORT=$(cat "$pf")
}

# push ARGS...: the transcript of one push, port and paths made neutral.
push() {
  echo "\$ skampi-db push $*" | sed "s/:$PORT/:PORT/g" >> "$TMP/out"
  (cd "$W" && "$DB" push "$@") > "$TMP/step" 2>&1
  echo "[exit $?]" >> "$TMP/step"
  sed "s|$TMP|TMP|g; s/:$PORT/:PORT/g" "$TMP/step" >> "$TMP/out"
}

: > "$TMP/out"
server "$TMP/p1" \
  "$W/a1.yaml|201|{\"run\": 7, \"status\": \"created\", \"message\": \"a1.yaml: run 7\"}" \
  "$W/a2.yaml|200|{\"status\":\"duplicate\",\"run\":3}" \
  "$W/a3.yaml|401|{\"error\":\"no token: send Authorization: Bearer TOKEN\"}" \
  "$W/a4.yaml|403|{\"error\":\"the token is unknown or revoked\"}" \
  "$W/a5.yaml|413|{\"error\":\"larger than the limit of 64 MiB\"}" \
  "$W/b1.yaml|422|{\"error\":\"b1.yaml:3:5: error: 'x' must be a number\\n    3 | x: \\u001b[31m\\n      |     ^\"}" \
  "$W/b2.yaml|500|<html>oops</html>" \
  "$W/b3.yaml|302|"
SKAMPI_TOKEN=$TOKEN push --url "http://127.0.0.1:$PORT/" a1.yaml a2.yaml \
  a3.yaml a4.yaml a5.yaml b1.yaml b2.yaml b3.yaml
wait $spid
cat > "$TMP/want" <<'EOF2'
$ skampi-db push --url http://127.0.0.1:PORT/ a1.yaml a2.yaml a3.yaml a4.yaml a5.yaml b1.yaml b2.yaml b3.yaml
a1.yaml: created run 7 on the server
a2.yaml: already on the server as run 3 (same content), nothing imported
skampi-db: error: a3.yaml: not imported: the server answered 401:
  no token: send Authorization: Bearer TOKEN
skampi-db: error: a4.yaml: not imported: the server answered 403:
  the token is unknown or revoked
skampi-db: error: a5.yaml: not imported: the server answered 413:
  larger than the limit of 64 MiB
skampi-db: error: b1.yaml: not imported: the server answered 422:
  b1.yaml:3:5: error: 'x' must be a number
      3 | x: ?[31m
        |     ^
skampi-db: error: b2.yaml: not imported: the server answered 500 (no message)
skampi-db: error: b3.yaml: not imported: the server answered 302 with an empty body
skampi-db: 6 of 8 files not imported
[exit 1]
EOF2
diff -u "$TMP/want" "$TMP/out" || fail "push transcript"
[ "$(cat "$TMP/p1.log")" = "done 8" ] ||
  fail "the stand-in saw: $(cat "$TMP/p1.log")"

# --token wins over $SKAMPI_TOKEN; -q: only what did not go in; the
# token appears nowhere in the output
: > "$TMP/out"
server "$TMP/p2" "$W/a1.yaml|201|{\"run\":1}" "$W/a2.yaml|201|{\"run\":2}"
SKAMPI_TOKEN=wrong push -q --token "$TOKEN" --url "http://127.0.0.1:$PORT" a1.yaml a2.yaml
wait $spid
printf '%s\n' "\$ skampi-db push -q --token $TOKEN --url http://127.0.0.1:PORT a1.yaml a2.yaml" \
  "[exit 0]" > "$TMP/want"
diff -u "$TMP/want" "$TMP/out" || fail "push -q --token"
[ "$(cat "$TMP/p2.log")" = "done 2" ] || fail "the stand-in saw: $(cat "$TMP/p2.log")"

# a server that does not answer: --timeout; then nobody on the port
server "$TMP/p3" "$W/a1.yaml|201|HANG"
(cd "$W" && SKAMPI_TOKEN=$TOKEN "$DB" push --timeout 1 --url "http://127.0.0.1:$PORT" a1.yaml) \
  > "$TMP/o3" 2>&1
st=$?
wait $spid
[ $st = 1 ] || fail "no answer: exit $st, want 1"
grep -q '^skampi-db: error: a1.yaml: not sent: ' "$TMP/o3" || fail "no answer: $(cat "$TMP/o3")"
(cd "$W" && SKAMPI_TOKEN=$TOKEN "$DB" push --url "http://127.0.0.1:$PORT" a1.yaml) \
  > "$TMP/o4" 2>&1
st=$?
[ $st = 1 ] || fail "closed port: exit $st, want 1"
grep -q "^skampi-db: error: a1.yaml: not sent: .*127.0.0.1" "$TMP/o4" || fail "closed port: $(cat "$TMP/o4")"
cat "$TMP/o3" "$TMP/o4" | grep -q "$TOKEN" && fail "the token was printed"

# usage: exit 2, nothing sent
: > "$TMP/out"
PORT=none
SKAMPI_TOKEN=$TOKEN push --url ftp://127.0.0.1/ a1.yaml
SKAMPI_TOKEN=$TOKEN push --url file:///etc/passwd a1.yaml
SKAMPI_TOKEN=$TOKEN push --url 'not a url' a1.yaml
SKAMPI_TOKEN=$TOKEN push a1.yaml
SKAMPI_TOKEN= push --url http://127.0.0.1:9/ a1.yaml
push --token "$(printf 'a\nb')" --url http://127.0.0.1:9/ a1.yaml
SKAMPI_TOKEN=$TOKEN push --url http://127.0.0.1:9/
SKAMPI_TOKEN=$TOKEN push --timeout 0 --url http://127.0.0.1:9/ a1.yaml
cat > "$TMP/want" <<'EOF2'
$ skampi-db push --url ftp://127.0.0.1/ a1.yaml
skampi-db: error: --url takes an http:// or https:// URL, not 'ftp://127.0.0.1/'
[exit 2]
$ skampi-db push --url file:///etc/passwd a1.yaml
skampi-db: error: --url takes an http:// or https:// URL, not 'file:///etc/passwd'
[exit 2]
$ skampi-db push --url not a url a1.yaml
skampi-db: error: --url takes an http:// or https:// URL, not 'not a url'
[exit 2]
$ skampi-db push a1.yaml
skampi-db: error: push needs --url URL (the server's root)
[exit 2]
$ skampi-db push --url http://127.0.0.1:9/ a1.yaml
skampi-db: error: push needs a token: --token T or $SKAMPI_TOKEN (skampi-db token add NAME on the server)
[exit 2]
$ skampi-db push --token a
b --url http://127.0.0.1:9/ a1.yaml
skampi-db: error: the token holds a character a header cannot carry (it is not shown)
[exit 2]
$ skampi-db push --url http://127.0.0.1:9/
skampi-db: error: push needs result files or skampi-run directories
[exit 2]
$ skampi-db push --timeout 0 --url http://127.0.0.1:9/ a1.yaml
skampi-db: error: --timeout takes whole seconds from 1 to 86400, not '0'
[exit 2]
EOF2
diff -u "$TMP/want" "$TMP/out" || fail "push usage errors"
exit $((failures > 0))
