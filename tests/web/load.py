#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""load.py URL PID -- a bounded load on skampi-db serve: 50 concurrent
clients on loopback for about 3 seconds (at most 200 requests each) on
the run list, the suites, the series and a comparison.  Every answer
must be right (status and content), the server must live, and its
resident memory must stay bounded.  Timings are not judged."""
import json
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

URL, PID = sys.argv[1], int(sys.argv[2])
assert URL.startswith("http://127.0.0.1:"), URL
CLIENTS, SECONDS, MAX_REQ = 50, 3.0, 200
PATHS = [
    ("/api/runs", lambda j: j["count"] == 14),
    ("/api/suites?sel=all", lambda j: j["runs"] == 14),
    ("/api/series?" + urllib.parse.urlencode(
        {"sel": "1-10", "suite": ["pingpong", "barrier"]}, doseq=True),
     lambda j: j["count"] == 20),
    ("/api/compare?baseline=tag%3Dphase%3Dbefore&candidate=tag%3Dphase%3Dafter",
     lambda j: j["slower"] == 1),
    ("/api/series?sel=bad%3D1&suite=x", lambda j: "error" in j),
]


def rss_kib():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


errors, done = [], [0]
lock = threading.Lock()


def client(k):
    end = time.monotonic() + SECONDS
    n = 0
    while time.monotonic() < end and n < MAX_REQ:
        path, ok = PATHS[(k + n) % len(PATHS)]
        want = 400 if "bad" in path else 200
        try:
            try:
                with urllib.request.urlopen(URL + path, timeout=60) as r:
                    st, body = r.status, r.read()
            except urllib.error.HTTPError as e:
                st, body = e.code, e.read()
            if st != want or not ok(json.loads(body)):
                raise ValueError(f"{path}: status {st}: {body[:120]!r}")
        except Exception as e:  # noqa: BLE001 -- every failure counts
            with lock:
                errors.append(str(e))
        n += 1
    with lock:
        done[0] += n


before = rss_kib()
threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
for t in threads:
    t.start()
for t in threads:
    t.join(120)
after = rss_kib()
with open(f"/proc/{PID}/maps") as f:
    sanitized = "libasan" in f.read()
limit = (1024 if sanitized else 256) * 1024
print(f"load.py: {done[0]} requests by {CLIENTS} clients, {len(errors)} errors; "
      f"RSS {before} KiB before, {after} KiB after (limit {limit} KiB)")
for e in errors[:10]:
    print("FAIL:", e)
bad = bool(errors) or after < 0 or after > limit or any(t.is_alive() for t in threads)
sys.exit(1 if bad else 0)
