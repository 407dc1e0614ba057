#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""draw.py URL DIR held|never -- the drawings of skampi-db serve
(draw.sh says what).  DIR holds the stand-in gnuplot's files: started.PID
when one starts, go to let them all go.  Every wait is for an event,
bounded only against a hang; no duration decides."""
import glob
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

URL, DIR, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
bad = 0


def check(ok, what):
    global bad
    if not ok:
        bad += 1
        print("FAIL:", what)


def get(path, timeout=120):
    try:
        with urllib.request.urlopen(URL + path, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def until(cond, what, limit=60):
    end = time.monotonic() + limit
    while not cond():
        if time.monotonic() > end:
            check(False, f"waited {limit} s for {what}")
            return False
        time.sleep(0.05)
    return True


PLOT = "/api/plot.svg?" + urllib.parse.urlencode(
    {"sel": "1-5", "suite": "pingpong"})


class Req(threading.Thread):
    def __init__(self, path):
        super().__init__(daemon=True)
        self.path, self.result = path, None

    def run(self):
        self.result = get(self.path)


def started():
    return len(glob.glob(os.path.join(DIR, "started.*")))


# nothing to plot: the request's doing, 400 (before any gnuplot)
st, h, b = get("/api/plot.svg?sel=1&suite=nosuch")
check(st == 400 and json.loads(b)["error"].startswith("nothing to plot"),
      f"nothing to plot: {st} {b[:120]!r}")

if MODE == "never":
    st, h, b = get(PLOT)
    check(st == 503 and "took longer than a drawing may take" in
          json.loads(b)["error"], f"a drawing past its limit: {st} {b[:160]!r}")
    check("Retry-After" not in h, "a drawing past its limit: Retry-After")
    sys.exit(1 if bad else 0)

# two drawings run (their gnuplots start and are held) ...
first = [Req(PLOT), Req(PLOT)]
for r in first:
    r.start()
until(lambda: started() == 2, "two gnuplots")
# ... twelve more: eight wait, four are turned away at once
more = [Req(PLOT) for _ in range(12)]
for r in more:
    r.start()
until(lambda: sum(r.result is not None for r in more) == 4,
      "four answers of the twelve")
time.sleep(0.5)         # (a fifth would be a failure: none can come)
answered = [r for r in more if r.result is not None]
check(len(answered) == 4, f"{len(answered)} of 12 answered while held")
for r in answered:
    st, h, b = r.result
    check(st == 503 and h.get("Retry-After") == "5" and
          json.loads(b)["error"] == "the server is drawing as many plots as "
          "it takes (2, and 8 waiting); try again in a few seconds",
          f"queue full: {st} {h.get('Retry-After')} {b[:160]!r}")
    check("script-src 'self'" in h.get("Content-Security-Policy", ""),
          "a 503 without the CSP")
check(started() == 2, f"{started()} gnuplots running, not 2")

# meanwhile every other page is answered: they never wait behind drawings
for path, want in (("/api/runs", lambda j: j["count"] == 14),
                   ("/api/suites?sel=all", lambda j: j["runs"] == 14),
                   ("/api/runs/1", lambda j: j["id"] == 1)):
    for _ in range(5):
        st, h, b = get(path, timeout=60)
        check(st == 200 and want(json.loads(b)), f"{path} while drawing: {st}")
st, h, b = get("/", timeout=60)
check(st == 200 and b"<table" in b, f"/ while drawing: {st}")

# let go: every held and waiting drawing is answered (the stand-in draws
# nothing: 500, gnuplot wrote no picture)
open(os.path.join(DIR, "go"), "w").close()
waiting = first + [r for r in more if r not in answered]
for r in waiting:
    r.join(120)
check(all(r.result is not None for r in waiting), "a drawing never answered")
for r in waiting:
    if r.result:
        st, h, b = r.result
        check(st == 500 and "wrote no picture" in json.loads(b)["error"],
              f"after the release: {st} {b[:160]!r}")
check(started() == 10, f"{started()} gnuplots ran, not 10")
sys.exit(1 if bad else 0)
