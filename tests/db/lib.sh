# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=sh
# lib.sh -- sourced by the tests of skampi-db (tests/db/*.sh).
#
# Sets SRC and BUILD (the trees), DB (the program), CHECK (dbcheck),
# MERGE (skampi-merge) and TMP (a scratch directory under the build tree,
# removed on exit); `db ARGS` runs skampi-db on $TMP/t.db with a fixed
# import time.  `golden NAME` compares $TMP/out with tests/db/NAME.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
BUILD=$(cd "$top_builddir" && pwd)
# shellcheck disable=SC2034 # for the scripts that source this file
{
  DB=$BUILD/db/skampi-db
  CHECK=$BUILD/tests/db/dbcheck
  MERGE=$BUILD/campaign/skampi-merge
}
failures=0
SOURCE_DATE_EPOCH=1795000000
export SOURCE_DATE_EPOCH
unset SKAMPI_DB

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

mkdir -p "$BUILD/tests/db"
TMP=$(mktemp -d "$BUILD/tests/db/tmp.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT

db() {
  "$DB" --db "$TMP/t.db" "$@"
}

# step CMD...: the command line, its output (stdout and stderr) and its
# exit status, appended to $TMP/out; the build path made neutral.
step() {
  echo "\$ skampi-db $*" >> "$TMP/out"
  (cd "$TMP/w" && "$DB" --db "$TMP/t.db" "$@") > "$TMP/step" 2>&1
  echo "[exit $?]" >> "$TMP/step"
  sed "s|$TMP|TMP|g" "$TMP/step" >> "$TMP/out"
}

golden() {
  if ! diff -u "$SRC/tests/db/$1" "$TMP/out" > "$TMP/diff"; then
    fail "output differs from tests/db/$1 (- expected, + got):"
    cat "$TMP/diff" >&2
  fi
}
