#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""webbench.py URL [--no-throughput] -- latency and throughput of skampi-db serve (make
bench-web): p50/p95 of the run list, a 10-series plot and a comparison
(one client, keep-alive; the first request, which fills the worker's
cache of the run list, is printed apart), and requests per second of the series endpoint
with 16 concurrent clients (processes, keep-alive) for 5 seconds.
Prints figures; the goal (p95 <= 100 ms) is shown, not enforced."""
import http.client
import json
import multiprocessing
import sys
import time
import urllib.parse

URL = sys.argv[1]
HOST, PORT = urllib.parse.urlsplit(URL).hostname, urllib.parse.urlsplit(URL).port
assert HOST == "127.0.0.1"
SERIES = "/api/series?" + urllib.parse.urlencode({"sel": "latest=10", "suite": "suite1"})
CASES = [
    ("run list (/api/runs)", "/api/runs", 40),
    ("10-series plot (/api/series)", SERIES, 100),
    ("comparison 10 vs 10 runs (/api/compare)",
     "/api/compare?" + urllib.parse.urlencode({"baseline": "1-10", "candidate": "11-20"}), 60),
]


def fetch(conn, path):
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        raise RuntimeError(f"{path}: {r.status} {body[:200]!r}")
    return body


def pct(v, q):
    v = sorted(v)
    return v[min(len(v) - 1, int(q * len(v)))]


def latency():
    conn = http.client.HTTPConnection(HOST, PORT, timeout=60)
    for name, path, n in CASES:
        t0 = time.perf_counter()
        body = fetch(conn, path)   # the first: a worker's cache is cold
        first = (time.perf_counter() - t0) * 1e3
        size = len(body)
        if "series" in path:
            assert json.loads(body)["count"] == 10
        t = []
        for _ in range(n):
            t0 = time.perf_counter()
            fetch(conn, path)
            t.append((time.perf_counter() - t0) * 1e3)
        print(f"  {name}: p50 {pct(t, 0.5):.1f} ms, p95 {pct(t, 0.95):.1f} ms "
              f"({n} requests, {size} bytes each; goal p95 <= 100 ms); "
              f"first request {first:.1f} ms")


def worker(args):
    seconds, = args
    conn = http.client.HTTPConnection(HOST, PORT, timeout=60)
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        fetch(conn, SERIES)
        n += 1
    return n


def throughput(clients=16, seconds=5.0):
    with multiprocessing.Pool(clients) as pool:
        t0 = time.perf_counter()
        counts = pool.map(worker, [(seconds,)] * clients)
        dt = time.perf_counter() - t0
    print(f"  series endpoint, {clients} concurrent loopback clients: "
          f"{sum(counts) / dt:.0f} requests/s ({sum(counts)} in {dt:.1f} s)")


print("web bench:")
latency()
if "--no-throughput" not in sys.argv:
    throughput()
