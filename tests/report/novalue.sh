# SPDX-License-Identifier: BSD-3-Clause
# novalue.sh -- a point without a value (mean .nan: no valid repetition)
# is neither drawn nor written to a CSV, and a note says so.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cd "$FIX" || exit 99
"$REPORT" nan/no-value.yaml -o "$TMP/r.pdf" --csv "$TMP/csv" \
  2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
want="skampi-report: nan/no-value.yaml: suite overrun: 1 point without a value (0 valid repetitions) not drawn"
grep -qxF "$want" "$TMP/err" || fail "no note; stderr: $(cat "$TMP/err")"
csv=$(grep -l ',overrun,' "$TMP"/csv/p*.csv | head -n 1)
[ -n "$csv" ] || fail "no CSV of suite overrun"
rows=$(grep -c ',overrun,' "$csv")
[ "$rows" = 2 ] || fail "$rows rows of suite overrun, want 2"
grep -q ',overrun,MPI_Allreduce,1024,' "$csv" && fail "the point without a value is in the CSV"
grep -qiE ',[-+]?\.?nan(,|$)' "$csv" && fail "a nan value in the CSV"
exit $((failures > 0))
