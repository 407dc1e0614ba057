#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""http.py URL PUBLIC LOG -- requests a stranger writes by hand, sent to
skampi-db serve on the loopback over raw sockets (db/web/webhead.h,
webgate.h): each gets its exact status and message, and every answer,
the refusals of the gate included, carries the headers of every answer.
PUBLIC is the name given with --public-url (NAME:PORT); LOG the server's
log, whose lines are checked for escapes at the end.  Slow requests (a
head that never ends, a head in many pieces) run side by side in
threads.  No duration decides a pass: a refusal "at once" is only
required to come before the server's own limits would (10 s)."""
import json
import socket
import sys
import threading
import time
import urllib.parse

URL, PUBLIC, LOG = sys.argv[1], sys.argv[2], sys.argv[3]
HOST = urllib.parse.urlparse(URL).netloc           # 127.0.0.1:PORT
ADDR = ("127.0.0.1", int(HOST.split(":")[1]))
bad = 0
count = [0]
lock = threading.Lock()


def check(ok, what):
    global bad
    with lock:
        count[0] += 1
        if not ok:
            bad += 1
            print("FAIL:", what)


def exchange(data, pieces=None, pause=0.0, timeout=30):
    """Sends DATA (or the byte strings PIECES, PAUSE s apart), reads the
    answer to the end; (status, headers, body, seconds)."""
    t0 = time.monotonic()
    s = socket.create_connection(ADDR, timeout=timeout)
    try:
        for p in (pieces or [data]):
            try:
                s.sendall(p)
            except OSError:
                break
            if pause:
                time.sleep(pause)
        out = b""
        while True:
            try:
                k = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not k:
                break
            out += k
    finally:
        s.close()
    dt = time.monotonic() - t0
    if out.startswith(b"HTTP/1.1 100 "):        # an interim answer
        out = out.partition(b"\r\n\r\n")[2]
    head, _, body = out.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return None, {}, out, dt
    hdr = {}
    for ln in lines[1:]:
        k, _, v = ln.partition(":")
        hdr[k.strip().lower()] = v.strip()
    return status, hdr, body, dt


def secure(hdr, what):
    check("script-src 'self'" in hdr.get("content-security-policy", ""),
          f"{what}: no Content-Security-Policy")
    check(hdr.get("x-content-type-options") == "nosniff", f"{what}: nosniff")
    check(hdr.get("x-frame-options") == "DENY", f"{what}: X-Frame-Options")
    check(hdr.get("referrer-policy") == "no-referrer", f"{what}: Referrer-Policy")
    check(hdr.get("connection") == "close", f"{what}: Connection: close")


def expect(what, data, status, message=None, api=True, **kw):
    st, hdr, body, dt = exchange(data, **kw)
    check(st == status, f"{what}: status {st}, not {status}: {body[:160]!r}")
    secure(hdr, what)
    if message is not None:
        if api:
            try:
                got = json.loads(body)["error"]
            except (ValueError, KeyError):
                got = body[:200]
        else:
            got = body.decode("utf-8", "replace")
        check(message == got if api else message in got,
              f"{what}: message {got!r}")
    check(dt < 10, f"{what}: answered only after {dt:.1f} s (a hang?)")
    return st, hdr, body


def req(line, *headers, host=HOST, body=b""):
    h = "".join(x + "\r\n" for x in headers)
    if host is not None:
        h = f"Host: {host}\r\n" + h
    return (line + "\r\n" + h + "\r\n").encode("latin-1") + body


# the slow ones first, in threads: they take the server's limits
slow = []


def later(fn, *a):
    t = threading.Thread(target=fn, args=a, daemon=True)
    t.start()
    slow.append(t)


def never_ends():
    st, hdr, body, dt = exchange(b"GET /api/runs HTTP/1.1\r\nHost: " +
                                 HOST.encode() + b"\r\n", timeout=40)
    check(st == 408 and b"did not come whole within 10 s" in body,
          f"a head that never ends: {st} {body[:120]!r}")
    secure(hdr, "408")


def in_pieces():
    data = req("GET /api/runs HTTP/1.1", "X-Pad: " + "p" * 60)
    st, hdr, body, dt = exchange(None, pieces=[bytes([c]) for c in data],
                                 pause=0.02, timeout=40)
    check(st == 408 and b"more than 32 pieces" in body,
          f"a head in many pieces: {st} {body[:120]!r}")
    secure(hdr, "408 pieces")


later(never_ends)
later(in_pieces)

# ---- a good request, for the headers ------------------------------------
st, hdr, body = expect("GET /api/runs", req("GET /api/runs HTTP/1.1"), 200)
check(json.loads(body)["count"] == 14, "GET /api/runs: count")
expect("HTTP/1.0 without Host", req("GET /api/runs/1 HTTP/1.0", host=None), 200)
expect("a static file", req("GET /static/app.js HTTP/1.1"), 200)
expect("a page", req("GET / HTTP/1.1"), 200)
expect("Expect: 100-continue", req("GET /api/runs HTTP/1.1",
                                   "Expect: 100-continue"), 200)

