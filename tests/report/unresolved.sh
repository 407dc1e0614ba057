# SPDX-License-Identifier: BSD-3-Clause
# unresolved.sh -- a point marked `resolved: false` (its time is the
# timer's reading, an upper bound: doc/engine.md, "Times below the
# timer's reach") keeps its time on the suite page and in its CSV, but
# has no bandwidth: the CSV's bandwidth column is empty for it alone, the
# collective bandwidth page has no row of it; skampi-merge of two runs
# of which one has it unresolved marks the merged point so.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cd "$FIX" || exit 99
"$REPORT" nan/unresolved.yaml -o "$TMP/r.pdf" --csv "$TMP/csv" \
  2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
suite=$(ls "$TMP"/csv/p*-suite-*-copy.csv 2>/dev/null | head -n 1)
[ -n "$suite" ] || fail "no CSV of suite copy"
# argument,mean,...,bandwidth: the 1-byte point's time, no bandwidth
grep -q ',copy,memcpy,1,3e-08,1e-10,20,true,false,$' "$suite" ||
  fail "the unresolved point's row: $(grep ',memcpy,1,' "$suite")"
grep -q ',copy,memcpy,4096,4e-08,4e-10,20,true,false,1.024e+11$' "$suite" ||
  fail "the resolved point's row: $(grep ',memcpy,4096,' "$suite")"
bw=$(ls "$TMP"/csv/p*-collbw-*-bandwidth.csv 2>/dev/null | head -n 1)
[ -n "$bw" ] || fail "no collective bandwidth CSV"
grep -q '^copy,memcpy,1,' "$bw" && fail "the unresolved point is on the bandwidth page"
[ "$(grep -c '^copy,memcpy,' "$bw")" = 2 ] || fail "bandwidth rows: $(cat "$bw")"
# the merge: one run resolved, the other not, at 1 byte
sed '/resolved: false/d' nan/unresolved.yaml > "$TMP/a.yaml"
cp nan/unresolved.yaml "$TMP/b.yaml"
"${REPORT%/report/skampi-report}/campaign/skampi-merge" -o "$TMP/m.yaml" "$TMP/a.yaml" "$TMP/b.yaml" 2> "$TMP/merr" ||
  fail "merge: $(cat "$TMP/merr")"
awk '/- argument: / { a = $3 } /resolved: false/ { print a }' "$TMP/m.yaml" \
  > "$TMP/unres"
[ "$(cat "$TMP/unres")" = 1 ] ||
  fail "merged: resolved: false at '$(cat "$TMP/unres")', want the 1-byte point alone"
exit $((failures > 0))
