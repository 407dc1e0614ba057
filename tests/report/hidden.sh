# SPDX-License-Identifier: BSD-3-Clause
# hidden.sh -- points a log axis cannot show are counted under the plot,
# each for its reason: at length 0 (the log x axis), with a zero or
# negative value (the log y axis), or both (nan/hidden.yaml).
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cd "$FIX" || exit 99
"$REPORT" nan/hidden.yaml -o "$TMP/r.pdf" 2> "$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
pdftotext "$TMP/r.pdf" "$TMP/r.txt" || fail "pdftotext"
# note FIRST SECOND: the note's two lines, one near the other (pdftotext
# may set them in either order, with blank lines between)
note() {
  grep -B 6 -A 6 -xF "$1" "$TMP/r.txt" | grep -qxF "$2" || fail "no note '$1' '$2'"
}
note "1 point cannot be shown on the log axes:" "at Length 0 (see the CSV)"
note "1 point cannot be shown on the log axes:" "with a zero or negative value (see the CSV)"
note "3 points cannot be shown on the log axes:" "1 at Length 0, 2 with a zero or negative value (see the CSV)"
[ "$(grep -c 'cannot be shown' "$TMP/r.txt")" = 3 ] ||
  fail "$(grep -c 'cannot be shown' "$TMP/r.txt") notes, want 3 (one a page)"
exit $((failures > 0))
