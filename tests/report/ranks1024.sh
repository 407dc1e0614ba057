# SPDX-License-Identifier: BSD-3-Clause
# ranks1024.sh -- the report of a run on 1,024 processes stays readable
# and cheap.  A result file made by tests/report/ranks1024.awk (the
# broadcast methods over 2, 4, ..., 1024 processes on 16 hosts, Bcast_OL
# once with its spread per point and once with every OL_i listed, and an
# MPI_Bcast over process counts) gets its title page, 7 suite pages, the
# broadcast-methods page, the collective bandwidth page and the per-rank
# page of the Bcast_OL suite that lists every OL_i; gnuplot
# finishes without a word; the broadcast page's CSV holds the formula's
# spread of OL_i (min, median, max, slowest destination) for both
# Bcast_OL suites, the one the report computed from the listed OL_i
# included; the script draws one bar per point (not one dot per
# destination) and no axis with a tic per process.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
awk -v procs=1024 -f "$FIX/ranks1024.awk" > "$TMP/r.yaml" || exit 99
"$REPORT" "$TMP/r.yaml" -o "$TMP/r.pdf" --csv "$TMP/csv" \
  --script "$TMP/r.gp" 2> "$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
pages=$(pdf_pages "$TMP/r.pdf")
[ "$pages" = 11 ] || fail "$pages pages, want 11"
csv="$TMP/csv/p09-bcast-methods-1.csv"
[ -f "$csv" ] || fail "no broadcast-methods CSV: $(ls "$TMP/csv")"
[ "$(head -n 1 "$csv")" = \
  "suite,instance,argument,mean,ol_min,ol_median,ol_max,slowest_destination" ] ||
  fail "header: $(head -n 1 "$csv")"
# 6 suites x 10 process counts; the OL columns for Bcast_OL only
[ "$(tail -n +2 "$csv" | wc -l)" = 60 ] || fail "$(tail -n +2 "$csv" | wc -l) rows, want 60"
awk -F, 'NR > 1 {
  p = $3; lg = log(p) / log(2)
  k = $2 == "Bcast_Send_Latency" ? 5 : $2 == "Bcast_Rounds" ? 6 : \
      $2 == "Bcast_Barrier" ? 7 : $2 == "Bcast_Ack" ? 8 : 2
  if (!close_to($4, k * 1e-6 * lg)) { print "mean " $0; bad = 1 }
  if ($2 != "Bcast_OL") { if ($5 $6 $7 $8 != "") { print "spread " $0; bad = 1 }; next }
  n++
  if (!close_to($5, 1e-6 * (1 + 1 / p) * lg) || !close_to($6, 1.5e-6 * lg) ||
      !close_to($7, 1e-6 * (1 + (p - 1) / p) * lg) || $8 != p - 1) {
    print "spread " $0; bad = 1
  }
}
function close_to(a, b) { return a != "" && (a - b) <= 1e-12 * b && (b - a) <= 1e-12 * b }
END { exit bad || n != 20 }' "$csv" || fail "CSV values (above)"
# One bar per point of each Bcast_OL suite: the $o datablocks hold 10
# lines each, not 1,023 dots per point; the process axes are on log2
# with tics at powers of two, never a tic per process.
for k in 4 5; do
  n=$(awk -v b="\$o$k << EOD" '$0 == b { on = 1; next }
    on && $0 == "EOD" { print n + 0; exit } on { n++ }' "$TMP/r.gp")
  [ "$n" = 10 ] || fail "datablock \$o$k has '$n' lines, want 10"
done
grep -qx 'set xtics 1' "$TMP/r.gp" && fail "a tic per process"
[ "$(grep -c '^set xtics (2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)$' "$TMP/r.gp")" -ge 2 ] ||
  fail "process axes: $(grep 'xtics' "$TMP/r.gp")"
exit $((failures > 0))
