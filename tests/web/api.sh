#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# api.sh -- skampi-db serve's API and pages (tests/web/api.py), then a
# clean stop on SIGTERM and the request log.
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
start_server
timeout 300 python3 "$SRC/tests/web/api.py" "$URL" || fail "api.py"
# an import beside the server: the run list (kept by the workers while
# the database is unchanged) shows the new run at once
count() {
  timeout 60 python3 -c 'import json, sys, urllib.request
print(json.load(urllib.request.urlopen(sys.argv[1] + "/api/runs", timeout=30))["count"])' "$URL"
}
[ "$(count)" = 14 ] || fail "14 runs before the import"
db import -q "$SRC/tests/tools/runs/b4.yaml" || fail "import beside the server"
c1=$(count) c2=$(count) c3=$(count) c4=$(count) c5=$(count)
[ "$c1 $c2 $c3 $c4 $c5" = "15 15 15 15 15" ] ||
  fail "run counts after an import beside the server: $c1 $c2 $c3 $c4 $c5"
# the overlap and persistent values of a point in the series API (JSON
# and CSV); other points have them null / empty
db import -q "$SRC/tests/tools/runs/nbc2.yaml" || fail "import of nbc2"
timeout 60 python3 - "$URL" <<'PY' || fail "overlap and persistent values"
import csv, io, json, sys, urllib.request
u = sys.argv[1] + "/api/series?sel=16&suite=ovl&suite=pers"
j = json.load(urllib.request.urlopen(u, timeout=30))
o, p = j["series"][0]["points"][0], j["series"][1]["points"][0]
want_o = {"overlap_pure": 1.4e-05, "overlap_with_computation": 1.9e-05,
          "overlap_computation": 1.3e-05, "overlap_percent": 30.0,
          "init_time": None, "free_time": None}
want_p = {"overlap_pure": None, "overlap_percent": None,
          "init_time": 7e-06, "free_time": 3e-06}
bad = [k for k, v in want_o.items() if o.get(k, "absent") != v] + \
      [k for k, v in want_p.items() if p.get(k, "absent") != v]
u = sys.argv[1] + "/api/series.csv?sel=16&suite=ovl&suite=pers"
rows = list(csv.DictReader(io.StringIO(
    urllib.request.urlopen(u, timeout=30).read().decode())))
if (rows[0]["overlap_percent"], rows[0]["init_time"],
        rows[1]["init_time"], rows[1]["free_time"]) != ("30", "", "7e-06",
                                                        "3e-06"):
    bad.append("csv %r" % rows)
if bad:
    sys.exit("wrong: %s in %r %r" % (bad, o, p))
PY
# the machine's verdict in the run list (API and page: a fixed word, "–"
# for a run without one), and a comparison that cannot show anything:
# inconclusive, its message, p, q and min_p null, never NaN
db import -q "$SRC/tests/tools/runs/noisy.yaml" || fail "import of noisy"
timeout 60 python3 - "$URL" <<'PY' || fail "verdicts and power"
import json, sys, urllib.error, urllib.parse, urllib.request
base = sys.argv[1]
def get(path):
    return urllib.request.urlopen(base + path, timeout=30).read().decode()
runs = json.loads(get("/api/runs"))["runs"]
v = {r["id"]: r["verdict"] for r in runs}
bad = []
if v.get(17) != "noisy" or v.get(1) is not None:
    bad.append("verdicts %r" % v)
page = get("/")
if '<td class="verdict noisy">noisy</td>' not in page or \
        '<td class="verdict none">\u2013</td>' not in page:
    bad.append("no verdict cells in the run list")
q = urllib.parse.urlencode({"baseline": "1", "candidate": "6"})
j = json.loads(get("/api/compare?" + q))
if j["verdict"] != "inconclusive" or not j["message"].startswith(
        "inconclusive: no point could be tested (1 run per side); use at "
        "least 5 runs per side"):
    bad.append("compare verdict %r %r" % (j["verdict"], j.get("message")))
if any(p["p"] is not None or p["q"] is not None or p["min_p"] is not None
       or p["verdict"] != "inconclusive" for p in j["points"]):
    bad.append("points %r" % j["points"])
