#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-report --compare and --runs on merged fixture sets: the p-values
# of the CSV are src/wilcoxon's for the runs' medians (wilcoxon-p prints
# those) and, for the 8-byte point where every run of A is faster than
# every run of B, the exact values 2/252 (two-sided) and 1/252 (A
# faster); the stars are in the PDF; the page counts follow
# doc/reproducibility.md; bad command lines and inputs are refused.
. "${top_srcdir:-.}/tests/tools/lib.sh"
GNUPLOT=${GNUPLOT:-gnuplot}
export GNUPLOT
for tool in "$GNUPLOT" pdfinfo pdftotext; do
  command -v "$tool" >/dev/null 2>&1 || { echo "SKIP: no $tool"; exit 77; }
done
WP=$BUILD/tests/tools/wilcoxon-p

"$MERGE" -o "$TMP/A.yaml" "$RUNS"/a[1-5].yaml || fail "merge A"
"$MERGE" -o "$TMP/B.yaml" "$RUNS"/b[1-5].yaml || fail "merge B"
mkdir "$TMP/setA" && cp "$TMP/A.yaml" "$TMP/setA/merged.yaml"

# A directory stands for its merged.yaml.
"$REPORT" --compare "$TMP/setA/" "$TMP/B.yaml" -o "$TMP/c.pdf" \
  --csv "$TMP/csv" || fail "--compare failed"
pages=$(pdfinfo "$TMP/c.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
# title + (box page + reproducibility page) for each of the 2 suites
[ "$pages" = 5 ] || fail "--compare: $pages pages, not 5"

# Every row's p-values against src/wilcoxon on the merged run_medians.
"$BUILD/tests/yamlflat" "$TMP/A.yaml" > "$TMP/A.flat"
"$BUILD/tests/yamlflat" "$TMP/B.yaml" > "$TMP/B.flat"
meds() {  # FLAT SUITE POINT -> the run medians, blank-separated
  sed -n "s/^suites\.$2\.points\.$3\.run_medians\.[0-9]*=//p" "$1" | tr '\n' ' '
}
rows=0
for sp in "0 0 pingpong,8" "0 1 pingpong,1024" "0 2 pingpong,65536" \
    "1 0 barrier,"; do
  # shellcheck disable=SC2086 # split on purpose: SUITE POINT KEY
  set -- $sp
  want=$("$WP" "$(meds "$TMP/A.flat" "$1" "$2")" \
    "$(meds "$TMP/B.flat" "$1" "$2")")
  got=$(awk -F, -v key="$3" '$1 "," $2 == key {
          print $10 "," $11 "," $12 "," $9 }' "$TMP/csv/compare.csv")
  if [ -z "$want" ] || [ "$want" != "$got" ]; then
    fail "row $3: CSV '$got', src/wilcoxon '$want'"
  fi
  rows=$((rows + 1))
done
[ "$(wc -l < "$TMP/csv/compare.csv")" -eq $((rows + 1)) ] ||
  fail "compare.csv: not one row per common point"
awk -F, '$1 "," $2 == "pingpong,8" {
  if ($10 != 2/252 || $11 != 1/252 || $13 != "**" || $14 != "**" ||
      $9 != "exact") exit 1 }' "$TMP/csv/compare.csv" ||
  fail "8 bytes: not the exact p-values 2/252 and 1/252 with '**'"
awk -F, '$1 "," $2 == "barrier," { if ($9 != "normal" || $13 != "*") exit 1 }' \
  "$TMP/csv/compare.csv" || fail "barrier (ties): not normal with '*'"

# The stars are drawn: ** twice at 8 bytes, ** at 64 KiB, * for barrier.
pdftotext "$TMP/c.pdf" - | grep -x '\*\*' > "$TMP/stars2"
[ "$(wc -l < "$TMP/stars2")" -eq 3 ] || fail "PDF: not three '**' labels"
pdftotext "$TMP/c.pdf" - | grep -qx '\*' || fail "PDF: no '*' label"

# The title page's verdict: A faster at 8 B; B faster at 64 KiB and for
# barrier; 1 KiB shows no difference.
pdftotext "$TMP/c.pdf" - | grep -qxF "Points in both sets: 4. A faster (one-sided p ≤ 0.05): 1. B faster: 2. No difference shown (two-sided p > 0.05): 1." ||
  fail "title page: not the verdict 4/1/2/1"

# Reproducibility: runs-a.csv holds every run normalized by the fastest.
awk -F, 'NR > 1 && $1 == "pingpong" && $2 == 8 && $3 == 4 {
  if ($4 != 2.4e-06 || $5 != 2.4e-06 / 2.0e-06) exit 1; found = 1 }
  END { exit !found }' "$TMP/csv/runs-a.csv" ||
  fail "runs-a.csv: run 4 of 8 bytes is not 2.4e-06, 1.2"

"$REPORT" --runs "$TMP/A.yaml" -o "$TMP/r.pdf" || fail "--runs failed"
pages=$(pdfinfo "$TMP/r.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
[ "$pages" = 3 ] || fail "--runs: $pages pages, not 3"

# Refusals.
check() {  # STATUS MESSAGE ARGS...
  st=$1 msg=$2; shift 2
  "$REPORT" "$@" -o "$TMP/bad.pdf" 2> "$TMP/err"; rc=$?
  [ "$rc" -eq "$st" ] || fail "$*: exit status $rc, not $st"
  printf '%s\n' "$msg" | diff -u - "$TMP/err" || fail "$*: message"
  [ ! -e "$TMP/bad.pdf" ] || fail "$*: wrote a PDF"
}
check 2 "skampi-report: error: --compare takes two sets, A and B (see skampi-report --help)" \
  --compare "$TMP/A.yaml"
check 2 "skampi-report: error: --runs takes one set (see skampi-report --help)" \
  --runs "$TMP/A.yaml" "$TMP/B.yaml"
check 1 "$RUNS/a1.yaml: error: not a merged result file (no 'merged'); make one with skampi-merge" \
  --compare "$TMP/A.yaml" "$RUNS/a1.yaml"
"$MERGE" -o "$TMP/F.yaml" "$RUNS/fewer-points.yaml" || fail "merge F"
sed 's/name: pingpong/name: other/; s/name: barrier/name: other2/' \
  "$TMP/F.yaml" > "$TMP/G.yaml"
check 1 "skampi-report: error: '$TMP/A.yaml' and '$TMP/G.yaml' have no point in common (same suite name and argument)" \
  --compare "$TMP/A.yaml" "$TMP/G.yaml"

[ "$failures" -eq 0 ]
