#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""gpnames.py SRC BUILD TMP -- names that gnuplot 5.4 once choked on,
drawn by every program that writes a gnuplot script
(tests/hostile/gpnames.sh says what and why).

Each hostile NAME becomes the machine, the first suite's name and the
legend label (-p) of one result file, and also a part of the output's
file name; then:
  skampi-report FILE -p PARAMS -o 'NAME.pdf'   exit 0, the PDF there,
      pdftotext shows the name (escaped where gnuplot cannot show it);
  skampi-db import, skampi-db plot SEL --suite NAME -o 'NAME.svg' and
  GET /api/plot.svg?sel=...&suite=NAME   exit 0 / 200, the SVG is
      well-formed XML whose text holds the shown name;
  skampi-db publish of the whole database   exit 0, one SVG per suite.
Raw bytes 0x80..0xFF (no YAML file can hold them) come in by
`import --machine`.  No file named by a backquote ever appears.
Prints "N of M cases pass"; exit 1 on any failure."""
import os
import re
import subprocess
import sys
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

SRC, BUILD, TMP = sys.argv[1:4]
REPORT = os.path.join(BUILD, "report/skampi-report")
DB = os.path.join(BUILD, "db/skampi-db")
BASE = open(os.path.join(SRC, "tests/tools/runs/a1.yaml"), encoding="utf-8").read()
MARK = os.path.join(TMP, "MARK")
cases = failures = 0


def check(cond, msg):
    global cases, failures
    cases += 1
    if not cond:
        failures += 1
        print("FAIL:", msg, file=sys.stderr)


def shown(s):
    """The text gnuplot is given for s (lib/escape.h, sk_escape_shown)."""
    out = []
    s = re.sub(r"[ \t\n\r\v\f]+", " ", s)
    for ch in s:
        c = ord(ch)
        if ch in "\n\r\t\\":
            out.append("\\" + "nrt\\"["\n\r\t\\".index(ch)])
        elif c < 0x20 or c == 0x7F:
            out.append("\\x%02X" % c)
        elif 0x80 <= c <= 0x9F:
            out.append("\\xC2\\x%02X" % c)
        else:
            out.append(ch)
    return "".join(out)


def yq(s):
    """s as a YAML double-quoted scalar."""
    out = []
    for ch in s:
        c = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif c < 0x20 or 0x7F <= c <= 0x9F:
            out.append("\\x%02x" % c)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


NAMES = [
    ("quote2", "O''Brien"),
    ("quote1", "'"),
    ("quote4", "''''"),
    ("lead", "'x"),
    ("dquote", 'a"b""c'),
    ("backslash", "\\"),
    ("backslash-u", "x\\U+0041\\n"),
    ("newline", "a\nb"),
    ("backquote", "`touch " + MARK + "`"),
    ("macro", "@x @@ $d #c ;q"),
    ("ascii", "".join(chr(c) for c in range(1, 0x80))),
    ("latin1", "".join(chr(c) for c in range(0x7F, 0x100))),
]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def pdf_text(path):
    r = run(["pdftotext", "-raw", path, "-"])
    return r.stdout.decode("utf-8", "replace") if r.returncode == 0 else ""


def svg_text(data, what):
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        check(False, f"{what}: not well-formed XML: {e}")
        return ""
    check(True, "")
    return "".join(root.itertext())


def squash(s):
    return re.sub(r"\s+", "", s)


def result_file(key, name):
    t = BASE.replace("  MACHINE: test box", "  MACHINE: " + yq(name))
    t = t.replace("  - name: pingpong", "  - name: " + yq(name), 1)
    path = os.path.join(TMP, key + ".yaml")
    open(path, "w", encoding="utf-8").write(t)
    return path


def report(key, name, path):
    params = os.path.join(TMP, key + ".params.yaml")
    open(params, "w", encoding="utf-8").write(
        "title: " + yq(name) + "\nfiles:\n  - file: " + key + ".yaml\n"
        "    label: " + yq(name) + "\n")
    # the output's name holds the name's quotes and blanks (a file name
    # cannot hold '/' or a NUL)
    out = os.path.join(TMP, key + "-" + name.replace("/", "_")[:60] + ".pdf")
    r = run([REPORT, path, "-p", params, "-o", out], cwd=TMP)
    check(r.returncode == 0, f"skampi-report {key}: exit {r.returncode}: "
          + r.stderr.decode("utf-8", "replace")[-400:])
    check(os.path.isfile(out), f"skampi-report {key}: no PDF")
    if os.path.isfile(out):
        text = squash(pdf_text(out))
        # the label as the legend has it, cut at 60 characters by the page
        want = squash(shown(name))[:40]
        check(want in text, f"skampi-report {key}: {want!r} not in the PDF")


def db(*args, **kw):
    return run([DB, "--db", os.path.join(TMP, "t.db")] + list(args), **kw)


def plot(key, name, rid):
    out = os.path.join(TMP, key + "-" + name.replace("/", "_")[:60] + ".svg")
    r = db("plot", str(rid), "--suite", name, "-o", out, cwd=TMP)
    check(r.returncode == 0, f"plot {key}: exit {r.returncode}: "
          + r.stderr.decode("utf-8", "replace")[-400:])
    if os.path.isfile(out):
        text = squash(svg_text(open(out, "rb").read(), f"plot {key}"))
        want = squash(shown(name))[:30]
        check(want in text, f"plot {key}: {want!r} not in the SVG")
    else:
        check(False, f"plot {key}: no SVG")


def api(url, key, name, rid):
    q = urllib.parse.urlencode({"sel": str(rid), "suite": name})
    try:
        with urllib.request.urlopen(f"{url}/api/plot.svg?{q}", timeout=120) as r:
            status, data = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, data = e.code, e.read()
    check(status == 200, f"/api/plot.svg {key}: {status} {data[:300]!r}")
    if status == 200:
        text = squash(svg_text(data, f"/api/plot.svg {key}"))
        want = squash(shown(name))[:30]
        check(want in text, f"/api/plot.svg {key}: {want!r} not in the SVG")


def serve():
    p = subprocess.Popen([DB, "--db", os.path.join(TMP, "t.db"), "serve",
                          "--listen", "127.0.0.1:0"], stderr=subprocess.PIPE)
    line = p.stderr.readline().decode()
    m = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", line)
    if not m:
        p.kill()
        raise SystemExit("gpnames.py: serve did not start: " + line)
    return p, m.group(1)


def main():
    ids = {}
    for key, name in NAMES:
        path = result_file(key, name)
        report(key, name, path)
        r = db("import", path)
        m = re.search(rb": run (\d+)", r.stdout + r.stderr)
        check(r.returncode == 0 and m, f"import {key}: {r.stderr[-300:]!r}")
        if m:
            ids[key] = int(m.group(1))
    # raw bytes 0x80..0xFF: only a command line can give them
    raw = bytes(range(0x80, 0x100))
    r = run([DB, "--db", os.path.join(TMP, "t.db"), "import", "--machine",
             raw, result_file("rawbase", "raw")])
    check(r.returncode == 0, f"import --machine (bytes 0x80..0xFF): {r.stderr[-300:]!r}")
    m = re.search(rb": run (\d+)", r.stdout + r.stderr)
    if m:
        # the legend names the machine: every byte shown as \xHH
        out = os.path.join(TMP, "raw.svg")
        r = db("plot", m.group(1).decode(), "--suite", "raw", "-o", out)
        check(r.returncode == 0, f"plot of the raw machine: {r.stderr[-300:]!r}")
        text = svg_text(open(out, "rb").read(), "plot raw") if r.returncode == 0 else ""
        check("\\x80\\x81\\x82" in text, "plot raw: the bytes not shown escaped")
    for key, name in NAMES:
        if key in ids:
            plot(key, name, ids[key])
    srv, url = serve()
    try:
        for key, name in NAMES:
            if key in ids:
                api(url, key, name, ids[key])
    finally:
        srv.terminate()
        srv.wait(timeout=60)
    site = os.path.join(TMP, "site")
    r = db("publish", "-q", site)
    check(r.returncode == 0, f"publish: exit {r.returncode}: "
          + r.stderr.decode("utf-8", "replace")[-600:])
    svgs = os.listdir(os.path.join(site, "svg")) if os.path.isdir(os.path.join(site, "svg")) else []
    for f in svgs:
        svg_text(open(os.path.join(site, "svg", f), "rb").read(), "publish svg/" + f)
    check(len(svgs) >= len(NAMES), f"publish: {len(svgs)} SVGs for {len(NAMES)} hostile suites")
    # one picture that gnuplot cannot draw (a wrapper fails on the
    # scripts that name "O''Brien"): publish says which and goes on
    wrap = os.path.join(TMP, "failing-gnuplot")
    open(wrap, "w").write("#!/bin/sh\ngrep -qF \"O''Brien\" \"$1\" && "
                          "{ echo 'gnuplot: broken on purpose' >&2; exit 1; }\n"
                          "exec gnuplot \"$@\"\n")
    os.chmod(wrap, 0o755)
    site2 = os.path.join(TMP, "site2")
    r = db("publish", site2, env=dict(os.environ, GNUPLOT=wrap))
    err = r.stderr.decode("utf-8", "replace")
    check(r.returncode == 0, f"publish with one failing picture: exit {r.returncode}: {err[-600:]}")
    check(re.search(r"skampi-db: warning: suite \d+ \(O''Brien\) is published "
                    r"without its picture svg/\d+\.svg: ", err) is not None,
          f"publish: no warning naming O''Brien: {err[-600:]}")
    # O''Brien's suite, and every suite whose legend names O''Brien's run
    left = re.findall(r"skampi-db: warning: suite \d+ \(", err)
    check(re.search(r"skampi-db: warning: %d suites? published without a picture "
                    r"\(said above\)" % len(left), err) is not None,
          f"publish: no count of the pictures left out: {err[-300:]}")
    suites = open(os.path.join(site2, "data", "suites.json"), encoding="utf-8").read() \
        if os.path.isfile(os.path.join(site2, "data", "suites.json")) else ""
    check(suites.count('"svg":false') == len(left),
          "publish: suites.json does not mark the suites without a picture")
    check(len(os.listdir(os.path.join(site2, "svg"))) == len(svgs) - len(left)
          if os.path.isdir(os.path.join(site2, "svg")) else False,
          "publish: the other pictures are not all there")
    check(not os.path.exists(MARK), "a backquote ran a command")
    print(f"gpnames.py: {cases - failures} of {cases} cases pass")
    sys.exit(1 if failures else 0)


main()
