#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# browser.sh -- the web interface in headless Chromium
# (tests/web/browser.py).  Skips (77) without chromium, chromedriver or
# python3-selenium, except with CI=true, where that is a failure.
# The static site of skampi-db publish is served by tests/web/staticserve.py
# on an ephemeral loopback port and walked too (and from file://).  The
# P99 toggle is walked on tests/report/extra/tail-merged.yaml, imported
# last (TAIL_IMPORT).
# KEEP_GALLERY=DIR (absolute) saves a screenshot of every page there, the
# server's and the published site's (doc/gallery.md says how).
. "${top_srcdir:-.}/tests/web/lib.sh"
need_selenium browser.sh
# run 15: 40 suites, more than a plot takes (step 2 explains the limit)
sh "$SRC/tests/db/bigresult.sh" 40 4 1 > "$W/many.yaml" &&
  db import -q "$W/many.yaml" || fail "import of 40 suites"
start_server
# the static site of skampi-db publish, with the comparison of the two
# campaigns, served by a plain static server (http.server with serve's
# Content-Security-Policy, at most 900 s) on an ephemeral loopback port,
# and opened from file:// as well
db publish -q "$TMP/site" --baseline tag=phase=before \
  --candidate tag=phase=after || fail "publish"
start_static "$TMP/site"
# browser.py imports a merged suite with percentiles for the P99 toggle
# when the walk no longer counts the runs
# and, after it, two runs of @LIMITS yes for the view against the floor
# (FLOOR_IMPORT: runs 17 and 18, the second's suite named as markup)
# (both made quiet: floors.yaml is a noisy run, whose floors are the
# copies alone; a quiet run's add the cache line, lib/floor.h)
sed 's/^  verdict: noisy$/  verdict: quiet/' "$SRC/tests/tools/floors.yaml" \
  > "$W/floors.yaml"
grep -q '^  verdict: quiet$' "$W/floors.yaml" || fail "fixture: floors.yaml not quiet"
sed 's/^- name: pingpong$/- name: "<img src=x onerror=alert(1)>"/' \
  "$W/floors.yaml" > "$W/floor-name.yaml"
grep -q '^- name: "<img' "$W/floor-name.yaml" || fail "fixture: floor-name.yaml"
# and run 19, whose 8 B ping-pong the timer could not resolve
sed -e 's/^  start_time: 2026-11-22T05:01:00Z/  start_time: 2026-11-25T05:01:00Z/' \
    -e '/^      - argument: 8$/,/eps_met/ s/^\( *\)eps_met: true$/\1eps_met: true\n\1resolved: false/' \
  "$SRC/tests/tools/runs/a1.yaml" > "$W/unresolved.yaml"
grep -q 'resolved: false' "$W/unresolved.yaml" || fail "fixture: unresolved.yaml"
FLOOR_IMPORT="$DB --db $TMP/t.db import -q $W/floors.yaml $W/floor-name.yaml $W/unresolved.yaml" \
TAIL_IMPORT="$DB --db $TMP/t.db import -q $SRC/tests/report/extra/tail-merged.yaml" \
STATIC_URL=$STATIC_URL STATIC_FILE=$TMP/site \
  timeout 900 "$PY" "$SRC/tests/web/browser.py" "$URL" "$TMP" ${KEEP_GALLERY:+"$KEEP_GALLERY"}
rc=$?
stop_static
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || fail "browser.py"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"
exit $((failures > 0))
