#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""names.py URL OUTDIR -- hostile names in headless Chromium: every page
of skampi-db serve at URL and of the published site (STATIC_URL over
http, STATIC_FILE by file://), every grouping of the plot and every
baseline of its ratio panel; tests/web/names.sh made the database.

A name is hostile markup tagged with its field (machine, library, host,
suite, tag key and value by import, --machine by import, tag key and
value by upload): <img ... onerror>, <meta http-equiv=refresh>, <svg
onload>, <marquee>.  After every page and every grouping the page must
hold no element a name made, no script may have run (window.pwned
unset, the title ours), the page must not have moved, and the browser
must not have refused an inline handler (a refusal means markup was
made).  PLANTED (a copy of the site whose app.js hands one name to
dygraphs unescaped) must be caught: the detector is shown to work.
Prints "N of M checks pass"; exit 1 on a failure, 77 without the browser
(1 with CI=true)."""
import os
import sys
import urllib.parse

URL, OUT = sys.argv[1], sys.argv[2]
STATIC_URL = os.environ.get("STATIC_URL")
STATIC_FILE = os.environ.get("STATIC_FILE")
PLANTED = os.environ.get("PLANTED")
SEL = os.environ.get("SEL", "")
CI = os.environ.get("CI") == "true"
assert URL.startswith("http://127.0.0.1:"), URL


def missing(what):
    print(f"names.py: {what} missing" + (" (CI=true: a failure)" if CI else ": SKIP"))
    sys.exit(1 if CI else 77)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    missing("python3-selenium")
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
for f in (CHROMIUM, DRIVER):
    if not os.access(f, os.X_OK):
        missing(f)

checks = failures = 0


def check(cond, msg):
    global checks, failures
    checks += 1
    if not cond:
        failures += 1
        print("FAIL:", msg)


opts = webdriver.ChromeOptions()
opts.binary_location = CHROMIUM
for a in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
          "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--disable-dev-shm-usage", "--window-size=1280,1000",
          "--user-data-dir=" + os.path.join(OUT, "chromium-names")):
    opts.add_argument(a)
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
drv = webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)
drv.set_page_load_timeout(120)
drv.set_script_timeout(120)
wait = WebDriverWait(drv, 120)

# What a name would have made: its own markup (class pwn, an image, a
# marquee, a handler attribute, a refresh, a frame or an inline script).
MADE = ("'.pwn, img, marquee, [onerror], [onload], [onclick], iframe, object, "
        "embed, meta[http-equiv=refresh i], script:not([src])'")
PROBE = ("return {pwned: window.pwned === undefined ? null : String(window.pwned),"
         " title: document.title, path: location.pathname,"
         " made: Array.from(document.querySelectorAll(" + MADE + "))"
         ".map(e => e.outerHTML.slice(0, 120))};")


def refusals():
    """The browser's refusals of inline handlers or scripts (CSP)."""
    return [e["message"][:200] for e in drv.get_log("browser")
            if "Content Security Policy" in e["message"]]


def clean(where, path, expect_clean=True):
    """Nothing a name made on the page now at PATH; returns whether the
    page was clean (for the planted copy, which must not be)."""
    p = drv.execute_script(PROBE)
    bad = []
    if p["pwned"] is not None:
        bad.append("a script ran: window.pwned = " + p["pwned"])
    if not p["title"].endswith("skampi-db"):
        bad.append("the title is " + repr(p["title"]))
    if p["path"] != path:
        bad.append("the page moved to " + repr(p["path"]))
    if p["made"]:
        bad.append("elements made by a name: " + "; ".join(p["made"][:3]))
    r = refusals()
    if r:
        bad.append("the browser refused: " + r[0])
    if expect_clean:
        check(not bad, f"{where}: " + " | ".join(bad))
    else:
        print(f"names.py: {where}: caught: " + " | ".join(bad)[:600])
    return not bad


def ready(js, path):
    """Wait until JS is true of the page at PATH, or the page has moved
    (a name's refresh: clean() says so)."""
    wait.until(lambda d: d.execute_script(
        "return location.pathname !== arguments[0] || !!(" + js + ");", path))


def q(**kw):
    return urllib.parse.urlencode(kw, quote_via=urllib.parse.quote)


def page(base, path, query, js, where):
    drv.get(base + path + ("?" + query if query else ""))
    full = urllib.parse.urlparse(base + path).path
    ready(js, full)
    clean(where, full)


ROWS = "document.querySelector('table.runs tbody tr')"
SUITES = "document.querySelector('input[name=\"suite\"]')"
PLOTTED = "document.body.dataset.series !== undefined"


def points():
    return "document.body.dataset.points !== undefined"


def plot_all(base, plot, name):
    """Every grouping of the plot, and for each every baseline."""
    for suite in ("pingpong", SUITE):
        path = urllib.parse.urlparse(base + plot).path
        drv.get(base + plot + "?" + q(sel=SEL, suite=suite))
        ready(PLOTTED, path)
        keys = [o.get_attribute("value") for o in
                Select(drv.find_element(By.ID, "group")).options]
        check(len(keys) >= 8, f"{name}: groupings {keys}")
        for key in keys:
            drv.get(base + plot + "?" + q(sel=SEL, suite=suite, group=key))
            ready(PLOTTED, path)
            if not clean(f"{name}: plot {suite[:20]!r} group={key[:40]!r}", path):
                continue
            bsel = drv.find_element(By.ID, "baseline")
            bases = [o.get_attribute("value") for o in Select(bsel).options]
            if bsel.get_attribute("disabled") is not None:
                continue
            for b in bases:
                drv.get(base + plot + "?" + q(sel=SEL, suite=suite, group=key, base=b))
                ready(PLOTTED, path)
                clean(f"{name}: plot group={key[:30]!r} base={b[:40]!r}", path)


def walk(base, name, static):
    ext = ".html" if static else ""
    runs = "/index.html" if static else "/"
    page(base, runs, "", ROWS, f"{name}: runs")
    page(base, "/suites" + ext, q(sel=SEL), SUITES, f"{name}: suites")
    plot_all(base, "/plot" + ext, name)
    page(base, "/compare" + ext,
         "" if static else q(baseline=BASELINE, candidate=CANDIDATE),
         points(), f"{name}: compare")
    for suite in ("pingpong",):
        page(base, "/history" + ext, q(sel="", suite=suite, argument="1024"),
             points(), f"{name}: history {suite}")


SUITE = os.environ["SUITE"]
BASELINE, CANDIDATE = os.environ["BASELINE"], os.environ["CANDIDATE"]
try:
    walk(URL, "server", False)
    if STATIC_URL:
        walk(STATIC_URL, "http", True)
    if STATIC_FILE:
        walk("file://" + STATIC_FILE, "file", True)
    if PLANTED:
        # the planted site must be caught on the ratio panel's label
        path = PLANTED + "/plot.html"
        drv.get("file://" + path + "?" +
                q(sel=SEL, suite="pingpong", group="machine", base=os.environ["PLANT_BASE"]))
        ready(PLOTTED, path)
        caught = not clean("planted", path, expect_clean=False)
        check(caught, "planted: an unescaped label went unnoticed")
finally:
    drv.quit()
print(f"names.py: {checks - failures} of {checks} checks pass")
sys.exit(1 if failures else 0)
