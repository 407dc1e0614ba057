#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# peers.sh -- hostile outputs of other benchmarks (tests/hostile/peers/):
# what a stranger's OSU or IMB file can hold.  Each NAME.osu.txt and
# NAME.imb.txt is imported with skampi-db import --from osu|imb; it must
# be refused with exit status 1 and exactly the messages of NAME.err (a
# message located at its line and column, the excerpt under it, text
# from the file escaped), and leave the database without a run.  An
# output too large to keep in the tree is made here.
#
# To see what changed after a deliberate change of a message:
#   SK_HOSTILE_UPDATE=1 make check TESTS=tests/hostile/peers.sh
# rewrites the .err files in the source tree (review the diff).
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
BUILD=$(cd "$top_builddir" && pwd)
FIX=$SRC/tests/hostile/peers
DB=$BUILD/db/skampi-db
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
mkdir -p "$BUILD/tests/hostile"
TMP=$(mktemp -d "$BUILD/tests/hostile/tmp.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT
mkdir "$TMP/c" || exit 99
cp "$FIX"/*.txt "$TMP/c/" || exit 99
# 16 MiB + 1 byte: one more than an import takes
awk 'BEGIN { s = "0123456789abcdef"; while (length(s) < 1048576) s = s s;
             for (i = 0; i < 16; i++) printf "%s", s; print "" }' \
  > "$TMP/c/too-large.osu.txt"
cd "$TMP/c" || exit 99
# the database exists first (an import that makes one says so)
"$DB" --db "$TMP/t.db" token add maker > /dev/null 2>&1 || exit 99

n=0
for f in *.osu.txt *.imb.txt; do
  name=${f%.*.txt}
  kind=${f%.txt}
  kind=${kind##*.}
  n=$((n + 1))
  "$DB" --db "$TMP/t.db" import --from "$kind" --machine m --library l \
    "$f" > "$TMP/out" 2> "$TMP/err"
  rc=$?
  [ $rc = 1 ] || fail "$f: exit status $rc, want 1"
  [ -s "$TMP/out" ] && fail "$f: printed on stdout: $(cat "$TMP/out")"
  want=$FIX/$name.$kind.err
  if [ -n "${SK_HOSTILE_UPDATE:-}" ]; then
    cp "$TMP/err" "$want"
  elif ! diff -u "$want" "$TMP/err" > "$TMP/diff" 2>&1; then
    fail "$f: messages differ from $name.$kind.err:"
    cat "$TMP/diff" >&2
  fi
  head -1 "$TMP/err" | grep -q "^$f:[0-9]*:\?[0-9]*:\? *error: \|^$f: error: " ||
    fail "$f: the first message is not located in the file: $(head -1 "$TMP/err")"
  grep -q "$(printf '\033')" "$TMP/err" && fail "$f: an escape reached the terminal"
done
[ $n -ge 30 ] || fail "only $n hostile outputs"
# nothing of any of them was stored
runs=$("$DB" --db "$TMP/t.db" list --format json | sed 's/.*"count":\([0-9]*\)}/\1/')
[ "$runs" = 0 ] || fail "the database has $runs runs"
echo "peers.sh: $n hostile outputs"
exit $((failures > 0))
