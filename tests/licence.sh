#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# licence.sh -- the licence is where a packager looks for it: LICENSE,
# AUTHORS and NEWS; every program's --version (lib/licence.h, and
# campaign/skampi-run.in's copy of its lines) and every man page's
# COPYRIGHT section; the SPDX line of every source file, which
# build-aux/spdx.sh adds and tests/layout.sh (rule 13) demands.  The
# rule is tried on a copy of the tree with files injected without the
# line: layout.sh names exactly them, spdx.sh adds the line (after a
# "#!" line, in the comment of each language) once and only once, and
# layout.sh passes again, its rule 7 reading past the line.
set -u
srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 99
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
tmp=$(mktemp -d "$builddir/sk-licence.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# ---- the files ---------------------------------------------------------
head -n 3 "$srcdir/LICENSE" | tr '\n' '|' | grep -qx \
  'BSD 3-Clause License||Copyright (c) 2026, the skampi authors (see the AUTHORS file)|' ||
  bad "LICENSE does not start with the BSD 3-Clause title and the copyright"
grep -q '^3\. Neither the name of the copyright holder nor the names of its$' \
  "$srcdir/LICENSE" || bad "LICENSE lacks the third clause"
grep -q 'the skampi authors' "$srcdir/AUTHORS" || bad "AUTHORS names no authors"
version=$(sed -n 's/^AC_INIT(\[skampi\], \[\([^]]*\)\].*/\1/p' "$srcdir/configure.ac")
grep -q "^\* $version (" "$srcdir/NEWS" ||
  bad "NEWS has no entry for $version, the version of configure.ac"

# ---- --version ---------------------------------------------------------
lines="Copyright (c) 2026 the skampi authors
Licence: BSD-3-Clause <https://spdx.org/licenses/BSD-3-Clause.html>"
progs="src/skampi report/skampi-report campaign/skampi-run campaign/skampi-merge"
[ "${SK_WITH_DB:-yes}" = no ] || progs="$progs db/skampi-db"
for p in $progs; do
  "$builddir/$p" --version > "$tmp/v" 2>&1 || bad "$p --version: exit $?"
  [ "$(head -n 1 "$tmp/v")" = "${p##*/} $version" ] ||
    bad "$p --version: first line '$(head -n 1 "$tmp/v")'"
  [ "$(tail -n 2 "$tmp/v")" = "$lines" ] ||
    bad "$p --version does not end in the licence: $(cat "$tmp/v")"
done

# ---- man pages ---------------------------------------------------------
for page in "$srcdir"/doc/*.[1-8]; do
  awk '/^\.SH/ { on = ($2 == "COPYRIGHT") } on' "$page" | tr '\n' ' ' |
    grep -q 'BSD 3\\-Clause licence' ||
    bad "${page##*/} has no COPYRIGHT section naming the BSD 3-Clause licence"
done

# ---- the SPDX line: rule 13 on a copy with files injected ------------
copy=$tmp/tree
mkdir "$copy" || exit 99
if command -v git > /dev/null 2>&1 &&
   [ "$(cd "$srcdir" && git rev-parse --show-toplevel 2> /dev/null)" = "$(cd "$srcdir" && pwd -P)" ]; then
  (cd "$srcdir" && git ls-files -co --exclude-standard | grep -v '^_' |
     tr '\n' '\0' | tar --null --ignore-failed-read -T - -cf - 2> /dev/null) |
    tar -xf - -C "$copy" || exit 99
else
  (cd "$srcdir" && find . \( -name '_*' -o \( -name 'build-*' ! -name build-aux \) \
     -o -name 'sk-*' -o -name autom4te.cache \) -prune -o -type f -print |
     tar -T - -cf -) | tar -xf - -C "$copy" || exit 99
fi
chmod -R u+w "$copy"
# the tree as it is has the line everywhere
out=$(sh "$copy/build-aux/spdx.sh" --check) ||
  bad "files of the tree without the SPDX line (sh build-aux/spdx.sh adds it): $out"
# test inputs and the SKaMPI paper's example are not ours to mark
sh "$copy/build-aux/spdx.sh" --list > "$tmp/list"
grep -q '^tests/.*\.skampi$' "$tmp/list" && bad "spdx.sh selects the suite files of tests/"
grep -qx 'suites/fig1.skampi' "$tmp/list" && bad "spdx.sh selects suites/fig1.skampi"
for f in lib/stats.c grammar/parser.y db/web/static/app.js doc/skampi.1 \
         suites/default.skampi .ci/run configure.ac Makefile.am; do
  [ -f "$copy/$f" ] || continue   # (.ci/ is not in the tarball)
  grep -qx "$f" "$tmp/list" || bad "spdx.sh does not select $f"
done
# nor what bison, flex, Autotools and configure make (in a tarball)
grep -E '^(grammar/(parser|lexer)\.[ch]|configure|config\.h(\.in)?|Makefile\.in|aclocal\.m4|build-aux/(install-sh|missing|depcomp|compile))$' \
  "$tmp/list" && bad "spdx.sh selects generated files"
