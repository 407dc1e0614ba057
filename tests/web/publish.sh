#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# publish.sh -- skampi-db publish DIR [SELECTION]: the file set of the
# static site (with its history, and a comparison when asked), every
# JSON file parses (and its script twin holds the
# same JSON), the pages escape the hostile machine and suite names, the
# SVGs are XML, the selection limits what is published, a directory of
# other files is refused without --force, and nothing is written through
# a symbolic link an earlier occupant left.  What publish may remove or
# replace, and two publishes at once: tests/hostile/publish.sh.  The browser test walks the
# site itself (browser.sh).
. "${top_srcdir:-.}/tests/web/lib.sh"
PY=python3
S=$TMP/site

db publish "$S" > "$TMP/out" 2> "$TMP/err" || fail "publish exit $?"
grep -qx "published 14 runs, 3 suites (31 files) into $S" "$TMP/out" ||
  fail "publish summary: $(cat "$TMP/out")"
grep -qx "skampi-db: publish: suite 2 of 3: \"';--" "$TMP/err" ||
  fail "progress: $(cat "$TMP/err")"
(cd "$S" && find . -type f | LC_ALL=C sort) > "$TMP/files"
cat > "$TMP/want" <<'LIST'
./.skampi-publish
./app.js
./csv/0.csv
./csv/1.csv
./csv/2.csv
./data/history/0.js
./data/history/0.json
./data/history/1.js
./data/history/1.json
./data/history/2.js
./data/history/2.json
./data/runs.js
./data/runs.json
./data/series/0-0.js
./data/series/0-0.json
./data/series/1-0.js
./data/series/1-0.json
./data/series/2-0.js
./data/series/2-0.json
./data/suites.js
./data/suites.json
./dygraph.min.css
./dygraph.min.js
./history.html
./index.html
./plot.html
./style.css
./suites.html
./svg/0.svg
./svg/1.svg
./svg/2.svg
LIST
diff "$TMP/want" "$TMP/files" > /dev/null || fail "file set: $(diff "$TMP/want" "$TMP/files")"

$PY - "$S" <<'PY' || fail "the data files"
import csv, glob, json, os, re, sys
import xml.etree.ElementTree as ET
S = sys.argv[1]
bad = 0
def check(c, m):
    global bad
    if not c:
        bad += 1
        print("FAIL:", m)
for f in glob.glob(S + "/data/**/*.json", recursive=True):
    with open(f, encoding="utf-8") as h:
        j = json.load(h)
    key = os.path.relpath(f, S + "/data")[:-5]
    with open(f[:-5] + ".js", encoding="utf-8") as h:
        js = h.read()
    pre = 'skampiData("%s", ' % key
    check(js.startswith(pre) and js.endswith(");\n")
          and json.loads(js[len(pre):-3]) == j, f"{f}: its twin")
runs = json.load(open(S + "/data/runs.json"))
check(runs["count"] == 14 and len(runs["runs"]) == 14, "runs.json: 14 runs")
check(any(r["machine"] == "<script>alert(1)</script>" for r in runs["runs"]),
      "runs.json keeps the hostile machine as a string")
su = json.load(open(S + "/data/suites.json"))
flat = {x["name"]: x for g in su["instances"] for x in g["suites"]}
check(su["runs"] == 14 and su["block"] == 256, f"suites.json head {su['runs']}")
check(flat["barrier"] == {"name": "barrier", "argument": "none", "runs": 14,
                          "file": 0, "ids": "1-14", "blocks": [0]},
      f"barrier {flat.get('barrier')}")
check(flat["\"';--"]["ids"] == "14" and flat["\"';--"]["file"] == 1,
      "the hostile suite is suite 1 of run 14")
s2 = json.load(open(S + "/data/series/2-0.json"))
check(s2["count"] == 13 and sorted(s["run"] for s in s2["series"]) == list(range(1, 14))
      and all(s["suite"] == "pingpong" for s in s2["series"]),
      "series/2-0.json: pingpong of runs 1-13")
p = s2["series"][0]["points"][0]
check(set(p) >= {"argument", "median", "q1", "q3", "mean", "stderr", "ci_low"},
      f"a point as the API writes it: {sorted(p)}")
with open(S + "/csv/2.csv", newline="") as h:
    rows = list(csv.DictReader(h))
check(len({r["run"] for r in rows}) == 13 and rows[0]["suite"] == "pingpong"
      and len(rows) == sum(len(s["points"]) for s in s2["series"]),
      f"csv/2.csv: {len(rows)} rows")
with open(S + "/csv/1.csv", newline="") as h:
    rows = list(csv.DictReader(h))
check(rows and rows[0]["suite"] == "\"';--" and rows[0]["machine"] ==
      "<script>alert(1)</script>", "csv/1.csv: hostile names as fields")
for f in glob.glob(S + "/svg/*.svg"):
    ET.parse(f)
    check("<script>" not in open(f).read(), f"{f}: no script element")
h2 = json.load(open(S + "/data/history/2.json"))
check(h2["suite"] == "pingpong" and h2["arguments"] == [8, 1024, 65536]
      and len(h2["runs"]) == 14 and all(len(v) == 14 for v in h2["values"])
      and h2["values"][0][-1] is None and h2["change_points"] == [],
      "history/2.json: pingpong's grid (run 14 lacks the suite)")
for f in ("index.html", "suites.html", "plot.html", "history.html"):
    h = open(os.path.join(S, f)).read()
    check(not re.search(r"<script>|<script [^>]*>[^<]", h), f"{f}: no inline script")
    check(not re.search(r'(src|href)="(https?:)?//', h), f"{f}: no other host")
    check("<script>alert" not in h, f"{f}: no hostile markup")
