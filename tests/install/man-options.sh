#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# man-options.sh -- every program's --help and its man page list the same
# options, and every man page renders without a groff warning (skipped,
# exit status 77, when man or groff is missing).
#
# One line per program below: the program (in the build tree) and its man
# page (in the source tree).  A new program is one more line.
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
programs='
src/skampi             doc/skampi.1
report/skampi-report   doc/skampi-report.1
campaign/skampi-merge    doc/skampi-merge.1
campaign/skampi-run      doc/skampi-run.1
'
# skampi-db where it is built (SK_WITH_DB, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "man-options.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): its man page is not compared"
else
  programs="$programs
db/skampi-db             doc/skampi-db.1"
fi
pages="doc/skampi.5"
tmp=$(mktemp -d "$builddir/sk-manopt.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# help_options: the options (-x, --name) of the option lines of --help on
# stdin: lines that start with blanks and a '-', up to the description
# (two blanks).
help_options() {
  sed -n 's/^ *\(-[^ ].*\)$/\1/p' | sed -e 's/   *.*//' -e 's/\[=[A-Z]*\]//' |
    tr ', ' '\n\n' | grep -E '^--?[A-Za-z]' | sort -u
}

# man_options: the options in the tags (.TP) of the OPTIONS section of
# the man page on stdin, font changes and quotes removed.
man_options() {
  awk '/^\.SH/ { on = ($2 == "OPTIONS") } on && tag { print; tag = 0 }
       on && /^\.TP/ { tag = 1 }' |
    sed -e 's/\\f[BIRP]//g' -e 's/\\-/-/g' -e 's/"//g' |
    tr ', ' '\n\n' | grep -E '^--?[A-Za-z]' | sort -u
}

echo "$programs" | while read -r prog page; do
  [ -n "$prog" ] || continue
  "$builddir/$prog" --help >"$tmp/help" 2>&1 ||
    { echo "FAIL: $prog --help failed"; echo 1 >"$tmp/failed"; continue; }
  help_options <"$tmp/help" >"$tmp/from-help"
  man_options <"$srcdir/$page" >"$tmp/from-man"
  [ -s "$tmp/from-help" ] || { echo "FAIL: no options in $prog --help"; echo 1 >"$tmp/failed"; }
  if ! diff -u "$tmp/from-help" "$tmp/from-man" >"$tmp/diff"; then
    echo "FAIL: $prog --help (-) and $page (+) list different options:"
    cat "$tmp/diff"
    echo 1 >"$tmp/failed"
  fi
  echo "$page" >>"$tmp/pages"
done
[ -f "$tmp/failed" ] && fail=1

# groff's warnings, as man prints them.  Without man or groff the pages
# cannot be rendered: a failed option list still fails, else the test is
# skipped (77), not passed (.ci/install-deps installs man-db, groff-base).
missing=
for tool in man groff; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  [ "$fail" -eq 0 ] || exit 1
  echo "SKIP: no$missing (Debian: man-db, groff-base): the man pages were not rendered"
  exit 77
fi
for page in $pages $(cat "$tmp/pages"); do
  LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 \
    man --warnings -E UTF-8 -l -Tutf8 -Z "$srcdir/$page" \
    >/dev/null 2>"$tmp/warn" || echo "man failed" >>"$tmp/warn"
  if [ -s "$tmp/warn" ]; then
    echo "FAIL: $page renders with warnings:"
    cat "$tmp/warn"
    fail=1
  fi
done
exit $fail