# the violations: a C file whose naming comment is on its fourth line, a
# script with a "#!" line, a suite, a fragment, a style sheet, a man page
mkdir -p "$copy/tests/inject" || exit 99
printf '\n/*\n *\n * inject.c -- a file without the licence line.\n */\n#include <config.h>\n' \
  > "$copy/lib/inject.c"
printf '#!/bin/sh\n# inject.sh -- a script without the licence line.\nexit 0\n' \
  > "$copy/tests/inject/inject.sh"
chmod 755 "$copy/tests/inject/inject.sh"
printf '# inject.skampi -- a suite without it.\n' > "$copy/suites/inject.skampi"
printf '# inject.mk -- a fragment without it.\n' > "$copy/tests/inject/inject.mk"
printf 'p { color: red; }\n' > "$copy/db/web/static/inject.css"
printf '.TH INJECT 1\n' > "$copy/doc/inject.1"
printf '@MACHINE a test input, left as it is\n' > "$copy/tests/inject/input.skampi"
injected="db/web/static/inject.css doc/inject.1 lib/inject.c suites/inject.skampi tests/inject/inject.mk tests/inject/inject.sh"
# layout.sh fails, naming exactly the injected files
top_srcdir=$copy sh "$copy/tests/layout.sh" > "$tmp/layout" 2>&1 &&
  bad "layout.sh passes with files without the SPDX line"
sed -n '/^FAIL: source files without the line SPDX-License-Identifier: BSD-3-Clause (sh build-aux\/spdx.sh adds it):$/,/^FAIL\|^layout/p' \
  "$tmp/layout" | sed '1d; /^FAIL/d' | sort > "$tmp/named"
[ "$(tr '\n' ' ' < "$tmp/named")" = "$injected " ] ||
  { cat "$tmp/layout"; bad "layout.sh named '$(tr '\n' ' ' < "$tmp/named")', not '$injected '"; }
# spdx.sh adds the line to each, once
sh "$copy/build-aux/spdx.sh" > "$tmp/fixed" 2>&1 || bad "spdx.sh failed: $(cat "$tmp/fixed")"
[ "$(sort "$tmp/fixed" | tr '\n' ' ')" = "$(for f in $injected; do
       printf 'spdx.sh: added the licence line to %s ' "$f"; done)" ] ||
  bad "spdx.sh said: $(cat "$tmp/fixed")"
L='SPDX-License-Identifier: BSD-3-Clause'
[ "$(head -n 1 "$copy/lib/inject.c")" = "/* $L */" ] || bad "inject.c: $(head -n 1 "$copy/lib/inject.c")"
[ "$(sed -n 2p "$copy/lib/inject.c")" = "" ] || bad "inject.c: the file's own text moved"
[ "$(head -n 2 "$copy/tests/inject/inject.sh")" = "$(printf '#!/bin/sh\n# %s' "$L")" ] || bad "inject.sh: $(head -n 2 "$copy/tests/inject/inject.sh")"
[ -x "$copy/tests/inject/inject.sh" ] || bad "inject.sh lost its execute bit"
[ "$(head -n 1 "$copy/suites/inject.skampi")" = "# $L" ] || bad "inject.skampi"
[ "$(head -n 1 "$copy/tests/inject/inject.mk")" = "# $L" ] || bad "inject.mk"
[ "$(head -n 1 "$copy/db/web/static/inject.css")" = "/* $L */" ] || bad "inject.css"
[ "$(head -n 1 "$copy/doc/inject.1")" = ".\\\" $L" ] || bad "inject.1: $(head -n 1 "$copy/doc/inject.1")"
[ "$(cat "$copy/tests/inject/input.skampi")" = "@MACHINE a test input, left as it is" ] ||
  bad "spdx.sh changed a test input"
# idempotent: a second run changes nothing
(cd "$copy" && cksum $injected) > "$tmp/sum1"
out=$(sh "$copy/build-aux/spdx.sh" 2>&1) || bad "spdx.sh (again) failed"
[ -z "$out" ] || bad "spdx.sh (again) said: $out"
(cd "$copy" && cksum $injected) > "$tmp/sum2"
cmp -s "$tmp/sum1" "$tmp/sum2" || bad "spdx.sh (again) changed files"
# and layout.sh passes: rule 7 reads the naming comments past the line
top_srcdir=$copy sh "$copy/tests/layout.sh" > "$tmp/layout" 2>&1 ||
  { cat "$tmp/layout"; bad "layout.sh fails after spdx.sh"; }
# ... and still checks them there: the C file's naming comment, on its
# fifth line (the fourth but the licence line), naming another file fails
sed 's/ \* inject\.c -- / * stats.c -- /' "$copy/lib/inject.c" > "$tmp/c" &&
  cat "$tmp/c" > "$copy/lib/inject.c" || exit 99
top_srcdir=$copy sh "$copy/tests/layout.sh" > "$tmp/layout" 2>&1 &&
  bad "layout.sh passes a naming comment past the licence line that names another file"
grep -qx 'FAIL: lib/inject.c: its first comment names it stats.c' "$tmp/layout" ||
  { cat "$tmp/layout"; bad "layout.sh did not name lib/inject.c's wrong first comment"; }
exit $fail