# ---- framing ---------------------------------------------------------------
expect("two different Content-Lengths",
       req("POST /api/runs HTTP/1.1", "Content-Length: 1",
           "Content-Length: 2", body=b"xy"), 400,
       "two Content-Length header fields")
expect("two equal Content-Lengths",
       req("POST /api/runs HTTP/1.1", "Content-Length: 1",
           "Content-Length: 1", body=b"x"), 400,
       "two Content-Length header fields")
expect("Content-Length and Transfer-Encoding",
       req("POST /api/runs HTTP/1.1", "Content-Length: 3",
           "Transfer-Encoding: chunked", body=b"0\r\n\r\n"), 400,
       "Content-Length and Transfer-Encoding together")
expect("Transfer-Encoding: xchunked",
       req("POST /api/runs HTTP/1.1", "Transfer-Encoding: xchunked",
           body=b"0\r\n\r\n"), 501,
       "the transfer coding 'xchunked' is not implemented")
expect("Transfer-Encoding: chunked",
       req("POST /api/runs HTTP/1.1", "Transfer-Encoding: chunked",
           body=b"0\r\n\r\n"), 411,
       "a body needs a Content-Length (a chunked body is not taken)")
expect("a Content-Length of letters",
       req("POST /api/runs HTTP/1.1", "Content-Length: 1e3"), 400,
       "the Content-Length is not a number of bytes")
expect("a Content-Length of 20 digits",
       req("POST /api/runs HTTP/1.1", "Content-Length: 99999999999999999999"),
       400, "the Content-Length is not a number of bytes")
expect("a body to a GET", req("GET /api/runs HTTP/1.1", "Content-Length: 5",
                              body=b"hello"), 413,
       "this server takes a request body only at POST /api/runs, when "
       "started with --allow-upload")
big = b"x" * 300000
expect("a large body to a page", req("POST / HTTP/1.1",
                                     "Content-Length: %d" % len(big),
                                     body=big), 413, api=False)
args = "&".join(["a"] * 2000)
expect("2,000 query parameters", req("GET /api/runs?" + args + " HTTP/1.1"),
       400, "the request has more than 256 query parameters")
args = "&".join("a%d=1" % i for i in range(257))
expect("257 query parameters", req("GET /api/runs?" + args + " HTTP/1.1"),
       400, "the request has more than 256 query parameters")
args = "&".join("a%d=1" % i for i in range(256))
expect("256 query parameters", req("GET /api/runs?" + args + " HTTP/1.1"),
       200)
expect("a target of 9000 bytes", req("GET /api/" + "x" * 9000 + " HTTP/1.1"),
       414, "the request target is longer than 8192 bytes")
expect("a head of 20000 bytes", req("GET /api/runs HTTP/1.1",
                                    *["X-P%d: %s" % (i, "p" * 1000)
                                      for i in range(20)]),
       431, "the request head is larger than 16384 bytes")
expect("65 header fields", req("GET /api/runs HTTP/1.1",
                               *["X-F%d: 1" % i for i in range(65)]),
       431, "the request has more than 64 header fields")
expect("HTTP/2.0", req("GET /api/runs HTTP/2.0"), 505,
       "HTTP/2.0 is not supported (HTTP/1.0 and HTTP/1.1 are)")
expect("HTTP/1.2", req("GET /api/runs HTTP/1.2"), 505)
expect("HTTP/1.1x", req("GET /api/runs HTTP/1.1x"), 400,
       "the request line is not METHOD TARGET HTTP/1.1")
expect("a bare LF", b"GET /api/runs HTTP/1.1\nHost: " + HOST.encode() +
       b"\n\n", 400, "a line of the head ends without CR LF", api=False)
expect("a CR inside a line", req("GET /api/runs HTTP/1.1", "X-A: a\rb"), 400,
       "a line of the head holds a CR")
expect("a NUL in a header", req("GET /api/runs HTTP/1.1", "X-A: a\0b"), 400)
expect("a folded header", req("GET /api/runs HTTP/1.1", "X-A: a", " b"), 400,
       "a header line starts with white space (line folding is not taken)")
expect("a space before the colon", req("GET /api/runs HTTP/1.1", "X-A : a"),
       400, "a header name holds a byte 0x20")
expect("two spaces in the request line", req("GET  /api/runs HTTP/1.1"), 400)
expect("%00 in the path", req("GET /api/runs%00hidden HTTP/1.1"), 400,
       "the request target holds a NUL byte (%00)")
expect("%00 in a value", req("GET /api/series?sel=1%00&suite=x HTTP/1.1"),
       400, "the request target holds a NUL byte (%00)")
expect("a bad %-escape", req("GET /api/runs%zz HTTP/1.1"), 400)
expect("a raw byte 0xFF", b"GET /api/\xff HTTP/1.1\r\nHost: " +
       HOST.encode() + b"\r\n\r\n", 400)
expect("a fragment", req("GET /api/runs#x HTTP/1.1"), 400)
expect("an absolute URL", req("GET http://evil.example/ HTTP/1.1"), 400,
       "the request target is not a path starting with /", api=False)