if j["power"]["min_q"] is not None or j["power"]["need_runs"] != 5:
    bad.append("power %r" % j["power"])
html = get("/compare?" + q)
if "nan" in html or "inconclusive: no point could be tested (1 run" \
        not in html or "must all hold (AND: <code>tag=lib=a tag=os=b</code>" \
        not in html or '<span class="warn">4 inconclusive</span>' not in html:
    bad.append("compare page")
# sides that share a run are refused, with the runs they share
try:
    get("/api/compare?" + urllib.parse.urlencode(
        {"baseline": "1-3", "candidate": "3"}))
    bad.append("overlapping sides compared")
except urllib.error.HTTPError as e:
    m = json.loads(e.read().decode())["error"]
    if e.code != 400 or not m.startswith(
            "the baseline and the candidate share 1 run (3): a set "
            "compared with itself cannot show a change"):
        bad.append("overlap %d %r" % (e.code, m))
if bad:
    sys.exit("wrong: %s" % bad)
PY
# a run's nodes in the run list (API and page): 2 for a run of 4 ranks
# on n0 and n1, null / "–" for a file without a node map
awk -v P=4 -v R=2 -f "$SRC/tests/report/ranks-result.awk" > "$TMP/n4.yaml"
db import -q "$TMP/n4.yaml" || fail "import of a run with a node map"
timeout 60 python3 - "$URL" <<'PY' || fail "the runs' nodes"
import json, re, sys, urllib.request
base = sys.argv[1]
def get(path):
    return urllib.request.urlopen(base + path, timeout=30).read().decode()
runs = json.loads(get("/api/runs"))["runs"]
nodes = {r["id"]: r["nodes"] for r in runs}
last = max(nodes)
bad = []
if nodes[last] != 2 or any(v is not None for k, v in nodes.items()
                           if k != last):
    bad.append("nodes %r" % nodes)
page = get("/")
row = re.search(r'<tr data-id="%d".*?</tr>' % last, page, re.S)
if not row or '<td class="num">4</td><td class="num nodes">2</td>' \
        not in row.group(0):
    bad.append("no nodes cell in the run list: %r" % (row and row.group(0)))
one = json.loads(get("/api/runs/%d" % last))["node_map"]
want = {"nodes": 2, "pinned_ranks": 4, "shared_memory_domains": 2,
        "shared_memory_agrees": True,
        "node": [{"node": 0, "host": "n0", "ranks": 2, "first_rank": 0,
                  "cpus_online": 2},
                 {"node": 1, "host": "n1", "ranks": 2, "first_rank": 2,
                  "cpus_online": 2}]}
if one != want:
    bad.append("/api/runs/%d node_map %r" % (last, one))
if json.loads(get("/api/runs/1"))["node_map"] is not None:
    bad.append("/api/runs/1 has a node map")
if '<th>np</th><th>nodes</th>' not in page or \
        '<td class="num nodes">\u2013</td>' not in page:
    bad.append("no nodes column in the run list")
if bad:
    sys.exit("wrong: %s" % bad)
PY
# a campaign (its runs are those of other/, stored once): its three runs
# and their merged file never both drawn (the plot's series and its
# legend's run counts) nor both in a history
mkdir -p "$TMP/camp"
for i in 1 2 3; do cp "$SRC/tests/tools/runs/b$i.yaml" "$TMP/camp/run-0$i.yaml"; done
(cd "$TMP/camp" && "$MERGE" -o merged.yaml run-01.yaml run-02.yaml run-03.yaml) \
  > /dev/null 2>&1 || fail "skampi-merge of the campaign"
db import -q --tag set=camp "$TMP/camp" || fail "import of the campaign"
timeout 60 python3 - "$URL" <<'PY' || fail "a campaign's merged file beside its runs"
import json, sys, urllib.parse, urllib.request
base = sys.argv[1]
def get(path):
    return json.loads(urllib.request.urlopen(base + path, timeout=30).read().decode())
runs = get("/api/runs?" + urllib.parse.urlencode({"sel": "campaign=1"}))["runs"]
kinds = sorted(r["kind"] for r in runs)
bad = [] if kinds == ["merged", "run", "run", "run"] else ["runs %r" % kinds]
q = urllib.parse.urlencode({"sel": "campaign=1", "suite": "pingpong"})
series = get("/api/series?" + q)["series"]
if len(series) != 3 or any(s["kind"] != "run" for s in series):
    bad.append("series %r" % [(s.get("run"), s.get("kind")) for s in series])