idx = open(S + "/index.html").read()
check("&lt;script&gt;alert(1)&lt;/script&gt;" in idx, "index.html escapes the machine")
check("note=&lt;b&gt;x&lt;/b&gt;" in idx, "index.html escapes the tag")
sys.exit(1 if bad else 0)
PY

# a selection limits what is published; publishing again removes the
# files of the earlier site that are not written again
db publish -q "$S" 11-13 || fail "publish 11-13"
[ "$(ls "$S/csv")" = "0.csv
1.csv" ] || fail "11-13: csv $(ls "$S/csv")"
grep -q '"count":3}' "$S/data/runs.json" || fail "11-13: runs.json count"
[ "$(grep -c '<tr data-id=' "$S/index.html")" = 3 ] || fail "11-13: index rows"

# a comparison of two selections named on the command line, within the
# runs published; the navigation links it only then
[ -e "$S/compare.html" ] && fail "compare.html without a comparison"
grep -q 'id="navcompare"' "$S/index.html" && fail "a link to no comparison"
db publish -q "$S" 1-10 --baseline tag=phase=before --candidate tag=phase=after ||
  fail "publish with a comparison"
[ -f "$S/compare.html" ] && [ -f "$S/data/compare.json" ] && [ -f "$S/data/compare.js" ] ||
  fail "the comparison's files"
grep -q 'id="navcompare" href="compare.html"\|href="compare.html" id="navcompare"' "$S/index.html" ||
  grep -q 'href="compare.html"' "$S/index.html" || fail "no link to the comparison"
$PY - "$S/data/compare.json" <<'PY' || fail "compare.json"
import json, sys
j = json.load(open(sys.argv[1]))
c = j["comparison"]
assert j["baseline"] == "tag=phase=before" and j["ids"] == "1-10", j
assert c["summary"].startswith("1 slower, 1 faster, 2 ") and c["slower"] == 1, c
assert [f["suite"] for f in c["findings"]] == ["barrier", "pingpong"], c["findings"]
PY
db publish -q "$S" 11-13 --baseline tag=phase=before --candidate 11 2> "$TMP/err"
[ $? = 1 ] && grep -qxF "skampi-db: error: --baseline selects no published run" "$TMP/err" ||
  fail "a side of no published run: $(cat "$TMP/err")"
db publish -q "$S" --baseline 1 2> "$TMP/err"
[ $? = 2 ] && grep -qxF "skampi-db: error: publish takes --baseline and --candidate together" "$TMP/err" ||
  fail "--baseline alone: $(cat "$TMP/err")"

# a directory of other files is refused without --force
mkdir "$TMP/other" && echo keep > "$TMP/other/notes.txt"
db publish -q "$TMP/other" 2> "$TMP/err"
[ $? = 1 ] || fail "a foreign directory: exit status"
grep -qxF "skampi-db: error: $TMP/other: the directory holds files but no .skampi-publish of an earlier publish; choose an empty or new directory, or add --force" "$TMP/err" ||
  fail "a foreign directory: $(cat "$TMP/err")"
[ ! -e "$TMP/other/index.html" ] || fail "a foreign directory was written"
db publish -q --force "$TMP/other" 14 || fail "--force"
[ -f "$TMP/other/index.html" ] && [ "$(cat "$TMP/other/notes.txt")" = keep ] ||
  fail "--force: the site next to the other files"

# links an earlier occupant left are neither followed nor replaced
mkdir "$TMP/out1" "$TMP/l"
printf 'skampi-db publish manifest 1\n' > "$TMP/l/.skampi-publish"
ln -s "$TMP/out1" "$TMP/l/svg"
db publish -q "$TMP/l" 2> "$TMP/err" && fail "svg a link: published"
grep -qxF "skampi-db: error: $TMP/l: 1 entry that no earlier publish wrote here, or changed since (the first: svg); publish removes and replaces only its own files: choose an empty or new directory, or add --force to write beside them" "$TMP/err" ||
  fail "svg a link: $(cat "$TMP/err")"
db publish -q --force "$TMP/l" 2> "$TMP/err" && fail "svg a link: published (--force)"
grep -q "^skampi-db: error: $TMP/l/svg: not a directory (a symbolic link is not followed)$" "$TMP/err" ||
  fail "svg a link (--force): $(cat "$TMP/err")"
rm "$TMP/l/svg"
rm -rf "$TMP/l/data" "$TMP/l/csv" "$TMP/l/.skampi-publish.journal"
echo precious > "$TMP/out1/victim"
ln -s "$TMP/out1/victim" "$TMP/l/index.html"
db publish -q --force "$TMP/l" 2> "$TMP/err" && fail "a link in place of index.html: published"
grep -qxF "skampi-db: error: $TMP/l/index.html: in the way of the site: publish did not write it and never replaces it; remove it, or choose another directory" "$TMP/err" ||
  fail "a link in place of index.html: $(cat "$TMP/err")"
[ "$(cat "$TMP/out1/victim")" = precious ] || fail "written through a link"
[ -L "$TMP/l/index.html" ] || fail "index.html (a link) replaced"
[ "$(ls -A "$TMP/out1")" = victim ] || fail "files outside: $(ls -A "$TMP/out1")"

# usage
db publish 2> "$TMP/err"; [ $? = 2 ] || fail "no DIR: exit status"
grep -qxF "skampi-db: error: publish needs a directory (skampi-db publish DIR [SELECTION])" "$TMP/err" ||
  fail "no DIR: $(cat "$TMP/err")"
exit $((failures > 0))
