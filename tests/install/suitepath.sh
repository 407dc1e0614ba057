#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# suitepath.sh -- skampi finds a suite by path or by name: a file in the
# current directory (or a name ending in .skampi) is a path, then $SKAMPI_SUITE_PATH, then (for the skampi of
# the build tree) the source tree's suites/; a name found nowhere gets the
# list of places looked in and the closest shipped name.
set -u
srcdir=$(cd "${top_srcdir:-.}" && pwd -P) || exit 99
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-suitepath.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# first_line ARGS: the 'file:' line of skampi --check ARGS
file_of() { "$skampi" --check "$@" 2>"$tmp/err" | sed -n 1p; }

cd "$tmp" || exit 99
unset SKAMPI_SUITE_PATH
[ "$(file_of default)" = "file: $srcdir/suites/default.skampi" ] ||
  bad "default: $(file_of default)"
# A .skampi file name is a path, never looked up (and gets no note).
"$skampi" --check default.skampi >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || bad "default.skampi does not exit with status 1"
[ "$(cat "$tmp/err")" = \
  "default.skampi: error: cannot open: No such file or directory" ] ||
  { cat "$tmp/err"; bad "default.skampi: message"; }
[ "$(file_of --suite fig1)" = "file: $srcdir/suites/fig1.skampi" ] ||
  bad "--suite fig1: $(file_of --suite fig1)"

# A file of that name here is a path, and wins.
cp "$srcdir/suites/fig1.skampi" default
[ "$(file_of default)" = "file: default" ] || bad "./default: $(file_of default)"
rm default

# SKAMPI_SUITE_PATH comes first; empty entries are skipped.
mkdir mine
cp "$srcdir/suites/fig1.skampi" mine/default.skampi
[ "$(SKAMPI_SUITE_PATH=::$tmp/nowhere:$tmp/mine file_of default)" = \
  "file: $tmp/mine/default.skampi" ] || bad "SKAMPI_SUITE_PATH is not first"

# A name found nowhere: the usual error, then where skampi looked.
"$skampi" --check defualt >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || bad "an unknown name does not exit with status 1"
cat >"$tmp/want" <<EOT
defualt: error: cannot open: No such file or directory
skampi: note: 'defualt' is no file here, nor a suite in:
  $srcdir/suites
EOT
head -n 3 "$tmp/err" | diff -u "$tmp/want" - || bad "unknown name: message"
tail -n 1 "$tmp/err" | grep -qx "skampi: note: did you mean 'default'?" ||
  bad "unknown name: no suggestion"
[ -s "$tmp/out" ] && bad "unknown name printed a plan"

# A path is never looked up.
"$skampi" --check ./default >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || bad "./default does not exit with status 1"
grep -q note "$tmp/err" && bad "a path got the lookup note"

# --suite and a SUITE_FILE together are one file too many.
"$skampi" --check --suite default fig1 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || bad "--suite with a SUITE_FILE does not exit with status 2"
grep -qx "skampi: error: one SUITE_FILE only ('fig1' is one too many)" "$tmp/err" ||
  { cat "$tmp/err"; bad "--suite with a SUITE_FILE: message"; }
"$skampi" --check --suite default --suite fig1 >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] || bad "--suite twice does not exit with status 2"
grep -qx "skampi: error: --suite given twice" "$tmp/err" ||
  { cat "$tmp/err"; bad "--suite twice: message"; }
exit $fail
