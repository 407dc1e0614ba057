#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""staticserve.py DIR SECONDS -- a plain static web server for the site
of skampi-db publish (what python3 -m http.server does) on an ephemeral
port of 127.0.0.1, sending the Content-Security-Policy of skampi-db
serve (db/web/web.c) with every file, so that the browser test finds any
inline script.  Prints "Serving HTTP on 127.0.0.1 port N" and stops by
itself after SECONDS."""
import functools
import http.server
import sys
import threading

CSP = ("default-src 'self'; script-src 'self'; "
       "style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, *args):
        pass


directory, seconds = sys.argv[1], float(sys.argv[2])
srv = http.server.ThreadingHTTPServer(
    ("127.0.0.1", 0), functools.partial(Handler, directory=directory))
print(f"Serving HTTP on 127.0.0.1 port {srv.server_address[1]}", flush=True)
threading.Timer(seconds, srv.shutdown).start()
srv.serve_forever()
