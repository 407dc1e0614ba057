# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=sh
# lib.sh -- sourced by the tests of skampi-db serve (tests/web/*.sh).
#
# Builds a database from the stored runs of tests/tools/runs (five runs
# "before" and five "after" an upgrade that made barrier 30% slower and
# pingpong's 64 KiB 15% faster, one "after" run's 1 KiB point missing its
# target error (eps_met: false), tagged phase=before and phase=after,
# three Open MPI runs, and one hostile run
# whose machine is <script>alert(1)</script> and whose pingpong suite is
# named "';--), starts `skampi-db serve` on an ephemeral loopback port
# and sets URL to it.  The server is stopped (SIGTERM) on exit; a test
# that checks the stop itself calls stop_server.  All traffic goes to
# 127.0.0.1; every wait is bounded.
. "${top_srcdir:-.}/tests/db/lib.sh"
unset SOURCE_DATE_EPOCH
W=$TMP/w
mkdir -p "$W/before" "$W/after" "$W/other"
scale() {
  awk -v suite="$1" -v f="$2" '
    /^  - name: / { on = ($3 == suite) }
    on && $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
      n = index($0, $1); printf "%s%s %.6g\n", substr($0, 1, n - 1), $1, $2 * f
      next }
    { print }' "$3"
}
# point ARGUMENT FACTOR FILE: the pingpong point of ARGUMENT scaled
point() {
  awk -v a="$1" -v f="$2" '
    /^  - name: / { suite = $3 }
    /^      - argument: / { on = (suite == "pingpong" && $3 == a) }
    on && $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
      n = index($0, $1); printf "%s%s %.6g\n", substr($0, 1, n - 1), $1, $2 * f
      next }
    { print }' "$3"
}
for i in 1 2 3 4 5; do
  cp "$SRC/tests/tools/runs/a$i.yaml" "$W/before/run-0$i.yaml"
  scale barrier 1.3 "$SRC/tests/tools/runs/a$i.yaml" > "$W/scaled.yaml"
  point 65536 0.85 "$W/scaled.yaml" > "$W/after/run-0$i.yaml"
done
rm -f "$W/scaled.yaml"
sed -i '/argument: 1024/,/eps_met/ s/eps_met: true/eps_met: false/' \
  "$W/after/run-03.yaml"
for i in 1 2 3; do cp "$SRC/tests/tools/runs/b$i.yaml" "$W/other/run-0$i.yaml"; done
sed -e 's|^  MACHINE: .*|  MACHINE: "<script>alert(1)</script>"|' \
    -e 's|^  - name: pingpong$|  - name: "\\"'"'"';--"|' \
    -e 's|^  start_time: 2026-11-22T05:01:00Z|  start_time: 2026-11-23T06:00:00Z|' \
    "$SRC/tests/tools/runs/a1.yaml" > "$W/hostile.yaml"
db import -q --tag phase=before "$W/before" || fail "import before/"
db import -q --tag phase=after "$W/after" || fail "import after/"
db import -q "$W/other" || fail "import other/"
db import -q --tag 'note=<b>x</b>' "$W/hostile.yaml" || fail "import hostile"

SERVER_PID=
URL=
# start_server [ARGS...]: skampi-db serve on 127.0.0.1:0; URL from its
# first line (waits at most 20 s).
start_server() {
  : > "$TMP/server.log"
  "$DB" --db "$TMP/t.db" serve --listen 127.0.0.1:0 "$@" \
    2> "$TMP/server.log" &
  SERVER_PID=$!
  n=0
  while [ $n -lt 200 ]; do
    URL=$(sed -n 's|^skampi-db: listening on \(http://127\.0\.0\.1:[0-9]*\)/$|\1|p' \
          "$TMP/server.log")
    [ -n "$URL" ] && return 0
    kill -0 "$SERVER_PID" 2> /dev/null || break
    sleep 0.1
    n=$((n + 1))
  done
  cat "$TMP/server.log" >&2
  fail "the server did not start"
  exit 1
}

# stop_server [SIGNAL]: SIGTERM (or SIGNAL), then waits (at most 20 s)
# for a clean exit; sets SERVER_RC.
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -"${1:-TERM}" "$SERVER_PID" 2> /dev/null
  n=0
  while kill -0 "$SERVER_PID" 2> /dev/null && [ $n -lt 200 ]; do
    sleep 0.1
    n=$((n + 1))
  done
  if kill -0 "$SERVER_PID" 2> /dev/null; then
    fail "the server did not stop on SIG${1:-TERM}"
    kill -KILL "$SERVER_PID" 2> /dev/null
  fi
  wait "$SERVER_PID"
  SERVER_RC=$?
  SERVER_PID=
}
trap 'stop_server; rm -rf "$TMP"' EXIT

# need_selenium NAME: PY is a python3 that has selenium; without one the
# test NAME skips (77), or fails where CI=true (the CI has them all).
need_selenium() {
  PY=
  for p in /usr/bin/python3 python3; do
    if "$p" -c 'import selenium' 2> /dev/null; then PY=$p; break; fi
  done
  if [ -z "$PY" ]; then
    echo "$1: python3-selenium missing"
    [ "${CI:-}" = true ] && exit 1
    exit 77
  fi
}

# start_static DIR: DIR served by tests/web/staticserve.py (http.server
# with serve's Content-Security-Policy, at most 900 s) on an ephemeral
# loopback port: STATIC_URL, STATIC_PID; stopped at exit (stop_static
# stops it sooner).
STATIC_PID=
start_static() {
  "$PY" -u "$SRC/tests/web/staticserve.py" "$1" 900 > "$TMP/static.log" 2>&1 &
  STATIC_PID=$!
  trap 'stop_static; stop_server; rm -rf "$TMP"' EXIT
  n=0 STATIC_URL=
  while [ -z "$STATIC_URL" ] && [ $n -lt 200 ]; do
    port=$(sed -n 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9]*\).*/\1/p' "$TMP/static.log")
    [ -n "$port" ] && STATIC_URL=http://127.0.0.1:$port
    sleep 0.1
    n=$((n + 1))
  done
  [ -n "$STATIC_URL" ] || fail "the static server did not start"
}
stop_static() {
  [ -n "$STATIC_PID" ] && kill "$STATIC_PID" 2> /dev/null
  STATIC_PID=
}
