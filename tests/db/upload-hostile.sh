#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# upload-hostile.sh -- an upload is imported exactly like `skampi-db
# import`: every file of the hostile corpus (tests/hostile/results) and a
# good one go through sk_upload_import() (tests/db/upload_file, as the
# server calls it) and through `skampi-db import`; both take or refuse
# the same files with the same messages (the excerpts of the upload come
# from its bytes), and a refused upload leaves no row behind.  A file
# with a bad factor or date, the import refuses with skampi-merge's
# located messages.
. "${top_srcdir:-.}/tests/db/lib.sh"
UP=$BUILD/tests/db/upload_file
mkdir -p "$TMP/w"
cp "$SRC"/tests/hostile/results/*.yaml "$SRC/tests/tools/runs/a1.yaml" "$TMP/w/"
cd "$TMP/w" || exit 99
n=0
refused=0
for f in *.yaml; do
  n=$((n + 1))
  rm -f "$TMP"/up.db* "$TMP"/im.db*
  "$UP" "$TMP/up.db" "$f" > "$TMP/up.out" 2> "$TMP/up.err" ||
    { fail "$f: upload_file exit $?"; continue; }
  "$DB" --db "$TMP/im.db" import "$f" > "$TMP/im.out" 2> "$TMP/im.all"
  st=$?
  grep -v "^skampi-db: created the database $TMP/im.db\$" "$TMP/im.all" > "$TMP/im.err"
  status=$(sed -n '1s/^status \([0-9]*\) .*/\1/p' "$TMP/up.out")
  [ -s "$TMP/up.err" ] && fail "$f: upload printed on stderr: $(cat "$TMP/up.err")"
  case $st:$status in
    0:0) # taken: the same run; the warnings of a point left out (as the
      # import says them on stderr), then the note on its line
      { cat "$TMP/im.err"; sed 's/^/skampi-db: /' "$TMP/im.out"; } > "$TMP/im.all"
      sed 1d "$TMP/up.out" | diff -u "$TMP/im.all" - ||
        fail "$f: taken, but said differently" ;;
    1:2) # refused: the import's messages without its two closing lines
      sed '$d' "$TMP/im.err" | sed '$d' > "$TMP/im.msg"
      sed 1d "$TMP/up.out" | diff -u "$TMP/im.msg" - ||
        fail "$f: refused with other messages"
      [ "$("$CHECK" "$TMP/up.db" counts)" = "$("$CHECK" "$TMP/im.db" counts)" ] ||
        fail "$f: rows left: $("$CHECK" "$TMP/up.db" counts)" ;;
    *) fail "$f: import exit $st, upload status $status" ;;
  esac
  # and every factor and date of a run that skampi-merge refuses, the
  # import refuses with the same located messages (tests/hostile/results:
  # STATUS, NAME.merge.err).  (A point's bad value is another matter: the
  # import leaves that point out with a warning, as the 0:0 case says.)
  name=${f%.yaml}
  want=$(awk -v n="$name" '$1 == n { print $3 }' "$SRC/tests/hostile/results/STATUS")
  case $name in factors-*|start-time-*|end-time-*) ;; *) want= ;; esac
  if [ -n "$want" ] && [ "$want" != 0 ]; then
    [ "$st" = 1 ] || fail "$f: import exit $st where skampi-merge refuses"
    sed '$d' "$TMP/im.err" | sed '$d' |
      diff -u "$SRC/tests/hostile/results/$name.merge.err" - ||
      fail "$f: import's messages are not skampi-merge's"
    refused=$((refused + 1))
  fi
done
echo "$n files; $refused with a bad factor or date, refused by skampi-merge and the import alike"
[ "$refused" -ge 22 ] || fail "only $refused files of bad factors or dates"
[ "$n" -gt 40 ] || fail "only $n files"
exit $((failures > 0))
