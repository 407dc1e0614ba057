#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""api.py URL -- the JSON API and the pages of skampi-db serve against
the database of tests/web/lib.sh: every endpoint, every error status,
the headers, and the hostile names escaped where they land."""
import csv
import io
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

URL = sys.argv[1]
assert URL.startswith("http://127.0.0.1:"), URL
failures = 0
HOSTILE_M = "<script>alert(1)</script>"
HOSTILE_S = "\"';--"


def fail(msg):
    global failures
    failures += 1
    print("FAIL:", msg)


def check(cond, msg):
    if not cond:
        fail(msg)


def get(path, method="GET", data=None):
    req = urllib.request.Request(URL + path, method=method, data=data)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def q(**kw):
    return urllib.parse.urlencode(kw, doseq=True)


def api(path, status=200):
    st, h, body = get(path)
    check(st == status, f"{path}: status {st}, expected {status}: {body[:200]!r}")
    check(h.get("Content-Type") == "application/json",
          f"{path}: Content-Type {h.get('Content-Type')}")
    check(h.get("X-Content-Type-Options") == "nosniff", f"{path}: nosniff")
    check("script-src 'self'" in h.get("Content-Security-Policy", ""),
          f"{path}: CSP")
    try:
        # no NaN or Infinity: the strict parser refuses them
        j = json.loads(body, parse_constant=lambda c: fail(f"{path}: {c}"))
    except ValueError as e:
        fail(f"{path}: not JSON: {e}: {body[:200]!r}")
        return None, h
    if status >= 400:
        check(h.get("Cache-Control") == "no-store", f"{path}: no-store")
        check(isinstance(j, dict) and set(j) == {"error"} and j["error"],
              f"{path}: error shape {j}")
    return j, h


# ---- /api/runs -----------------------------------------------------------
j, _ = api("/api/runs")
runs = j["runs"]
check(j["count"] == 14 and len(runs) == 14, f"14 runs, got {j['count']}")
r14 = [r for r in runs if r["id"] == 14][0]
check(r14["machine"] == HOSTILE_M, f"hostile machine {r14['machine']!r}")
check(r14["tags"] == {"note": "<b>x</b>"}, f"tags {r14['tags']}")
check(runs[0]["processes"] == 2 and runs[0]["library"] == "MPICH 4.0.2",
      f"run 1 {runs[0]}")
fac = {k: {v["value"]: v["count"] for v in vs} for k, vs in j["facets"].items()}
check(fac["machine"] == {"test box": 13, HOSTILE_M: 1}, f"machines {fac['machine']}")
check(fac["library"] == {"MPICH 4.0.2": 11, "Open MPI v4.1.4": 3},
      f"libraries {fac['library']}")
check(fac["processes"] == {"2": 14}, f"np {fac['processes']}")
check(fac["tag"] == {"phase=before": 5, "phase=after": 5, "note=<b>x</b>": 1},
      f"tags {fac['tag']}")
check(fac["month"] == {"2026-11": 14}, f"months {fac['month']}")
j, _ = api("/api/runs?" + q(sel="library=Open* np=2"))
check([r["id"] for r in j["runs"]] == [11, 12, 13], f"sel {j}")
# 200 run ids, as step 1 makes of runs checked one by one
j, _ = api("/api/runs?" + q(sel=" ".join(str(i) for i in range(1, 400, 2))))
check(sorted(r["id"] for r in j["runs"]) == [1, 3, 5, 7, 9, 11, 13], f"200 ids {[r['id'] for r in j['runs']]}")
j, _ = api("/api/suites?" + q(sel=" ".join(str(i) for i in range(1, 400, 2))))
check(j["runs"] == 7, f"suites of 200 ids: {j['runs']}")
api("/api/runs?" + q(sel="np=zero"), 400)
j, _ = api("/api/runs?" + q(sel="nosuch=1"), 400)
check("unknown key" in j["error"], j["error"])

# ---- /api/runs/ID --------------------------------------------------------
j, _ = api("/api/runs/14")
check(j["machine"] == HOSTILE_M and j["suites"] == 2, f"run 14 {j}")
j, _ = api("/api/runs/99", 404)
check(j["error"] == "no run 99 in the database", j)
api("/api/runs/x", 404)

# ---- /api/suites ---------------------------------------------------------
j, _ = api("/api/suites?" + q(sel="tag=phase=before"))
check(j["runs"] == 5, f"suites runs {j['runs']}")
got = {(i["instance"], s["name"], s["runs"]) for i in j["instances"] for s in i["suites"]}
check(got == {("Collective_Barrier", "barrier", 5),
              ("Pingpong_Send_Recv", "pingpong", 5)}, f"suites {got}")
j, _ = api("/api/suites?" + q(sel="1 14"))
got = {(i["instance"], s["name"], s["runs"]) for i in j["instances"] for s in i["suites"]}
check(got == {("Collective_Barrier", "barrier", 2),
              ("Pingpong_Send_Recv", "pingpong", 1),
              ("Pingpong_Send_Recv", HOSTILE_S, 1)}, f"suites 1 14 {got}")
j, _ = api("/api/suites?" + q(sel="tag=no=such"))
check(j == {"runs": 0, "instances": []}, f"no runs {j}")
api("/api/suites?" + q(sel="since=yesterday"), 400)

# ---- /api/series ---------------------------------------------------------
j, _ = api("/api/series?" + q(sel="1-2", suite=["pingpong", "barrier"]))
check(j["count"] == 4 and len(j["series"]) == 4, f"series count {j['count']}")
s0 = j["series"][0]
check((s0["run"], s0["suite"], s0["machine"], s0["processes"]) ==
      (1, "pingpong", "test box", 2), f"series 0 {s0}")
p0 = s0["points"][0]
check(p0["argument"] == 8 and p0["mean"] == 2.2e-06 and p0["median"] == 2e-06
      and p0["repetitions"] == 100 and p0["eps_met"] is True
      and p0["q1"] is None, f"point {p0}")
check([p["argument"] for p in s0["points"]] == [8, 1024, 65536],
      f"arguments {[p['argument'] for p in s0['points']]}")
j, _ = api("/api/series?" + q(sel="1", suite="pingpong", xmin=100, xmax=2000))
check([p["argument"] for p in j["series"][0]["points"]] == [1024], f"x range {j}")
j, _ = api("/api/series?" + q(sel="1-2", suite="pingpong", hide="0"))
check(j["count"] == 1 and j["found"] == 2 and j["series"][0]["run"] == 2,
      f"hide {j}")
j, _ = api("/api/series?" + q(sel="14", suite=HOSTILE_S))
check(j["count"] == 1 and j["series"][0]["suite"] == HOSTILE_S
      and j["series"][0]["machine"] == HOSTILE_M, f"hostile series {j}")
j, _ = api("/api/series?" + q(sel="1"), 400)
check("suite" in j["error"], j)
api("/api/series?" + q(suite="pingpong"), 400)
api("/api/series?" + q(sel="1", suite="pingpong", xmin="abc"), 400)
api("/api/series?" + q(sel="1", suite="pingpong", xmin="nan"), 400)
api("/api/series?" + q(sel="1", suite="pingpong", hide="x"), 400)
api("/api/series?" + q(sel="1", suite=["s%d" % i for i in range(33)]), 400)
j, _ = api("/api/series?" + q(sel="x" * 33000, suite="pingpong"), 414)
check(j["error"] == "the request target is longer than 8192 bytes", j)

# ---- /api/series.csv -----------------------------------------------------
st, h, body = get("/api/series.csv?" + q(sel="1 14", suite=["pingpong", HOSTILE_S]))
check(st == 200 and h.get("Content-Type") == "text/csv; charset=utf-8",
      f"csv {st} {h.get('Content-Type')}")
check('attachment; filename="skampi-series.csv"' == h.get("Content-Disposition"),
      f"csv disposition {h.get('Content-Disposition')}")
rows = list(csv.DictReader(io.StringIO(body.decode())))
check(len(rows) == 6, f"csv rows {len(rows)}")
check({r["suite"] for r in rows} == {"pingpong", HOSTILE_S}, f"csv suites")
check({r["machine"] for r in rows} == {"test box", HOSTILE_M}, "csv machines")
check(rows[0]["argument"] == "8" and rows[0]["mean"] == "2.2e-06"
      and rows[0]["q1"] == "", f"csv row {rows[0]}")
st, h, body = get("/api/series.csv?" + q(sel="1", suite="pingpong", xmin=9, xmax=1e6))
check(body.decode().count("\n") == 3, f"csv zoom {body!r}")

# ---- /api/compare --------------------------------------------------------
j, _ = api("/api/compare?" + q(baseline="tag=phase=before",
                               candidate="tag=phase=after"))
check(j["baseline_runs"] == 5 and j["candidate_runs"] == 5, f"compare runs {j}")
check(j["slower"] == 1 and j["faster"] == 1, f"compare findings {j['findings']}")
f = j["findings"][0]     # worst first: the slower before the faster
check(f["suite"] == "barrier" and f["verdict"] == "slower"
      and abs(f["ratio"] - 1.3) < 0.01 and f["stars"] == "*"
      and f["argument"] == "none" and f["points"] == 1, f"finding {f}")
f = j["findings"][1]
check(f["suite"] == "pingpong" and f["verdict"] == "faster" and f["from"] == 65536
      and abs(f["ratio"] - 0.85) < 0.01 and f["argument"] == "length", f"finding {f}")
# the summary counts the points, worst first
check(j["summary"].startswith("1 slower, 1 faster, 2 "), f"summary {j['summary']!r}")
check(sum(p["verdict"] != "slower" and p["verdict"] != "faster" for p in j["points"]) == 2,
      "two points without a change")
bar = [p for p in j["points"] if p["suite"] == "barrier"][0]
check(bar["method"] == "runs" and bar["verdict"] == "slower", f"point {bar}")
j, _ = api("/api/compare?" + q(baseline="tag=phase=before",
                               candidate="tag=phase=after", fdr="2"), 400)
check("fdr" in j["error"], j)
j, _ = api("/api/compare?" + q(baseline="tag=no=such", candidate="1"), 400)
check(j["error"] == "baseline selects no run", j)
api("/api/compare?" + q(baseline="1"), 400)

# ---- drawings and history ------------------------------------------------
st, h, body = get("/api/plot.pdf?" + q(sel="11-13", suite=["pingpong", "barrier"],
                                       xmin=100, xmax=4000))
check(st == 200 and h.get("Content-Type") == "application/pdf"
      and body.startswith(b"%PDF-"), f"plot.pdf: {st} {h.get('Content-Type')}")
check(h.get("Content-Disposition") == 'attachment; filename="skampi-plot.pdf"',
      "plot.pdf disposition")
st, h, body = get("/api/plot.svg?" + q(sel="14", suite=HOSTILE_S))
check(st == 200 and h.get("Content-Type") == "image/svg+xml", f"plot.svg {st}")
check(b"<script>" not in body and b"&lt;script>alert(1)&lt;/script>" in body,
      "the hostile machine escaped in the SVG")
api("/api/plot.pdf?" + q(sel="11"), 400)
api("/api/plot.pdf?" + q(sel="tag=no=such", suite="pingpong"), 400)
j, _ = api("/api/history?" + q(sel="tag=phase=before", suite="barrier", argument=0))
check([p["run"] for p in j["points"]] == [1, 2, 3, 4, 5]
      and j["points"][0]["value"] == 1.5e-06 and j["change_points"] == [],
      f"history {j}")
j, _ = api("/api/history?" + q(suite="barrier"), 400)
check("argument" in j["error"], j)
api("/api/history?" + q(suite="barrier", argument="x"), 400)
# an argument off the grid: 404 with the nearest arguments the suite has
st, h, body = get("/api/history?" + q(sel="1-5", suite="pingpong", argument=1000))
j = json.loads(body)
check(st == 404 and j["nearest"] == [8, 1024] and "no point" in j["error"],
      f"history off the grid: {st} {j}")
st, h, body = get("/api/history?" + q(sel="1-5", suite="nosuch", argument=8))
j = json.loads(body)
check(st == 404 and j["nearest"] == [], f"history of no suite: {st} {j}")
# the drop-downs' data: a suite's arguments in the chosen runs
j, _ = api("/api/arguments?" + q(sel="1-5", suite="pingpong"))
check(j == {"suite": "pingpong", "argument_name": "length", "arguments": [{"argument": 8, "runs": 5},
      {"argument": 1024, "runs": 5}, {"argument": 65536, "runs": 5}]}, f"arguments {j}")
api("/api/arguments?" + q(sel="1"), 400)
# a whole suite over time: every argument in every run, oldest first
j, _ = api("/api/suite-history?" + q(sel="tag=phase=after", suite="pingpong"))
check([r["run"] for r in j["runs"]] == [6, 7, 8, 9, 10]
      and j["arguments"] == [8, 1024, 65536] and len(j["values"]) == 3
      and all(len(v) == 5 for v in j["values"])
      and abs(j["values"][2][0] - 0.85 * 6e-05) < 1e-12, f"suite-history {j}")
api("/api/suite-history", 400)
# the series carry what a plot needs: the suite's argument and status, and
# the bytes each point moves (a ping-pong's round trip: twice the length)
j, _ = api("/api/series?" + q(sel="1", suite=["pingpong", "barrier"]))
pp = [s for s in j["series"] if s["suite"] == "pingpong"][0]
br = [s for s in j["series"] if s["suite"] == "barrier"][0]
check(pp["argument_name"] == "length" and pp["status"] == "complete"
      and pp["instance"] == "Pingpong_Send_Recv"
      and [p["bytes"] for p in pp["points"]] == [16, 2048, 131072], f"series {pp}")
check(br["argument_name"] == "none" and br["points"][0]["bytes"] is None,
      f"barrier has no payload {br}")
j, _ = api("/api/runs/1")
check([s["name"] for s in j["suite_list"]] == ["pingpong", "barrier"], f"run 1 {j}")
check("batch" in j and j["batch"] is None, f"run 1 has no batch job {j}")
st, h, body = get("/api/history.svg?" + q(suite="barrier", argument=0))
check(st == 200 and h.get("Content-Type") == "image/svg+xml" and b"<svg" in body,
      f"history.svg {st}")

# ---- errors of the router ------------------------------------------------
api("/api/nosuch", 404)
j, h = api("/api/runs", 200)
st, h, body = get("/api/runs", method="POST", data=b"")
check(st == 405 and h.get("Allow") == "GET", f"POST: {st} {h.get('Allow')}")
check(json.loads(body)["error"] == "POST is not allowed here", body)
# a body where none is taken: refused before it is read
st, h, body = get("/api/runs", method="POST", data=b"x")
check(st == 413 and json.loads(body)["error"] == "this server takes a "
      "request body only at POST /api/runs, when started with "
      "--allow-upload", f"POST with a body: {st} {body[:200]!r}")
st, h, body = get("/api/runs", method="DELETE")
check(st == 405, f"DELETE: {st}")
st, h, body = get("/api/runs", method="HEAD")
check(st == 200 and body == b"", f"HEAD: {st} {body[:40]!r}")

# ---- pages ---------------------------------------------------------------
def page(path, status=200):
    st, h, body = get(path)
    check(st == status, f"{path}: status {st}")
    check(h.get("Content-Type") == "text/html; charset=utf-8", f"{path}: type")
    csp = h.get("Content-Security-Policy", "")
    check("script-src 'self';" in csp, f"{path}: CSP {csp}")
    text = body.decode("utf-8")
    check(HOSTILE_M not in text, f"{path}: the hostile machine unescaped")
    check("<script>" not in text, f"{path}: an inline script")
    check("<b>x</b>" not in text, f"{path}: the hostile tag unescaped")
    return text

t = page("/")
check(t.count('class="pick"') == 14, "14 runs on page 1")
check("&lt;script&gt;alert(1)&lt;/script&gt;" in t, "hostile machine escaped")
t = page("/?" + q(sel="1-3"))
check(t.count(" checked>") == 3, "sel checks runs")
t = page("/suites?" + q(sel="1 14"))
check("&quot;&#39;;--" in t and '"\';--' not in t, "hostile suite escaped")
check("1 of 2 runs" in t and "2 of 2 runs" in t, "suite counts")
check(t.count('name="suite"') == 3 and 'id="filter"' in t and 'id="selall"' in t
      and 'id="plotbtn"' in t and 'data-max="32"' in t, "step 2's bar")
page("/suites", 400)
page("/plot?" + q(sel="1", suite="pingpong"))
# no suite, or more than a plot takes: a page that says so and leads back
t = page("/plot?" + q(sel="1"), 400)
check("No suite was chosen" in t and 'id="back"' in t, "plot of no suite")
t = page("/plot?" + q(sel="1", suite=["s%d" % i for i in range(40)]), 400)
check("40 suites were chosen; a plot shows at most 32" in t
      and 'href="/suites?sel=1&amp;suite=s0&amp;suite=s1' in t, "plot of 40 suites")
t = page("/compare?" + q(baseline="tag=phase=before", candidate="tag=phase=after"))
check('data-src="/api/compare?baseline=tag%3Dphase%3Dbefore&amp;candidate='
      'tag%3Dphase%3Dafter"' in t and 'data-ids="1-10"' in t
      and 'id="summary"' in t and 'id="cmpfilter"' in t, "compare page")
t = page("/compare?" + q(baseline="tag=no=such", candidate="1"), 400)
page("/compare")
page("/history")
t = page("/history?" + q(suite="barrier", argument=0))
check('id="graph"' in t and '<option value="barrier" selected>' in t
      and '<option value="0" selected>' in t, "the history page, its drop-downs")
t = page("/history?" + q(sel="1-5", suite="pingpong", argument=1000))
check('<option value="1024">1 KiB (5 runs)</option>' in t
      and '(not on the grid)</option>' in t, "history off the grid")
page("/nosuch", 404)
for path, ctype in (("/static/app.js", "text/javascript; charset=utf-8"),
                    ("/static/style.css", "text/css; charset=utf-8"),
                    ("/static/dygraph.min.js", "text/javascript; charset=utf-8"),
                    ("/static/dygraph.min.css", "text/css; charset=utf-8")):
    st, h, body = get(path)
    check(st == 200 and h.get("Content-Type") == ctype and len(body) > 100,
          f"{path}: {st} {h.get('Content-Type')}")
st, h, body = get("/static/../../etc/passwd")
check(st == 404, f"traversal: {st}")

print(f"api.py: {failures} failures")
sys.exit(1 if failures else 0)
