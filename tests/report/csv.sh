# SPDX-License-Identifier: BSD-3-Clause
# csv.sh -- --csv DIR writes one CSV per plot page whose values are the
# result files' values.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cd "$FIX" || exit 99

inputs="results/cluster-a.yaml results/cluster-b.yaml extra/unknown-keys.yaml real/mpich.yaml real/openmpi.yaml"
# shellcheck disable=SC2086
"$REPORT" $inputs -p groups.yaml -o "$TMP/r.pdf" --csv "$TMP/csv" \
  2>"$TMP/err" || fail "report with --csv: $(cat "$TMP/err")"

# One CSV per page that is not a title page (the collective bandwidth
# pages also write a p*-bandwidth.csv of another layout: collbw.sh).
mkdir "$TMP/extra" && mv "$TMP"/csv/p*-bandwidth.csv "$TMP/extra" || exit 99
# The per-rank pages write three more of their own layouts (ranks.sh),
# told by their headers.
for f in "$TMP"/csv/p*-ranks-*.csv; do
  case $(head -n 1 "$f") in
  suite,argument,rank,*|suite,argument,node,*|order,rank,*)
    mv "$f" "$TMP/extra" ;;
  esac
done
# shellcheck disable=SC2086
want=$(( $(expected_pages -p groups.yaml $inputs) - $(title_pages $inputs) ))
got=$(find "$TMP/csv" -name 'p*.csv' | wc -l)
[ "$got" = "$want" ] || fail "$got CSV files, expected $want"
echo "$got CSV files"

header='file,label,suite,instance,argument,mean,stderr,repetitions,eps_met,refined,bandwidth'
for f in "$TMP"/csv/*.csv; do
  [ "$(head -n 1 "$f")" = "$header" ] || fail "$(basename "$f"): header"
done

# The points of every input, keyed by file, suite and argument.
for f in $inputs; do
  awk -f yaml-points.awk "$f" | awk -F '\t' -v f="$f" \
    '$1 == "P" { print f "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 }
     $1 == "S" { print "S\t" f "\t" $2 "\t" $3 "\t" $4 "\t" $5 }'
done >"$TMP/yaml.tsv"

# Compare every CSV row with the YAML point it claims to be; count the
# rows of suite pages against the suite's points.
for f in "$TMP"/csv/*.csv; do
  awk -v csv="$(basename "$f")" -F '\t' '
    function csvsplit(line, out,    n, c, q, i, ch) {
      n = 1; out[1] = ""; q = 0
      for (i = 1; i <= length(line); i++) {
        ch = substr(line, i, 1)
        if (q && ch == "\"" && substr(line, i + 1, 1) == "\"") { out[n] = out[n] ch; i++ }
        else if (ch == "\"") q = !q
        else if (!q && ch == ",") out[++n] = ""
        else out[n] = out[n] ch
      }
      return n
    }
    function num(s) { return s == "" ? "" : sprintf("%.17g", s + 0) }
    FNR == NR {
      if ($1 == "S") {
        np[$2 SUBSEP $3] = $5; arg1[$2 SUBSEP $3] = $4
        # a round trip or an exchange moves the message twice
        twice[$2 SUBSEP $3] = ($6 == "round_trip" || $6 == "exchange")
        next
      }
      pt[$1 SUBSEP $2 SUBSEP $3] = $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8
      first[$1 SUBSEP $2] = first[$1 SUBSEP $2] == "" ? $3 : first[$1 SUBSEP $2]
      next
    }
    FNR == 1 { next }
    {
      if (csvsplit($0, c) != 11) { print csv ": " FNR ": " NF " fields"; bad++; next }
      k = c[1] SUBSEP c[3]
      a = c[5] == "" ? first[k] : num(c[5])
      want = pt[k SUBSEP a]
      got = num(c[6]) "\t" num(c[7]) "\t" c[8] "\t" c[9] "\t" c[10]
      if (want == "") { print csv ": " FNR ": no such point in " c[1]; bad++ }
      else if (got != want) { print csv ": " FNR ": " got " != " want; bad++ }
      if (arg1[k] == "length" && c[6] + 0 > 0) {
        bw = (twice[k] ? 2 : 1) * c[5] / c[6]; d = (c[11] - bw) / bw
        if (d > 1e-12 || d < -1e-12) { print csv ": " FNR ": bandwidth " c[11]; bad++ }
      } else if (c[11] != "") { print csv ": " FNR ": bandwidth for " arg1[k]; bad++ }
      rows[k]++
    }
    END {
      if (csv ~ /-suite-/)
        for (k in rows) if (rows[k] != np[k]) {
          split(k, p, SUBSEP)
          print csv ": " rows[k] " rows for " np[k] " points of " p[2]; bad++
        }
      exit bad > 0
    }' "$TMP/yaml.tsv" FS=, "$f" >>"$TMP/mismatch" ||
    fail "$(basename "$f") differs from the YAML"
done
[ -s "$TMP/mismatch" ] && cat "$TMP/mismatch" >&2
rows=$(cat "$TMP"/csv/*.csv | grep -vc '^file,')
echo "$rows CSV rows checked against the YAML"

# A name that cannot be a directory is an error, and says so.
: >"$TMP/plain-file"
"$REPORT" results/cluster-a.yaml -o "$TMP/x.pdf" --csv "$TMP/plain-file" \
  2>"$TMP/err"
rc=$?
[ "$rc" = 3 ] || fail "--csv on a file: exit status $rc"
expect="skampi-report: error: '$TMP/plain-file' is a regular file, and a CSV directory written by skampi-report cannot be written there; name a directory"
[ "$(cat "$TMP/err")" = "$expect" ] || fail "--csv on a file: $(cat "$TMP/err")"

[ "$failures" = 0 ] || exit 1
exit 0
