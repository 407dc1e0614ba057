#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# reconfigure.sh -- `make install` after configuring again with another
# prefix installs programs that know the new place: a build tree of its
# own is configured for prefix A and built, configured again for prefix
# B, and installed; the installed skampi-db serves B's web files and
# names B's directory (lib/skpaths.h was made again and the objects that
# include it rebuilt), and skampi finds B's suites.  A whole build (a
# few minutes): only with SKAMPI_TEST_RECONFIGURE=1 (make
# check-reconfigure, which .ci/run runs), else skipped (77).
set -u
# skampi-db is not built where configure left it out (--disable-db, or
# its libraries missing: SK_WITH_DB=no, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "SKIP: skampi-db is not built (configure: --disable-db, or SQLite, libcurl, libmicrohttpd or dygraphs missing)"
  exit 77
fi
[ "${SKAMPI_TEST_RECONFIGURE:-}" = 1 ] || {
  echo "reconfigure.sh: SKAMPI_TEST_RECONFIGURE=1 runs it (make check-reconfigure)"
  exit 77
}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 99
tmp=$(mktemp -d "$builddir/sk-reconf.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
mpicc=$(sed -n "s/^MPICC='\(.*\)'$/\1/p" "$builddir/config.status" 2>/dev/null)
mpicc=${mpicc:-$(sed -n 's/^MPICC = //p' "$builddir/Makefile")}
mkdir "$tmp/b" && cd "$tmp/b" || exit 99
"$srcdir/configure" -q --prefix="$tmp/A" MPICC="${mpicc:-mpicc}" \
  >"$tmp/log" 2>&1 || { cat "$tmp/log"; echo "FAIL: configure A"; exit 1; }
${MAKE:-make} -s -j2 >"$tmp/log" 2>&1 || { tail -30 "$tmp/log"; echo "FAIL: make"; exit 1; }
grep -q "\"$tmp/A/share/skampi/web\"" lib/skpaths.h || bad "lib/skpaths.h lacks A"
"$srcdir/configure" -q --prefix="$tmp/B" MPICC="${mpicc:-mpicc}" \
  >"$tmp/log" 2>&1 || { cat "$tmp/log"; echo "FAIL: configure B"; exit 1; }
${MAKE:-make} -s -j2 install >"$tmp/log" 2>&1 ||
  { tail -30 "$tmp/log"; echo "FAIL: make install after configuring again"; exit 1; }
grep -q "\"$tmp/B/share/skampi/web\"" lib/skpaths.h || bad "lib/skpaths.h was not made again for B"
strings "$tmp/B/bin/skampi-db" | grep -q "^$tmp/B/share/skampi/web$" ||
  bad "the installed skampi-db does not name B's web directory"
strings "$tmp/B/bin/skampi-db" | grep -q "^$tmp/A/" &&
  bad "the installed skampi-db still names A's directories"
[ -e "$tmp/A" ] && bad "make install wrote into A"
# a reader never makes a database: import does
"$tmp/B/bin/skampi-db" --db "$tmp/t.db" import "$srcdir/tests/tools/runs/a1.yaml" \
  >/dev/null 2>&1 || bad "B's skampi-db import"
: >"$tmp/serve.log"
"$tmp/B/bin/skampi-db" --db "$tmp/t.db" serve --listen 127.0.0.1:0 \
  2>"$tmp/serve.log" &
pid=$!
url= n=0
while [ -z "$url" ] && [ $n -lt 200 ] && kill -0 $pid 2>/dev/null; do
  url=$(sed -n 's|^skampi-db: listening on \(http://[0-9.:]*\)/$|\1|p' "$tmp/serve.log")
  [ -n "$url" ] || sleep 0.1
  n=$((n + 1))
done
[ -n "$url" ] && python3 -c 'import sys, urllib.request as u
open(sys.argv[2], "wb").write(u.urlopen(sys.argv[1], timeout=60).read())' \
  "$url/static/app.js" "$tmp/app.js"
kill $pid 2>/dev/null
wait $pid 2>/dev/null
cmp -s "$tmp/app.js" "$tmp/B/share/skampi/web/app.js" ||
  { cat "$tmp/serve.log"; bad "B's skampi-db does not serve B's app.js"; }
mkdir "$tmp/elsewhere" && cd "$tmp/elsewhere" || exit 99
"$tmp/B/bin/skampi" --check default >"$tmp/plan" 2>&1 || bad "B's skampi --check default"
grep -q "^file: $tmp/B/share/skampi/default.skampi$" "$tmp/plan" ||
  bad "B's skampi read $(sed -n 1p "$tmp/plan")"
exit $fail
