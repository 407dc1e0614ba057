# SPDX-License-Identifier: BSD-3-Clause
# ranks.sh -- the per-rank page (doc/report.md, "Per-rank page") on a
# synthesized result of 1,024 ranks on 16 hosts (ranks-result.awk): one
# more page, gnuplot finishes without a word, the page names the slowest
# ranks, its three CSVs hold every rank with the ratios the synthesis
# implies, and its part of the script stays small: at 4,096 ranks on as
# many hosts its image has as many pixels as at 1,024 (pixel rows bin
# the ranks).
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools

awk -v P=1024 -v R=64 -f "$FIX/ranks-result.awk" >"$TMP/r1024.yaml" ||
  exit 99
"$REPORT" "$TMP/r1024.yaml" -o "$TMP/r.pdf" --csv "$TMP/csv" \
  --script "$TMP/r.gp" 2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "report said: $(cat "$TMP/err")"

# Pages: title, the suite, collective bandwidth (MPI_Allreduce), per-rank.
want=$(expected_pages "$TMP/r1024.yaml")
got=$(pdf_pages "$TMP/r.pdf")
[ "$want" = 4 ] || fail "the inputs imply $want pages, not 4"
[ "$got" = "$want" ] || fail "$got pages, expected $want"

pdftotext -f 4 -l 4 "$TMP/r.pdf" "$TMP/p4.txt" || fail "pdftotext"
for text in "per-rank times: allreduce-ranks" \
    "1024 ranks · 12 points · 16 nodes · each pixel row the slowest of 4 ranks" \
    "slowest ranks (geometric mean of their ratios)" \
    "rank 100 (n1): 2.99×, up to 2.99× at 8" \
    "rank 700 (n10): 1.99×" "rank 320 (n5): 1.5×"; do
  grep -qF "$text" "$TMP/p4.txt" || fail "page 4 lacks '$text'"
done

# The median of the synthesis's factors (ranks-result.awk), computed here.
m=$(awk 'BEGIN { for (r = 0; r < 1024; r++) {
                   f = 1 + (r % 7) / 1000
                   if (int(r / 64) == 5) f = 1.5
                   if (r == 700) f = 2
                   if (r == 100) f = 3
                   print f } }' |
  sort -g | awk '{ v[NR] = $1 } END { printf "%.17g", (v[512] + v[513]) / 2 }')

csv=$TMP/csv/p04-ranks-1-allreduce-ranks
for f in ranks nodes slowest; do
  [ -f "$csv-$f.csv" ] || fail "no $csv-$f.csv"
done
# every rank at every point, and rank 100's ratio 3/m at every point
awk -F, -v m="$m" '
  function near(a, b) { return a - b < 1e-6 * b && b - a < 1e-6 * b }
  NR == 1 { if ($0 != "suite,argument,rank,node,host,time,median,ratio") bad++; next }
  { rows++ }
  $3 == 100 && !(near($8, 3 / m) && $4 == 1 && $5 == "n1") { bad++ }
  $3 == 352 && !near($8, 1.5 / m) { bad++ }
  END { if (rows != 1024 * 12) { print rows " rows"; bad++ }; exit bad > 0 }' \
  "$csv-ranks.csv" || fail "ranks CSV"
# node n5's median rank is 1.5/m, every other node's about 1
awk -F, -v m="$m" '
  NR == 1 { next }
  { rows++ }
  $4 == "n5" && !($6 - 1.5 / m < 1e-6 && 1.5 / m - $6 < 1e-6) { bad++ }
  $4 != "n5" && ($6 > 1.01 || $6 < 0.99 || $5 != 64) { bad++ }
  END { if (rows != 16 * 12) bad++; exit bad > 0 }' \
  "$csv-nodes.csv" || fail "nodes CSV"
# slowest first: 100, 700, then host n5's 64 ranks in rank order
awk -F, '
  NR == 1 { next }
  NR == 2 && $2 != 100 { bad++ }
  NR == 3 && $2 != 700 { bad++ }
  NR >= 4 && NR <= 67 && ($2 != 320 + NR - 4 || $4 != "n5") { bad++ }
  END { if (NR != 1025) bad++; exit bad > 0 }' \
  "$csv-slowest.csv" || fail "slowest CSV"

# The page's part of the script: small, and its image of ranks 256 rows
# of 12 pixels at 1,024 ranks and at 4,096.
part() { sed -n '/^# ---- page 4:/,$p' "$1" | wc -c; }
rows() { sed -n '/^\$x << EOD/,/^EOD/p' "$1" | awk 'NF != 12 && !/EOD/ { bad++ }
  END { print bad ? -1 : NR - 2 }'; }
b1024=$(part "$TMP/r.gp")
r1024=$(rows "$TMP/r.gp")
awk -v P=4096 -v R=256 -f "$FIX/ranks-result.awk" >"$TMP/r4096.yaml" ||
  exit 99
"$REPORT" "$TMP/r4096.yaml" -o "$TMP/r4.pdf" --script "$TMP/r4.gp" \
  2>"$TMP/err" || fail "report of 4096 ranks: $(cat "$TMP/err")"
b4096=$(part "$TMP/r4.gp")
r4096=$(rows "$TMP/r4.gp")
[ "$b1024" -lt 60000 ] || fail "the per-rank page takes $b1024 bytes of script"
[ "$b4096" -lt 60000 ] || fail "4096 ranks: the page takes $b4096 bytes"
[ "$r1024" = 256 ] && [ "$r4096" = 256 ] ||
  fail "image rows: $r1024 at 1024 ranks, $r4096 at 4096"
pdftotext -f 4 -l 4 "$TMP/r4.pdf" - | grep -qF "each pixel row the slowest of 16 ranks" ||
  fail "4096 ranks: no binning said"
echo "per-rank page: $b1024 bytes of script at 1024 ranks, $b4096 at 4096"

[ "$failures" = 0 ] || exit 1
exit 0