h = get("/api/history?" + q + "&argument=1024")
if (len(h["points"]), h["merged_left_out"], h["runs_selected"]) != (3, 1, 4):
    bad.append("history %r" % {k: h[k] for k in ("points", "merged_left_out", "runs_selected")})
if bad:
    sys.exit("wrong: %s" % bad)
PY
# the floors: a run of @LIMITS yes (tests/tools/floors.yaml) gives each
# ping-pong point's floor in /api/series, 2 (best cache line + n / best
# copy rate of the longest length not above n, or of a longer one where
# higher; the cache line only in a quiet run: this one is noisy) from the
# file's limits; a
# run without limits has none; /api/compare puts the candidate's median
# against it
db import -q --tag fl=1 "$SRC/tests/tools/floors.yaml" || fail "import of floors.yaml"
sed 's/^  start_time: 2026-11-29T09:22:42Z/  start_time: 2026-11-29T10:22:42Z/' \
  "$SRC/tests/tools/floors.yaml" > "$TMP/floors2.yaml"
db import -q --tag fl=2 "$TMP/floors2.yaml" || fail "import of floors2.yaml"
timeout 60 python3 - "$URL" "$SRC/tests/tools/floors.yaml" <<'PY' || fail "floors in the API"
import json, re, sys, urllib.parse, urllib.request
base, text = sys.argv[1], open(sys.argv[2]).read()
def get(path):
    return json.loads(urllib.request.urlopen(base + path, timeout=30).read().decode())
line = float(re.search(r"cache_line:\n(?:      .*\n)*?      best: (\S+)", text).group(1))
copy = {int(n): float(b) for n, b in
        re.findall(r'"(\d+)": \{median: \S+, best: ([0-9.e+-]+),', text)}
quiet = re.search(r"^  verdict: quiet$", text, re.M) is not None
def floor(n):
    # the longest length not above n, at the best rate of it or any
    # longer length; the cache line only where the run was quiet
    ks = sorted(copy)
    below = [i for i, k in enumerate(ks) if k <= n]
    t = ks[below[-1]] / max(copy[k] for k in ks[below[-1]:]) if below else 0.0
    return 2 * ((line if quiet else 0.0) + t)
bad = []
fl = get("/api/runs?" + urllib.parse.urlencode({"sel": "tag=fl=1"}))["runs"][0]["id"]
q = urllib.parse.urlencode({"sel": "1 %d" % fl, "suite": "pingpong"})
series = get("/api/series?" + q)["series"]
mine = [s for s in series if s["run"] == fl]
other = [s for s in series if s["run"] == 1]
if len(mine) != 1 or len(other) != 1:
    bad.append("series %r" % [(s["run"], s["tags"]) for s in series])
else:
    pts = mine[0]["points"]
    if len(pts) != 8:
        bad.append("%d points" % len(pts))
    for p in pts:
        want = floor(p["argument"])
        if "floor" not in p or abs(p["floor"] / want - 1) > 1e-12:
            bad.append("floor at %s: %r, want %r" % (p["argument"], p.get("floor"), want))
    if any("floor" in p for p in other[0]["points"]):
        bad.append("a floor in a run without limits")
q = urllib.parse.urlencode({"baseline": "tag=fl=1", "candidate": "tag=fl=2"})
c = get("/api/compare?" + q)
eight = [p for p in c["points"] if p["argument"] == 8]
ratio = 1.0730801784575306e-06 / floor(8)
if len(eight) != 1 or abs(eight[0]["floor"] / floor(8) - 1) > 1e-12 or \
        abs(eight[0]["floor_ratio"] / ratio - 1) > 1e-9 or \
        abs(eight[0]["baseline_floor"] / floor(8) - 1) > 1e-12 or \
        abs(eight[0]["baseline_floor_ratio"] / ratio - 1) > 1e-9:
    bad.append("compare %r" % eight)
if bad:
    sys.exit("wrong: %s" % bad)