expect("CONNECT", req("CONNECT evil.example:443 HTTP/1.1"), 400)
expect("ESC in the method", req("G\x1b[31mT /api/runs HTTP/1.1"), 400)
expect("a method of 16 letters", req("ABCDEFGHIJKLMNOP /api/runs HTTP/1.1"),
       400)
expect("a bidi override in the path",
       req("GET /api/%E2%80%AEstnur HTTP/1.1"), 404)
expect("Expect: other", req("GET /api/runs HTTP/1.1", "Expect: magic"), 417,
       "the only expectation taken is 100-continue")
expect("two Authorization fields", req("POST /api/runs HTTP/1.1",
                                       "Authorization: Bearer a",
                                       "Authorization: Bearer b"), 400)
expect("garbage", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 10, 400)
expect("an empty line first", b"\r\n" + req("GET /api/runs HTTP/1.1"), 400)
expect("DELETE", req("DELETE /api/runs HTTP/1.1"), 405,
       "DELETE is not allowed here")
# a second request on the same connection is never read
st, hdr, body, dt = exchange(req("GET /api/runs/1 HTTP/1.1") +
                             req("GET /api/runs/2 HTTP/1.1"))
check(st == 200 and body.count(b"HTTP/1.1 ") == 0 and
      json.loads(body)["id"] == 1, f"pipelined: {st} {body[:120]!r}")

# ---- paths out of the tree ---------------------------------------------
expect("/static/ and ../", req("GET /static/..%2f..%2fetc%2fpasswd HTTP/1.1"),
       404, api=False)
expect("/api/ and ../", req("GET /api/runs/..%2f..%2f HTTP/1.1"), 404)
expect("a run id of 30 digits", req("GET /api/runs/" + "9" * 30 +
                                    " HTTP/1.1"), 404)

# ---- one address holds at most 64 connections ---------------------------
held = []
for _ in range(64):
    s = socket.socket()
    s.bind(("127.0.0.9", 0))
    s.connect(ADDR)
    held.append(s)
s = socket.socket()
s.bind(("127.0.0.9", 0))
s.settimeout(30)
s.connect(ADDR)
out = b""
try:
    while b"\r\n\r\n" not in out:
        k = s.recv(4096)
        if not k:
            break
        out += k
except OSError:
    pass
s.close()
check(out.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 1" in out and
      b"script-src 'self'" in out and b"your address holds as many "
      b"connections" in out, f"the 65th connection of one address: {out[:200]!r}")
for h in held:
    h.close()
expect("another address meanwhile", req("GET /api/runs/1 HTTP/1.1"), 200)

# ---- Host: DNS rebinding reads nothing ---------------------------------
port = HOST.split(":")[1]
msg = ("the Host '%s' is not a name of this server (a page of another "
       "site?); use its address, or start it with --public-url for that name")
expect("Host evil", req("GET /api/runs HTTP/1.1", host="evil.example:" + port),
       403, msg % ("evil.example:" + port))
expect("Host evil, no port", req("GET /api/runs HTTP/1.1", host="evil.example"),
       403, msg % "evil.example")
expect("Host of another port", req("GET /api/runs HTTP/1.1",
                                   host="127.0.0.1:1"), 403)
expect("Host without the port", req("GET /api/runs HTTP/1.1",
                                    host="127.0.0.1"), 403)
expect("Host localhost", req("GET /api/runs HTTP/1.1",
                             host="localhost:" + port), 200)
expect("Host LOCALHOST", req("GET /api/runs HTTP/1.1",
                             host="LOCALHOST:" + port), 200)
expect("Host the public URL's", req("GET /api/runs HTTP/1.1", host=PUBLIC),
       200)
expect("Host the public name, another port",
       req("GET /api/runs HTTP/1.1", host=PUBLIC.split(":")[0] + ":1"), 403)
expect("a page for Host evil", req("GET / HTTP/1.1",
                                   host="evil.example:" + port), 403,
       api=False)
expect("no Host in HTTP/1.1", req("GET /api/runs HTTP/1.1", host=None), 400,
       "an HTTP/1.1 request without a Host header")
expect("two Hosts", req("GET /api/runs HTTP/1.1", "Host: " + HOST), 400,
       "two Host header fields")
expect("a Host of <script>", req("GET /api/runs HTTP/1.1",
                                 host="<script>:" + port), 400,
       "the Host header is not NAME[:PORT]")

for t in slow:
    t.join(60)
check(not any(t.is_alive() for t in slow), "a slow request never ended")

# ---- the log: every line one line, the method and path escaped ---------
log = open(LOG, encoding="utf-8", errors="replace").read()
check("\x1b" not in log, "an ESC reached the log")
check("\u202e" not in log, "a right-to-left override reached the log")
check("G\\x1B[31mT /api/runs 400 " in log, "the ESC method's log line")
check("GET /api/\\u202Estnur 404 " in log, "the bidi path's log line")
check("GET /api/runs%00hidden 400 " in log, "the %00 path's log line")
print(f"http.py: {count[0]} checks, {bad} failed")
sys.exit(1 if bad else 0)
