# SPDX-License-Identifier: BSD-3-Clause
# subtitle.sh -- a suite page's subtitle states the settings its suite
# records, not the defaults: Fixed_Repetitions and Outlier_Filter,
# timing (Root_Barrier, Global_Span) and synchronization (barrier, a
# window); the exact lines of tests/report/rate/settings.yaml's pages.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/rate/settings.yaml"
"$REPORT" "$fx" -o "$TMP/s.pdf" --script "$TMP/s.gp" 2>"$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
# has TEXT: the script sets a label that is exactly TEXT
has() {
  grep -F -x -q "set label '$1' at screen 0.0300,0.8920 left font 'DejaVu Sans,10' tc rgb '#000000' front" "$TMP/s.gp" ||
    fail "no subtitle '$1'; the script has: $(grep -F "0.0300,0.8920" "$TMP/s.gp")"
}
has "variation Length · scale Fixed_log · 20 repetitions (fixed) · Tukey fences · timing root_barrier · barrier sync"
has "variation Nodes · scale Fixed_linear · ε 0.02 · repetitions 4–50 · no outlier filter · message length 1024 · timing global_span · window sync (window 5 ms)"
has "variation Length · scale Dynamic_log · ε 0.05 · repetitions 8–1000 · cut quantile 0.05 · timing round_trip · pair 0–1"
grep -q "min. repetitions\|max. repetitions" "$TMP/s.gp" &&
  fail "a subtitle still names the repetition bounds of a fixed count"
exit $((failures > 0))
