# SPDX-License-Identifier: BSD-3-Clause
# lib.sh -- sourced by the report tests (tests/report/*.sh).
#
# Sets REPORT (the program), FIX (this directory in the source tree), TMP
# (a scratch directory under the build tree, removed on exit) and offers
# expected_pages, which derives a report's page count from its inputs by
# the rules of doc/report.md ("Pages") without the code under test.

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
FIX=$SRC/tests/report
REPORT=$(cd "$top_builddir" && pwd)/report/skampi-report
GNUPLOT=${GNUPLOT:-gnuplot}
export GNUPLOT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Skip (77) when the tools a PDF test needs are missing.
need_pdf_tools() {
  for tool in "$GNUPLOT" pdfinfo pdftoppm pdftotext; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "SKIP: $tool not found"
      exit 77
    fi
  done
}

mkdir -p "$top_builddir/tests/report"
TMP=$(mktemp -d "$(cd "$top_builddir/tests/report" && pwd)/tmp.XXXXXX") ||
  exit 99
trap 'rm -rf "$TMP"' EXIT

# The table sizes the counting rules use, from the header that sets them.
rows_per_title=$(sed -n 's/^#define SK_PAGES_TITLE_ROWS //p' \
  "$SRC/report/pages.h")
rows_per_single=$(sed -n 's/^#define SK_PAGES_SINGLE_ROWS //p' \
  "$SRC/report/pages.h")

# suites FILE: the S lines of yaml-points.awk, prefixed by FILE: file,
# suite, argument name, points, type, per-rank times (1 or 0), points
# with percentiles.
suites() {
  awk -f "$FIX/yaml-points.awk" "$1" | awk -v f="$1" -F '\t' \
    '$1 == "S" { print f "\t" $2 "\t" $3 "\t" $4 "\t" $6 "\t" $7 "\t" $8 }'
}

# The Types that have a collective bandwidth page (doc/report.md, "Pages
# of instances 60-69": the payload table).
# 201-216 and 241-256, the nonblocking and persistent forms, are in their
# blocking operation's class.
collbw_types=" 18 20 21 22 24 33 35 36 37 38 39 40 41 42 43 44 45 46 47 65 66 67 68 69 201 202 203 204 205 206 207 208 209 210 211 212 213 214 215 216 241 242 243 244 245 246 247 248 249 250 251 252 253 254 255 256 "
# The Types whose points record an overlap: one overlap page per file
# with such Length suites (doc/report.md, "Overlap page").
overlap_types=" 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235 236 "

# expected_pages [-p PARAMS] RESULT...: the page count doc/report.md
# promises for these inputs.
expected_pages() {
  params=
  if [ "$1" = -p ]; then
    params=$2
    shift 2
  fi
  groups=0 suite_pages=1 comparison_pages=1
  if [ -n "$params" ]; then
    groups=$(awk '/^groups:/ { g = 1; next } /^[^ #-]/ { g = 0 }
                  g && /^ *- title:/ { n++ } END { print n + 0 }' "$params")
    grep -Eq '^suite_pages: *(false|no|off)' "$params" && suite_pages=0
    grep -Eq '^comparison_pages: *(false|no|off)' "$params" &&
      comparison_pages=0
  fi
  for f in "$@"; do suites "$f"; done | awk -F '\t' \
    -v tr="$rows_per_title" -v sr="$rows_per_single" -v groups="$groups" \
    -v sp="$suite_pages" -v cp="$comparison_pages" -v nfiles=$# \
    -v cbt="$collbw_types" -v ovt="$overlap_types" '
    { if (!($1 in n)) nfw++; n[$1]++ }
    $3 != "none" && $4 > 0 { plots++; if (!seen[$1 SUBSEP $2]++) files[$2]++ }
    $3 == "none" && $4 > 0 && !single[$2]++ { nsingle++ }
    # a collective bandwidth page per file and variation (Length, Nodes)
    ($3 == "length" || $3 == "nodes") && $4 > 0 && index(cbt, " " $5 " ") &&
      !cb[$1 SUBSEP $3]++ { collbw++ }
    $3 == "length" && $4 > 0 && index(ovt, " " $5 " ") && !ov[$1]++ { overlap++ }
    # a per-rank page per suite with per-rank times (node_times)
    $4 > 0 && $6 == 1 { ranks++ }
    # a tail-latency page per file with Length suites of percentiles
    $3 == "length" && $4 > 0 && $7 > 0 && !tl[$1]++ { tail++ }
    END {
      for (f in n) titles += int((n[f] + tr - 1) / tr)
      titles += nfiles - nfw            # files without suites: one page
      for (s in files) if (files[s] >= 2) compare++
      print titles + sp * (plots + int((nsingle + sr - 1) / sr)) \
        + cp * compare + groups + sp * (collbw + overlap + ranks + tail)
    }'
}

# title_pages RESULT...: how many of those pages are title pages.
title_pages() {
  for f in "$@"; do
    n=$(suites "$f" | wc -l)
    echo $(( n == 0 ? 1 : (n + rows_per_title - 1) / rows_per_title ))
  done | awk '{ t += $1 } END { print t }'
}

# pdf_pages PDF: the page count pdfinfo reports.
pdf_pages() {
  pdfinfo "$1" | awk '/^Pages:/ { print $2 }'
}
