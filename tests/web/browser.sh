#!/bin/sh
# browser.sh -- the web interface in headless Chromium
# (tests/web/browser.py).  Skips (77) without chromium, chromedriver or
# python3-selenium, except with CI=true, where that is a failure.
# KEEP_GALLERY=DIR saves the screenshots of the three steps there
# (doc/gallery/make-gallery.sh does).
. "${top_srcdir:-.}/tests/web/lib.sh"
PY=
for p in /usr/bin/python3 python3; do
  if "$p" -c 'import selenium' 2> /dev/null; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
  echo "browser.sh: python3-selenium missing"
  [ "${CI:-}" = true ] && exit 1
  exit 77
fi
start_server
timeout 600 "$PY" "$SRC/tests/web/browser.py" "$URL" "$TMP" ${KEEP_GALLERY:+"$KEEP_GALLERY"}
rc=$?
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || fail "browser.py"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"
exit $((failures > 0))
