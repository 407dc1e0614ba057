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
import json, sys, urllib.parse, urllib.request
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
        "inconclusive: 1 run per side cannot show a change at q \u2264 0.05; "
        "use at least 4"):
    bad.append("compare verdict %r %r" % (j["verdict"], j.get("message")))
if any(p["p"] is not None or p["q"] is not None or p["min_p"] is not None
       or p["verdict"] != "inconclusive" for p in j["points"]):
    bad.append("points %r" % j["points"])
if j["power"]["min_q"] is not None or j["power"]["need_runs"] != 4:
    bad.append("power %r" % j["power"])
html = get("/compare?" + q)
if "nan" in html or "inconclusive: 1 run per side" not in html:
    bad.append("compare page")
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
