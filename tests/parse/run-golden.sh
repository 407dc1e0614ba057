#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-golden.sh -- one golden test of the suite language.
#
#   run-golden.sh [DIR/]NAME.skampi        (the test harness calls it so)
#
# Runs `skampi --check tests/parse/NAME.skampi` from $top_srcdir (so that
# messages name the file the same in every build tree) and compares its
# standard output, its standard error (after a line "--- stderr") and
# "exit status: N" with tests/parse/NAME.expected, exactly.  A line
# "# np: P" in the .skampi file adds --np P.
#
# SK_GOLDEN_UPDATE=1 writes NAME.expected instead of comparing: review
# every such change with git diff before committing it.
set -u
name=$(basename "$1" .skampi)
srcdir=${top_srcdir:-.}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
input=tests/parse/$name.skampi
expected=$srcdir/tests/parse/$name.expected
[ -x "$skampi" ] || { echo "no $skampi"; exit 99; }
[ -f "$srcdir/$input" ] || { echo "no $srcdir/$input"; exit 99; }

tmp=$(mktemp -d "$builddir/golden.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

np=$(sed -n 's/^# np: *\([0-9][0-9]*\).*/\1/p' "$srcdir/$input" | head -n 1)
(
  cd "$srcdir" || exit 99
  "$skampi" --check ${np:+--np "$np"} "$input" >"$tmp/out" 2>"$tmp/err"
  echo "exit status: $?" >"$tmp/status"
)
{
  cat "$tmp/out"
  if [ -s "$tmp/err" ]; then
    echo "--- stderr"
    cat "$tmp/err"
  fi
  cat "$tmp/status"
} >"$tmp/got"

if [ "${SK_GOLDEN_UPDATE:-0}" = 1 ]; then
  cp "$tmp/got" "$expected" && echo "wrote $expected"
  exit 0
fi
if ! [ -f "$expected" ]; then
  echo "missing $expected; this is what skampi printed:"
  cat "$tmp/got"
  exit 1
fi
if diff -u "$expected" "$tmp/got"; then
  exit 0
fi
echo "FAIL: $input differs from $expected (diff above: - expected, + got)"
exit 1