PY
# a point below the timer's resolution (the file's resolved: false) is
# not comparable: the page's summary counts it, the API lists it apart,
# the series say resolved: false, the series CSV's last column false
for k in 1 2; do
  sed -e "s/^  start_time: 2026-11-22T05:01:00Z/  start_time: 2026-11-24T0$k:00:00Z/" \
      -e '/^      - argument: 8$/,/eps_met/ s/^\( *\)eps_met: true$/\1eps_met: true\n\1resolved: false/' \
    "$SRC/tests/tools/runs/a1.yaml" > "$TMP/unres$k.yaml"
  db import -q --tag un=$k "$TMP/unres$k.yaml" || fail "import of unres$k.yaml"
done
timeout 60 python3 - "$URL" <<'PY' || fail "points below the timer's resolution"
import json, sys, urllib.parse, urllib.request
base = sys.argv[1]
def get(path):
    return urllib.request.urlopen(base + path, timeout=30).read().decode()
q = urllib.parse.urlencode({"baseline": "tag=un=1", "candidate": "tag=un=2"})
c = json.loads(get("/api/compare?" + q))
bad = []
nc = c["not_comparable"]
if c["not_comparable_points"] != 1 or len(nc) != 1 or nc[0]["argument"] != 8 or \
        nc[0]["unresolved"] != "both" or nc[0]["reason"] != "below the timer's resolution":
    bad.append("not_comparable %r" % nc)
if any(p["argument"] == 8 and p["suite"] == "pingpong" for p in c["points"]):
    bad.append("the unresolved point tested")
if not c["summary"].endswith("1 not comparable (below the timer's resolution)"):
    bad.append("summary %r" % c["summary"])
page = get("/compare?" + q)
if "1 not comparable (below the timer&#39;s resolution)" not in page and \
        "1 not comparable (below the timer&#x27;s resolution)" not in page:
    bad.append("the page's summary")
s = json.loads(get("/api/series?" + urllib.parse.urlencode({"sel": "tag=un=1", "suite": "pingpong"})))
pts = s["series"][0]["points"]
if [p.get("resolved") for p in pts] != [False, None, None]:
    bad.append("series resolved %r" % [p.get("resolved") for p in pts])
csv = get("/api/series.csv?" + urllib.parse.urlencode({"sel": "tag=un=1", "suite": "pingpong"})).split("\r\n")
if not csv[0].endswith(",p999_high,resolved") or \
        [l.rsplit(",", 1)[1] for l in csv[1:4]] != ["false", "true", "true"]:
    bad.append("series.csv resolved %r" % csv[:4])
h = json.loads(get("/api/suite-history?" + urllib.parse.urlencode({"sel": "tag=un=1", "suite": "pingpong"})))
if h["arguments"] != [8, 1024, 65536] or h["values"][0] != [None] or h["values"][1] != [4e-06]:
    bad.append("suite history %r %r" % (h["arguments"], h["values"]))
if bad:
    sys.exit("wrong: %s" % bad)
PY
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC on SIGTERM"
grep -q '^GET /api/runs 200 [0-9]* [0-9.]* ms$' "$TMP/server.log" ||
  fail "no log line 'GET /api/runs 200 BYTES MS ms'"
grep -q '^POST /api/runs 405 ' "$TMP/server.log" || fail "no log line of the 405"
tail -n 2 "$TMP/server.log" | head -n 1 | grep -q '^skampi-db: SIGTERM: stopping$' ||
  fail "no 'stopping' line"
tail -n 1 "$TMP/server.log" | grep -q '^skampi-db: stopped$' || fail "no 'stopped' line"
# usage errors
"$DB" --db "$TMP/t.db" serve --listen nowhere > "$TMP/o" 2>&1
[ $? = 2 ] || fail "bad --listen: exit status"
grep -q "^skampi-db: error: --listen takes ADDR:PORT" "$TMP/o" || fail "bad --listen: message"
"$DB" --db "$TMP/none.db" serve --listen 127.0.0.1:0 > "$TMP/o" 2>&1
[ $? = 3 ] || fail "missing database: exit status"
[ ! -e "$TMP/none.db" ] || fail "serve created a database"
exit $((failures > 0))
