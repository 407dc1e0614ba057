# SPDX-License-Identifier: BSD-3-Clause
# bandwidth.sh -- one formula for every bandwidth: for the bandwidth
# instances of a fixture (tests/report/rate/bandwidth.yaml, 4
# processes), the bandwidth page's CSV is the formula of doc/report.md
# computed here by hand (Multipair_Pingpong k n / T with k = 2,
# Bandwidth_Bidirectional 2 n / T, Bandwidth_Unidirectional n / T), and
# the values the gnuplot script plots on the bandwidth page and on the
# suite pages' bandwidth panels are those of the CSV.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/rate/bandwidth.yaml"
"$REPORT" "$fx" -o "$TMP/b.pdf" --csv "$TMP/csv" --script "$TMP/b.gp" \
  2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
bwcsv=$(ls "$TMP"/csv/p*-bandwidth-1.csv 2>/dev/null)
[ -f "$bwcsv" ] || fail "no bandwidth page CSV: $(ls "$TMP/csv")"

# csv_bw SUITE ARGUMENT -> the bandwidth column of the bandwidth page
csv_bw() {
  awk -F, -v s="$1" -v a="$2" '$3 == s && $5 == a { print $11 }' "$bwcsv"
}
# near A B: equal within 1e-9 relative
near() {
  awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / b;
    exit !(a != "" && d < 1e-9 && d > -1e-9) }'
}
# The hand-computed bandwidths (B/s).
for c in "multipair 1024 $((2 * 1024))/4.0e-06" \
         "multipair 65536 $((2 * 65536))/5.0e-05" \
         "bw_bi 1024 $((2 * 1024))/2.0e-06" \
         "bw_bi 65536 $((2 * 65536))/2.5e-05" \
         "bw_uni 1024 1024/1.0e-06" \
         "bw_uni 65536 65536/2.0e-05"; do
  set -- $c
  want=$(awk "BEGIN { printf \"%.17g\", $3 }")
  got=$(csv_bw "$1" "$2")
  near "$got" "$want" || fail "CSV $1 $2: '$got', want $want"
done

# The unit of a ylabel "... [GiB/s]" in B/s.
unit_of() {
  case "$1" in
    *"[B/s]"*) echo 1 ;; *"[KiB/s]"*) echo 1024 ;;
    *"[MiB/s]"*) echo 1048576 ;; *"[GiB/s]"*) echo 1073741824 ;;
    *) echo 0 ;;
  esac
}
# page SLUG: the script's lines of that page
page() {
  awk -v s="$1" '/^# ---- page / { on = ($NF == s) } on' "$TMP/b.gp"
}
# block TEXT NAME: "x y" of the data block $NAME in TEXT
block() {
  printf '%s\n' "$1" | awk -v n="\$$2" '
    $1 == n && $2 == "<<" { on = 1; next } /^EOD$/ { on = 0 }
    on { print $1, $2 }'
}
bwpage=$(page bandwidth-1)
u=$(unit_of "$(printf '%s\n' "$bwpage" | grep "set ylabel 'bandwidth")")
[ "$u" != 0 ] || fail "bandwidth page: no unit"
k=0
for s in multipair bw_bi bw_uni; do
  n=0
  while read -r x y; do
    got=$(awk -v y="$y" -v u="$u" 'BEGIN { printf "%.17g", y * u }')
    near "$got" "$(csv_bw "$s" "$x")" ||
      fail "bandwidth page $s $x: plotted $got, CSV $(csv_bw "$s" "$x")"
    n=$((n + 1))
  done <<EOT
$(block "$bwpage" "s$k")
EOT
  [ "$n" = 2 ] || fail "bandwidth page $s: $n points plotted, want 2"
  # the suite page's bandwidth panel: the same figures
  sp=$(page "suite-f1-$s")
  su=$(unit_of "$(printf '%s\n' "$sp" | grep "set ylabel 'bandwidth")")
  n=0
  while read -r x y; do
    got=$(awk -v y="$y" -v u="$su" 'BEGIN { printf "%.17g", y * u }')
    near "$got" "$(csv_bw "$s" "$x")" ||
      fail "suite page $s $x: plotted $got, CSV $(csv_bw "$s" "$x")"
    n=$((n + 1))
  done <<EOT
$(block "$sp" b0a)
EOT
  [ "$n" = 2 ] || fail "suite page $s: $n bandwidth points, want 2"
  k=$((k + 1))
done
# A ping-pong's bandwidth: the message there and back, 2 n / T.
got=$(awk -F, '$3 == "pingpong" { print $11 }' "$TMP"/csv/p*-suite-f1-pingpong.csv)
near "$got" 512000000 || fail "pingpong: '$got', want 5.12e+08"
exit $((failures > 0))
