# SPDX-License-Identifier: BSD-3-Clause
# spread.sh -- the suite page draws each point's dispersion and says what
# it plots: for a single run the mean (after its outlier filter) with the
# quartiles q1..q3 as a band; for a merged file the median of the runs
# with its confidence interval as band and bars; a multi-modal point is
# marked, with the locations of its modes.  All checked in the gnuplot
# script of tests/report/rate/spread.yaml; a bad interval is refused.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/rate/spread.yaml"
"$REPORT" "$fx" -o "$TMP/s.pdf" --script "$TMP/s.gp" 2>"$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
page() {
  awk -v s="$1" '/^# ---- page / { on = ($NF == s) } on' "$TMP/s.gp"
}
# block PAGE NAME: the rows of data block $NAME
block() {
  printf '%s\n' "$1" | awk -v n="\$$2" '
    $1 == n && $2 == "<<" { on = 1; next } /^EOD$/ { on = 0 } on'
}
# same "ROWS" "WANT" (both several lines): numbers equal within 1e-9
same() {
  printf '%s\n' "$1" >"$TMP/a"; printf '%s\n' "$2" >"$TMP/b"
  paste -d' ' "$TMP/a" "$TMP/b" | awk '{
    h = NF / 2; for (i = 1; i <= h; i++) {
      d = $i - $(i + h); if (d < 0) d = -d
      if (d > 1e-9 * ($(i + h) < 0 ? -$(i + h) : $(i + h)) + 1e-12) exit 1 }
    n++ } END { exit !(n > 0) }' &&
    [ "$(wc -l <"$TMP/a")" = "$(wc -l <"$TMP/b")" ]
}
grep -q "^set ylabel 'time \[ns\]'" "$TMP/s.gp" || fail "the time axis is not in ns"
m=$(page suite-f1-merged)
# merged: the median leads (ns), the CI is band and bars
same "$(block "$m" t0a)" "8 270 250 310
1024 1000 950 1050" || fail "merged line: $(block "$m" t0a)"
same "$(block "$m" t0q)" "8 250 310
1024 950 1050" || fail "merged band: $(block "$m" t0q)"
for t in "title 'line: median of the runs'" \
         "title 'band: confidence interval of the median (coverage 96.1% or more)'" \
         "title 'bars: confidence interval of the median'"; do
  printf '%s\n' "$m" | grep -q -F "$t" || fail "merged page: no $t"
done
printf '%s\n' "$m" | grep -q -F "standard error" &&
  fail "merged page: a legend of standard errors it does not draw"
o=$(page suite-f1-modal)
# single run: the mean with the quartiles as the band (ns)
same "$(block "$o" t0a)" "8 320 319 321
64 600 560 640" || fail "modal line: $(block "$o" t0a)"
same "$(block "$o" t0q)" "8 310 330
64 320 1400" || fail "modal band: $(block "$o" t0q)"
same "$(block "$o" t0o)" "64 600 560 640" || fail "modes mark: $(block "$o" t0o)"
same "$(block "$o" t0l)" "64 320
64 450
64 1400" || fail "mode locations: $(block "$o" t0l)"
for t in "title 'line: mean after the cut (quantile 0.05)'" \
         "title 'band: quartiles q1–q3 of the repetitions'" \
         "title 'several modes (+: their locations)'" \
         "title '± standard error'"; do
  printf '%s\n' "$o" | grep -q -F "$t" || fail "modal page: no $t"
done
# a file's numbers reach gnuplot as numbers only: every data row of the
# script is numbers
awk '/<< EOD$/ { on = 1; next } /^EOD$/ { on = 0 }
     on { for (i = 1; i <= NF; i++)
            if ($i !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) { print; exit 1 } }' \
  "$TMP/s.gp" || fail "a data row that is not numbers"
# A confidence interval whose low is above its high is refused.
sed 's/low: 2.5e-07, high: 3.1e-07/low: 3.5e-07, high: 3.1e-07/' "$fx" \
  >"$TMP/bad.yaml"
"$REPORT" "$TMP/bad.yaml" -o "$TMP/bad.pdf" 2>"$TMP/err" &&
  fail "a bad interval was drawn"
grep -q "'ci' has its low above its high" "$TMP/err" ||
  fail "bad interval: $(cat "$TMP/err")"
exit $((failures > 0))
