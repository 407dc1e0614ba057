# SPDX-License-Identifier: BSD-3-Clause
# overlap.sh -- the overlap page of nonblocking collectives: a result with
# one post + wait suite and two overlap suites (tests/report/extra/
# overlap.yaml, a real run) gets one overlap page after its suite pages
# and the collective bandwidth page; its CSV holds, per point of the two
# overlap suites and nothing else, the three times and the percentage of
# the file, and that percentage is doc/engine.md's formula of the three;
# a percentage above 100 is refused, located.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/extra/overlap.yaml"
"$REPORT" "$fx" -o "$TMP/o.pdf" --csv "$TMP/csv" 2>"$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
# title, 3 suite pages, collective bandwidth (MPI_Ibcast), overlap
pages=$(pdf_pages "$TMP/o.pdf")
[ "$pages" = 6 ] || fail "$pages pages, want 6"
csv="$TMP/csv/p06-overlap-1.csv"
[ -f "$csv" ] || fail "no overlap CSV: $(ls "$TMP/csv")"
[ "$(head -n 1 "$csv")" = \
  "suite,instance,argument,t_pure,t_cpu,t_ovrl,overlap_percent" ] ||
  fail "header: $(head -n 1 "$csv")"
[ "$(tail -n +2 "$csv" | cut -d, -f1,2,3 | tr '\n' ' ')" = \
  "ibcast_overlap,MPI_Ibcast_Overlap,64 ibcast_overlap,MPI_Ibcast_Overlap,512 ibcast_overlap,MPI_Ibcast_Overlap,4096 iallreduce_overlap,MPI_Iallreduce_Overlap,64 iallreduce_overlap,MPI_Iallreduce_Overlap,512 iallreduce_overlap,MPI_Iallreduce_Overlap,4096 " ] ||
  fail "rows: $(tail -n +2 "$csv" | cut -d, -f1,2,3)"
# the file's values, point by point (suite index 1 and 2 of the file)
"$top_builddir/tests/yamlflat" "$fx" > "$TMP/flat"
i=0
for s in 1 2; do
  for p in 0 1 2; do
    i=$((i + 1))
    want=$(awk -F= -v s="$s" -v p="$p" '
      $1 == "suites." s ".points." p ".overlap.pure" { a = $2 }
      $1 == "suites." s ".points." p ".overlap.computation" { b = $2 }
      $1 == "suites." s ".points." p ".mean" { c = $2 }
      $1 == "suites." s ".points." p ".overlap.percent" { d = $2 }
      END { print a, b, c, d }' "$TMP/flat")
    got=$(sed -n "$((i + 1))p" "$csv" | cut -d, -f4-7 | tr , ' ')
    echo "$want $got" | awk '{
      for (k = 1; k <= 4; k++) {
        d = $k - $(k + 4); if (d < 0) d = -d
        if (d > 1e-12 * ($k < 0 ? -$k : $k) + 1e-300) exit 1 }
      m = $1 < $2 ? $1 : $2; f = ($1 + $2 - $3) / m
      if (f < 0) f = 0; if (f > 1) f = 1
      d = 100 * f - $4; if (d < 0) d = -d; exit !(d < 1e-9) }' ||
      fail "point $s.$p: file '$want', CSV '$got'"
  done
done
# a percentage beyond 100, located
sed '0,/      percent: .*/s//      percent: 100.5/' "$fx" > "$TMP/bad.yaml"
line=$(grep -n 'percent: 100.5' "$TMP/bad.yaml" | cut -d: -f1)
"$REPORT" "$TMP/bad.yaml" -o "$TMP/bad.pdf" 2>"$TMP/err" &&
  fail "a percentage above 100 was accepted"
grep -q "^$TMP/bad.yaml:$line:[0-9]*: error: .*percent" "$TMP/err" ||
  fail "bad percentage: $(cat "$TMP/err")"
[ "$failures" -eq 0 ]
