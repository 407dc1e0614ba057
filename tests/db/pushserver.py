#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""pushserver.py -- a stand-in for `skampi-db serve --allow-upload` that
answers skampi-db push on the loopback, so that push is tested without
the real server.

    pushserver.py PORTFILE TOKEN LOG ANSWER...

Binds 127.0.0.1 on an ephemeral port and writes the port to PORTFILE.
Each ANSWER is FILE|STATUS|BODY and is used for one request, in order:
the request must be POST /api/runs?name=BASENAME(FILE) with
"Authorization: Bearer TOKEN", "Content-Type: application/x-yaml" and
FILE's bytes as its body; the server answers STATUS with BODY (JSON).
A FILE that is a directory is a skampi-run directory sent as a campaign
archive: the name is its last part with ".tar", the type
"application/x-tar", and the body a tar of exactly its runs.txt and
*.yaml files.  BODY "HANG" answers nothing and holds the connection for 5 s (for
--timeout).  A request that breaks a rule is answered 400 and the broken
rule is written to LOG, one line each; LOG ends with "done N" (requests
served).  The server stops after the last ANSWER or after 60 s.
"""
import http.server
import io
import os
import tarfile
import sys
import threading
import time
import urllib.parse


def archive_wrong(path, data):
    """What is wrong with DATA as the archive of the directory PATH."""
    want = sorted(n for n in os.listdir(path) if not n.startswith(".")
                  and (n == "runs.txt" or n.endswith(".yaml")))
    try:
        t = tarfile.open(fileobj=io.BytesIO(data), mode="r:")
        got = {m.name: t.extractfile(m).read() for m in t.getmembers()
               if m.isfile()}
    except (tarfile.TarError, OSError) as e:
        return ["not a tar archive: %s" % e]
    if sorted(got) != want:
        return ["archive holds %r, not %r" % (sorted(got), want)]
    return ["%s differs" % n for n in want
            if got[n] != open(os.path.join(path, n), "rb").read()]


def main():
    portfile, token, logpath = sys.argv[1:4]
    answers = [a.split("|", 2) for a in sys.argv[4:]]
    log = open(logpath, "w")
    state = {"n": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, body):
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def handle_any(self):
            n = state["n"]
            state["n"] += 1
            if n >= len(answers):
                log.write("request %d: no answer left\n" % n)
                return self.answer(400, '{"error":"no answer left"}')
            path, status, body = answers[n]
            wrong = []
            url = urllib.parse.urlsplit(self.path)
            q = urllib.parse.parse_qs(url.query)
            if self.command != "POST":
                wrong.append("method %s" % self.command)
            if url.path != "/api/runs":
                wrong.append("path %s" % url.path)
            isdir = os.path.isdir(path)
            base = os.path.basename(path.rstrip("/")) + (".tar" if isdir else "")
            if q.get("name") != [base]:
                wrong.append("name %r" % q.get("name"))
            if self.headers.get("Authorization") != "Bearer " + token:
                wrong.append("authorization %r" %
                             self.headers.get("Authorization"))
            want = "application/x-tar" if isdir else "application/x-yaml"
            if self.headers.get("Content-Type") != want:
                wrong.append("content type %r" %
                             self.headers.get("Content-Type"))
            length = int(self.headers.get("Content-Length", "-1"))
            data = self.rfile.read(length) if length >= 0 else b""
            if isdir:
                wrong += archive_wrong(path, data)
            else:
                with open(path, "rb") as f:
                    if data != f.read():
                        wrong.append("body differs from %s" % path)
            for w in wrong:
                log.write("request %d: %s\n" % (n, w))
            log.flush()
            if wrong:
                return self.answer(400, '{"error":"fake server: %s"}'
                                   % "; ".join(wrong))
            if body == "HANG":
                time.sleep(5)
                return
            self.answer(int(status), body)

        do_POST = do_GET = do_PUT = handle_any

    srv = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    srv.timeout = 1
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % srv.server_address[1])
    os.rename(portfile + ".tmp", portfile)
    deadline = time.time() + 60
    threading.Timer(60, lambda: os._exit(3)).start()
    while state["n"] < len(answers) and time.time() < deadline:
        srv.handle_request()
    log.write("done %d\n" % state["n"])
    log.close()
    os._exit(0)


main()
