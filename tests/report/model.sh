# SPDX-License-Identifier: BSD-3-Clause
# model.sh -- the max-rate model page without MPI: a result file made from
# known parameters (two protocol regimes, k = 1..4 pairs, exact times)
# gives back those parameters within 1%, finds the one protocol switch,
# draws the model, broadcast-methods and rate pages (the switch named on
# the model page, units on the y axes), and leaves them out for files
# without such suites.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
# Regime 1 (n < 8704): alpha 2 us, R_N 1e9, R_C 4e8 B/s; regime 2:
# alpha 10 us, R_N 1.2e9, R_C 5e8.  T = alpha + k n / min(R_N, k R_C).
awk -f "$FIX/model-data.awk" >"$TMP/model.yaml" || exit 99
"$REPORT" "$TMP/model.yaml" -o "$TMP/m.pdf" --csv "$TMP/csv" \
  2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
pages=$(pdfinfo "$TMP/m.pdf" | awk '/^Pages:/ { print $2 }')
# title, 4 Length suites, 2 broadcast suites, 1 rate suite, then
# model, broadcast-methods and bandwidth pages, the collective
# bandwidth page of the 2 broadcast suites (Nodes), and the per-rank page
# of the Bcast_OL suite (its OL_i are per-rank times)
[ "$pages" = 13 ] || fail "$pages pages, want 13"
fits=$(ls "$TMP"/csv/p*-model-1-fits.csv 2>/dev/null)
[ -n "$fits" ] || fail "no fits CSV"
[ -f "$TMP"/csv/p10-bcast-methods-1.csv ] || fail "no broadcast-methods page 10"
[ -f "$TMP"/csv/p11-bandwidth-1.csv ] || fail "no bandwidth page 11"
[ -f "$TMP"/csv/p12-collbw-nodes-1-bandwidth.csv ] ||
  fail "no collective bandwidth page 12"
[ -f "$TMP"/csv/p13-ranks-1-ol-ranks.csv ] || fail "no per-rank page 13"
sw=$(ls "$TMP"/csv/p*-model-1-switches.csv 2>/dev/null)
[ "$(sed -n 2p "$sw" | cut -d, -f1-2)" = "8192,8704" ] ||
  fail "switch: $(cat "$sw")"
[ "$(wc -l <"$sw")" = 2 ] || fail "more than one switch: $(cat "$sw")"
# The PDF itself: the model page names the switch in its subtitle, and
# the y axes of the model and bandwidth pages carry a unit of B/s.
# text PAGE: the text of that page of m.pdf, one line a label.
text() {
  pdftotext -f "$1" -l "$1" "$TMP/m.pdf" - 2>/dev/null
}
mp=$(basename "$fits" | sed 's/^p0*\([0-9]*\)-.*/\1/')
text "$mp" | grep -q 'protocol switch between 8192 and 8704 bytes' ||
  fail "model page $mp does not name the switch: $(text "$mp" | head -5)"
units='\[\(B\|KiB\|MiB\|GiB\|TiB\)/s\]$'
text "$mp" | grep -q "^aggregate rate k n / T $units" ||
  fail "model page $mp: no y label with a unit"
text 11 | grep -q "^bandwidth $units" ||
  fail "bandwidth page 11: no y label with a unit: $(text 11 | grep -i bandwidth)"
# within1 ROW-MATCH FIELD WANT: the value of FIELD in the row is within
# 1% of WANT.
within1() {
  v=$(awk -F, -v m="$1" -v c="$2" '$1 "," $3 "," $4 == m { print $c }' "$fits")
  awk -v v="$v" -v w="$3" 'BEGIN { d = (v - w) / w; exit !(v != "" && d < 0.01 && d > -0.01) }' ||
    fail "$1 field $2 is '$v', want $3 within 1%"
}
within1 0,maxrate,0 5 2e-6
within1 0,maxrate,0 7 1e9
within1 0,maxrate,0 8 4e8
within1 8704,maxrate,0 5 1e-5
within1 8704,maxrate,0 7 1.2e9
within1 8704,maxrate,0 8 5e8
# The 4-parameter variant contains the 3-parameter one: R_Cb = R_Ci.
within1 0,maxrate4,0 8 4e8
within1 0,maxrate4,0 9 4e8
# The postal model of k = 1 alone is exact: 1/beta = R_C.
within1 0,postal,1 5 2e-6
within1 0,postal,1 6 2.5e-9
# The rate page holds the recorded rates; without such suites no page.
grep -q ',bw,Bandwidth_Unidirectional,1024,' "$TMP"/csv/p11-bandwidth-1.csv ||
  fail "bandwidth CSV lacks the 1024-byte point"
"$REPORT" "$FIX/results/cluster-a.yaml" -o "$TMP/a.pdf" --csv "$TMP/a" \
  2>"$TMP/err" || fail "cluster-a: $(cat "$TMP/err")"
ls "$TMP/a" | grep -q 'model\|bcast\|bandwidth-\|roundtrip' &&
  fail "pages of instances 60-69 for a file without them"
[ "$failures" = 0 ]
