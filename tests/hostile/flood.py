#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""flood.py URL PID LIMIT_KIB SECONDS -- 256 hostile connections against
skampi-db serve --allow-upload on the loopback, held for SECONDS, while
a well-behaved client asks for a run again and again: every answer must
come, right, and soon; the server's resident memory must stay under
LIMIT_KIB (the budget of doc/database.md, "Limits", for a server taking
no upload).

The hostile connections come from 127.0.0.2 to 127.0.0.5, 64 from each
(the most the server keeps for one address), the well-behaved client
from 127.0.0.1.  Each hostile connection is one of four kinds, 64 each,
and is opened again as soon as the server closes it:
  slowloris  a request head, one more header line every 0.3 s, never
             ending
  idle       connected, sends nothing
  bodies     a 64 MiB body to GET /api/runs, sent as fast as the socket
             takes it
  trickle    an upload (POST /api/runs) with a wrong token and a 64 MiB
             Content-Length, its body one byte every 0.3 s

Why this cannot fail on a busy machine: the hostile clients live in this
process, on non-blocking sockets driven by one poll loop in the main
thread, so they never starve the well-behaved client, which has a thread
of its own and blocking sockets.  Its latency is judged against its own
baseline, measured first in this same test on this same machine:
"soon" is at most max(1 s, 25 x the baseline's median, 3 x its
slowest), so a neighbour that slows everything slows the bound with
it; with an idle machine the bound is 1 s, the issue's.  The counts
(256 connections, SECONDS) bound the test, not a clock."""
import errno
import json
import os
import select
import socket
import statistics
import sys
import threading
import time
import urllib.parse

URL, PID, LIMIT, SECONDS = (sys.argv[1], int(sys.argv[2]),
                            int(sys.argv[3]), float(sys.argv[4]))
PORT = urllib.parse.urlparse(URL).port
HOST = f"127.0.0.1:{PORT}"
PER_ADDR, ADDRS = 64, ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
KINDS = ["slowloris", "idle", "bodies", "trickle"]
bad = 0


def fail(what):
    global bad
    bad += 1
    print("FAIL:", what)


def rss_kib():
    try:
        with open(f"/proc/{PID}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1


# ---- the well-behaved client ---------------------------------------------
def good_request():
    """GET /api/runs/1 on a connection of its own: (ok, seconds, why)."""
    t0 = time.monotonic()
    try:
        s = socket.create_connection(("127.0.0.1", PORT), timeout=30)
        s.sendall(f"GET /api/runs/1 HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
        out, want = b"", None
        while want is None or len(out) < want:
            k = s.recv(65536)
            if not k:
                break
            out += k
            head, sep, _ = out.partition(b"\r\n\r\n")
            if sep and want is None:   # the whole answer: its length
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        want = len(head) + 4 + int(line.split(b":")[1])
        s.close()
    except OSError as e:
        return False, time.monotonic() - t0, str(e)
    dt = time.monotonic() - t0
    head, _, body = out.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200 "):
        return False, dt, head[:80]
    try:
        ok = json.loads(body)["id"] == 1
    except ValueError:
        ok = False
    return ok, dt, "" if ok else body[:80]


baseline = []
for _ in range(30):
    ok, dt, why = good_request()
    if not ok:
        fail(f"baseline: {why}")
    baseline.append(dt)
base_med, base_max = statistics.median(baseline), max(baseline)
bound = max(1.0, 25 * base_med, 3 * base_max)
rss0 = rss_kib()


# ---- the hostile connections -----------------------------------------------
class Hostile:
    def __init__(self, kind, addr):
        self.kind, self.addr, self.sock = kind, addr, None
        self.opened = self.answers = 0
        self.open()

    def open(self):
        self.close()
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.bind((self.addr, 0))
        try:
            s.connect(("127.0.0.1", PORT))
        except BlockingIOError:
            pass
        self.sock, self.sent, self.next = s, 0, time.monotonic()
        self.todo = self.first()
        self.opened += 1

    def first(self):
        if self.kind == "slowloris":
            return f"GET /api/runs HTTP/1.1\r\nHost: {HOST}\r\n".encode()
        if self.kind == "bodies":
            return (f"GET /api/runs HTTP/1.1\r\nHost: {HOST}\r\n"
                    f"Content-Length: {64 << 20}\r\n\r\n").encode()
        if self.kind == "trickle":
            return (f"POST /api/runs HTTP/1.1\r\nHost: {HOST}\r\n"
                    "Authorization: Bearer 0123456789abcdef\r\n"
                    f"Content-Length: {64 << 20}\r\n\r\n").encode()
        return b""

    def close(self):
        if self.sock:
            self.sock.close()
            self.sock = None

    def due(self, now):
        """What to send now (non-blocking; what does not fit waits)."""
        if self.todo:
            try:
                n = self.sock.send(self.todo)
                self.todo = self.todo[n:]
            except BlockingIOError:
                return
            except OSError:
                self.open()
                return
        if now < self.next or self.todo:
            return
        if self.kind == "slowloris":
            self.todo, self.next = b"X-Slow: %d\r\n" % self.sent, now + 0.3
        elif self.kind == "trickle":
            self.todo, self.next = b"x", now + 0.3
        elif self.kind == "bodies" and self.sent < (64 << 20):
            self.todo = b"x" * 65536
        self.sent += len(self.todo)

    def readable(self):
        try:
            k = self.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            k = b""
        if not k:                 # closed by the server: again at once
            self.open()
        elif k.startswith(b"HTTP/1.1 "):
            self.answers += 1


hostile = [Hostile(KINDS[i % 4], ADDRS[i // PER_ADDR])
           for i in range(PER_ADDR * len(ADDRS))]

# the well-behaved client, in its own thread, while the attack lasts
results, peak = [], [rss0]
stop = threading.Event()


def good_loop():
    while not stop.is_set():
        results.append(good_request())
        time.sleep(0.05)


good = threading.Thread(target=good_loop, daemon=True)
end = time.monotonic() + SECONDS
started = False
poll = select.poll()
while time.monotonic() < end:
    now = time.monotonic()
    fds = {}
    poll = select.poll()
    for h in hostile:
        h.due(now)
        if h.sock:
            fds[h.sock.fileno()] = h
            poll.register(h.sock, select.POLLIN | select.POLLERR |
                          select.POLLHUP)
    for fd, ev in poll.poll(50):
        fds[fd].readable()
    if not started and now > end - SECONDS + 1:  # the attack is on
        good.start()
        started = True
    peak.append(rss_kib())
stop.set()
good.join(60)
for h in hostile:
    h.close()

lat = [dt for ok, dt, why in results]
worst = max(lat) if lat else -1
opened = sum(h.opened for h in hostile)
answers = {k: sum(h.answers for h in hostile if h.kind == k) for k in KINDS}
print(f"flood.py: baseline median {base_med * 1e3:.1f} ms, slowest "
      f"{base_max * 1e3:.1f} ms, bound {bound:.2f} s; under attack "
      f"{len(results)} requests, slowest {worst * 1e3:.1f} ms, median "
      f"{statistics.median(lat) * 1e3 if lat else -1:.1f} ms; "
      f"{len(hostile)} hostile connections held, {opened} opened, "
      f"answers {answers}; RSS {rss0} KiB before, peak {max(peak)} KiB "
      f"(limit {LIMIT} KiB)")
if len(results) < 10:
    fail(f"only {len(results)} requests of the well-behaved client")
for ok, dt, why in results:
    if not ok:
        fail(f"the well-behaved client: {why!r}")
    elif dt > bound:
        fail(f"the well-behaved client waited {dt:.2f} s (bound {bound:.2f})")
if max(peak) > LIMIT or min(peak) < 0:
    fail(f"RSS peak {max(peak)} KiB over {LIMIT} KiB (or the server died)")
if answers["slowloris"] == 0 or answers["bodies"] == 0 or \
        answers["trickle"] == 0:
    fail(f"the hostile kinds were not all answered: {answers}")
sys.exit(1 if bad else 0)
