# SPDX-License-Identifier: BSD-3-Clause
# tail.sh -- the tail-latency page and the subtitles of In_Place, Root
# and Verify, from extra/tail.yaml (a real run of 2 processes): the page
# count doc/report.md promises (one tail page after the suite pages);
# the page's CSV holds every point with percentiles, each value as the
# file has it; the suite pages' subtitles say "in place", "root
# rotating", "root 1", "data verified".  A merged file with intervals
# (extra/tail-merged.yaml) has them in the CSV too.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/extra/tail.yaml"
"$REPORT" "$fx" -o "$TMP/t.pdf" --script "$TMP/t.gp" --csv "$TMP/csv" \
  2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
want=$(expected_pages "$fx")
[ "$(pdf_pages "$TMP/t.pdf")" = "$want" ] ||
  fail "$(pdf_pages "$TMP/t.pdf") pages, want $want"
n=$(pdf_pages "$TMP/t.pdf")
pdftotext -f "$n" -l "$n" "$TMP/t.pdf" - | grep -q "tail latency: P50 and P99" ||
  fail "the last page is not the tail page"
csv=$(ls "$TMP"/csv/p*-tail-1.csv 2>/dev/null)
[ -n "$csv" ] || fail "no tail CSV: $(ls "$TMP/csv")"
[ "$(head -n 1 "$csv")" = "suite,instance,argument,p50,p90,p99,p999,p50_low,p50_high,p90_low,p90_high,p99_low,p99_high,p999_low,p999_high" ] ||
  fail "tail CSV header: $(head -n 1 "$csv")"
# every point's percentiles, as the file has them (the same doubles)
awk '/^- name:/ { s = $3 } /^  - argument:/ { a = $3 }
     /^    p(50|90|99|999):/ { k = $1; sub(/:/, "", k); v[s "," a "," k] = $2 }
     END { for (x in v) print x "," v[x] }' "$fx" | sort > "$TMP/yaml"
awk -F, 'NR > 1 { print $1 "," $3 ",p50," $4; print $1 "," $3 ",p90," $5
                  print $1 "," $3 ",p99," $6; print $1 "," $3 ",p999," $7 }' \
  "$csv" | sort > "$TMP/csvv"
[ "$(wc -l < "$TMP/yaml")" = 32 ] || fail "the fixture has $(wc -l < "$TMP/yaml") percentiles, not 32"
paste -d' ' "$TMP/yaml" "$TMP/csvv" | awk '{
  n = split($1, a, ","); m = split($2, b, ",")
  if (a[1] != b[1] || a[2] != b[2] || a[3] != b[3] || a[4] + 0 != b[4] + 0) {
    print "FAIL: " $0; bad = 1 } } END { exit bad }' ||
  fail "tail CSV and the file differ (above)"
# has TEXT: the script sets a subtitle that is exactly TEXT
has() {
  grep -F -x -q "set label '$1' at screen 0.0300,0.8920 left font 'DejaVu Sans,10' tc rgb '#000000' front" "$TMP/t.gp" ||
    fail "no subtitle '$1'"
}
has "variation Length · scale Fixed_log · ε 0.03 · repetitions 20–20 · cut quantile 0.05 · timing max_local · barrier sync · in place · data verified"
has "variation Length · scale Fixed_log · ε 0.03 · repetitions 20–20 · cut quantile 0.05 · timing max_local · barrier sync · root rotating"
has "variation Length · scale Fixed_log · ε 0.03 · repetitions 20–20 · cut quantile 0.05 · timing max_local · barrier sync · in place · root 1"
has "variation Length · scale Fixed_log · ε 0.03 · repetitions 20–20 · cut quantile 0.05 · timing round_trip · pair 0–1"

# a merged file: the intervals in the CSV
m="$FIX/extra/tail-merged.yaml"
"$REPORT" "$m" -o "$TMP/m.pdf" --csv "$TMP/mcsv" 2>"$TMP/err" ||
  fail "report of the merged file: $(cat "$TMP/err")"
mcsv=$(ls "$TMP"/mcsv/p*-tail-1.csv 2>/dev/null)
[ -n "$mcsv" ] || fail "no tail CSV of the merged file"
grep -qx 'pp,Pingpong_Send_Recv,8,2e-06,3e-06,7e-06,9e-06,1.5e-06,2.5e-06,2.5e-06,3.5e-06,6e-06,9e-06,6.5e-06,1.2e-05' "$mcsv" ||
  fail "merged tail CSV: $(cat "$mcsv")"
exit $((failures > 0))
