#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""browser.py URL OUTDIR [GALLERY] -- the pages of skampi-db serve in
headless Chromium (Debian's chromium, chromium-driver and
python3-selenium), on the database of tests/web/lib.sh (two tagged
campaigns, phase=before and phase=after; three Open MPI runs; a hostile
run) plus, from browser.sh, a run of 40 suites:

  step 1   a facet, "select all shown", the selection field;
  step 2   the filter, all and none, the count; 40 suites explain the
           limit in the page and disable Plot;
  step 3   the two campaigns: two legend groups named by their tags, one
           line and one band each, a value with its unit on hover, x
           ticks in B and KiB, the marked missed-epsilon point, the
           bandwidth view, the ratio panel; each run: a drag that zooms,
           a hidden line, the CSV and PDF of what is shown, the reloaded
           link;
  compare  the summary line first, the findings worst first, the table
           sorted and filtered;
  history  the drop-downs, the whole suite's heat strip, one point, an
           argument off the grid with the nearest ones offered;
  floor    the view against the floor: each point over its floor, the
           points without one left out with the note, the shared URL, a
           hostile suite name as text;
  hostile  names shown as text, never run.

With STATIC_URL (and STATIC_FILE) in the environment the published site
(its steps, comparison and history) is walked the same way, served by a
plain static server at STATIC_URL and opened as file:// at STATIC_FILE.
With GALLERY, a screenshot of every page goes there.  Every wait is for
a condition, with a generous timeout; nothing measures time.
Exit 77 when the browser or selenium is missing (1 when CI=true)."""
import csv
import math
import os
import re
import subprocess
import sys
import tempfile
import time

URL, OUT = sys.argv[1], sys.argv[2]
GALLERY = sys.argv[3] if len(sys.argv) > 3 else None
STATIC_URL = os.environ.get("STATIC_URL")
STATIC_FILE = os.environ.get("STATIC_FILE")
assert URL.startswith("http://127.0.0.1:"), URL
assert not STATIC_URL or STATIC_URL.startswith("http://127.0.0.1:"), STATIC_URL
CI = os.environ.get("CI") == "true"
TAGS = "tag%3Dphase%3Dbefore+tag%3Dphase%3Dafter"


def missing(what):
    print(f"browser.py: {what} missing" + (" (CI=true: a failure)" if CI else ": SKIP"))
    sys.exit(1 if CI else 77)


try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException, TimeoutException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    missing("python3-selenium")
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
for f in (CHROMIUM, DRIVER):
    if not os.access(f, os.X_OK):
        missing(f)

failures = 0


def check(cond, msg):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", msg)


profile = tempfile.mkdtemp(prefix="chromium-", dir=OUT)
downloads = os.path.join(OUT, "downloads")
os.makedirs(downloads, exist_ok=True)
opts = webdriver.ChromeOptions()
opts.binary_location = CHROMIUM
for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
          "--no-first-run", "--disable-background-networking",
          "--disable-component-update", "--disable-sync",
          "--disable-dev-shm-usage", "--window-size=1280,1000",
          "--user-data-dir=" + profile):
    opts.add_argument(a)
opts.add_experimental_option("prefs", {
    "download.default_directory": downloads,
    "download.prompt_for_download": False})
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
drv = webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)
drv.set_page_load_timeout(120)
drv.set_script_timeout(120)
wait = WebDriverWait(drv, 120)
console = []


def logs():
    for e in drv.get_log("browser"):
        console.append(e)


def shot(name, height=None, most=1800):
    """A screenshot of the whole page, at least HEIGHT and at most MOST
    tall (the view is made as tall as the page, then given back)."""
    if not GALLERY or not name:
        return
    h = drv.execute_script("return Math.max(document.documentElement.scrollHeight, 600);")
    h = max(height or 0, min(int(h) + 8, most))
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": h, "deviceScaleFactor": 1, "mobile": False})
    # the graphs redraw for the new size (dygraphs follows the window)
    drv.execute_script("window.dispatchEvent(new Event('resize'));")
    WebDriverWait(drv, 60).until(lambda d: d.execute_script(
        "return document.readyState === 'complete';"))
    drv.save_screenshot(os.path.join(GALLERY, name))
    drv.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def body_attr(name):
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body")
               .get_attribute("data-" + name) is not None)
    return drv.find_element(By.TAG_NAME, "body").get_attribute("data-" + name)


def series_shown():
    return int(body_attr("series"))


def xrange():
    return drv.execute_script("return window.skGraph.xAxisRange();")


def legend_texts():
    return [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#legend li")]


def wait_file(path):
    """The download at PATH, once complete (Chrome writes .crdownload)."""
    try:
        WebDriverWait(drv, 120, poll_frequency=0.2).until(
            lambda d: os.path.exists(path) and not os.path.exists(path + ".crdownload")
            and os.path.getsize(path) > 0)
        return True
    except TimeoutException:
        return False


def hover_point(line, x):
    """Moves the pointer onto the point of LINE (its index) at argument X
    and returns the hover box's text once it shows."""
    xy = drv.execute_script(
        "const g = window.skGraph, l = window.skLines[arguments[0]];"
        "const a = l.byArg.get(arguments[1]), r = g.getArea();"
        "return [r.x + g.toPercentXCoord(arguments[1]) * r.w,"
        "        r.y + g.toPercentYCoord(a.mid) * r.h];", line, x)
    graph = drv.find_element(By.ID, "graph")
    w, h = graph.size["width"], graph.size["height"]
    for dx in (0, 2, -2):       # onto the point, or a pixel beside it
        ox = max(-w / 2 + 1, min(w / 2 - 2, xy[0] - w / 2 + dx))
        oy = max(-h / 2 + 1, min(h / 2 - 2, xy[1] - h / 2))
        ActionChains(drv).move_to_element_with_offset(graph, int(ox), int(oy)).perform()
        try:
            WebDriverWait(drv, 20).until(
                lambda d: d.find_element(By.ID, "hover").is_displayed()
                and d.find_element(By.ID, "hover").text.strip() != "")
            return drv.find_element(By.ID, "hover").text
        except TimeoutException:
            continue
    return ""


def plot_groups(name, base):
    """Step 3 of the two campaigns at BASE: the groups, lines, bands,
    hover, ticks, marks, bandwidth and ratio."""
    check(body_attr("groups") == "2", f"{name}: 2 groups, got {body_attr('groups')}")
    check(series_shown() == 2, f"{name}: one line per group, got {series_shown()}")
    texts = legend_texts()
    check(len(texts) == 2 and texts[0].startswith("phase=before")
          and texts[1].startswith("phase=after")
          and all("5 runs" in t for t in texts), f"{name}: legend {texts}")
    check(Select(drv.find_element(By.ID, "group")).first_selected_option
          .get_attribute("value") == "tag:phase", f"{name}: grouped by the tag")
    # one line and one band each: the median, and the runs' range
    bands = drv.execute_script(
        "return window.skLines.map(l => Array.from(l.byArg.values())"
        ".filter(a => a.lo < a.mid && a.mid < a.hi).length);")
    check(bands == [3, 3], f"{name}: a band at every point of each line: {bands}")
    cols = drv.execute_script("return window.skGraph.numColumns();")
    check(cols == 3, f"{name}: two series on the graph, got {cols - 1}")
    # a value with its unit on hover
    text = hover_point(1, 1024)
    check("1 KiB (1024 bytes)" in text and re.search(r"phase=after.*: 4\.\d+ \u00b5s \[", text)
          and "5 runs" in text and "missed \u03b5 in 1" in text, f"{name}: hover {text!r}")
    # the x ticks in bytes
    ticks = [e.get_attribute("textContent") for e in
             drv.find_elements(By.CSS_SELECTOR, "#graph .dygraph-axis-label-x")]
    check("8 B" in ticks and any(t.endswith("KiB") for t in ticks)
          and not any(re.fullmatch(r"[\d.e+]+", t) for t in ticks), f"{name}: ticks {ticks}")
    xl = drv.find_element(By.CSS_SELECTOR, "#graph .dygraph-xlabel").text
    check(xl == "message length [bytes]", f"{name}: x label {xl!r}")
    # the missed-epsilon point marked
    check(body_attr("marks") == "eps:1,cut:0,modes:0,unresolved:0", f"{name}: marks {body_attr('marks')}")
    check("1 point missed \u03b5" in drv.find_element(By.ID, "marks").text, f"{name}: marks line")
    # the ratio panel against the first group
    check(drv.find_element(By.ID, "ratiowrap").is_displayed()
          and "against phase=before" in drv.find_element(By.ID, "ratiohead").text,
          f"{name}: the ratio panel")
    r = drv.execute_script("const r = window.skRatio; return r ? r.getValue(2, 1) : null;")
    check(r is not None and abs(r - 0.85) < 1e-6, f"{name}: 64 KiB after/before {r}")
    shot(base and base + ".png")
    # the bandwidth view: the bytes a point moves over its time
    bw = drv.find_element(By.ID, "bw")
    check(bw.is_enabled(), f"{name}: the bandwidth box is enabled")
    bw.click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#graph .dygraph-ylabel")
               .get_attribute("textContent") == "bandwidth")
    yt = [e.get_attribute("textContent") for e in
          drv.find_elements(By.CSS_SELECTOR, "#graph .dygraph-axis-label-y")]
    check(any(yt) and all(t.endswith("B/s") for t in yt if t), f"{name}: bandwidth ticks {yt}")
    check("bw=1" in drv.current_url or name != "server", f"{name}: bw in the URL")
    text = hover_point(0, 1024)
    check(re.search(r"phase=before: 4\d\d MB/s \[", text), f"{name}: bandwidth hover {text!r}")
    shot(base and base + "-bandwidth.png")
    bw.click()
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#graph .dygraph-ylabel")
               .get_attribute("textContent") == "time")


def static_site(base, name):
    """The published site at BASE (http or file): steps 1-3, the
    comparison and the history."""
    drv.get(base + "/index.html")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.runs tbody tr")
    check(len(rows) == 15, f"{name}: 15 rows, got {len(rows)}")
    check("<script>alert(1)</script>" in drv.find_element(
        By.CSS_SELECTOR, "table.runs").text, f"{name}: the hostile machine as text")
    Select(drv.find_element(By.CSS_SELECTOR, 'select[data-facet="library"]')) \
        .select_by_value("Open MPI v4.1.4")
    drv.find_element(By.ID, "all").click()
    sel = drv.find_element(By.ID, "sel").get_attribute("value")
    check(sel == "11-13", f"{name}: selection {sel!r}")
    if name == "http":
        shot("web-static-runs.png")
    drv.find_element(By.CSS_SELECTOR, "#next button").click()
    wait.until(lambda d: "suites.html" in d.current_url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'input[name="suite"]'))
    boxes = drv.find_elements(By.CSS_SELECTOR, 'input[name="suite"]')
    check(len(boxes) == 2, f"{name}: 2 suites, got {len(boxes)}")
    check("3 of 3 runs" in drv.find_element(By.CSS_SELECTOR, "table.suites").text,
          f"{name}: suite counts 3 of 3")
    drv.find_element(By.ID, "selall").click()
    check(drv.find_element(By.ID, "chosen").text.startswith("2 of 2 chosen"),
          f"{name}: all chosen")
    if name == "http":
        shot("web-static-suites.png")
    drv.find_element(By.ID, "plotbtn").click()
    wait.until(lambda d: "plot.html" in d.current_url)
    n = series_shown()
    check(n == 2, f"{name}: 2 lines (all runs together, 2 suites), got {n}")
    legend = legend_texts()
    check(len(legend) == 2 and all("Open MPI v4.1.4" in t and "3 runs" in t for t in legend),
          f"{name}: legend {legend}")
    links = [a.get_attribute("href") for a in
             drv.find_elements(By.CSS_SELECTOR, "#downloads a")]
    check(len(links) == 4 and all(re.search(r"/(csv/\d+\.csv|svg/\d+\.svg)$", h)
                                  for h in links), f"{name}: downloads {links}")
    csvlink = drv.find_element(By.ID, "csv").get_attribute("href")
    check(csvlink.startswith("blob:"), f"{name}: the CSV of what is shown {csvlink}")
    # the two campaigns, as on the server
    drv.get(base + "/plot.html?sel=1-10&suite=pingpong")
    plot_groups(name, "web-static" if name == "http" else None)
    # the comparison published with the site
    drv.get(base + "/compare.html")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-points"))
    s = drv.find_element(By.ID, "summary").text
    check(s.startswith("1 slower, 1 faster, 2 not significant"), f"{name}: summary {s!r}")
    check(len(drv.find_elements(By.CSS_SELECTOR, "#points tbody tr")) == 4,
          f"{name}: 4 points in the table")
    plot = drv.find_elements(By.CSS_SELECTOR, "#findings a")
    check(plot and "plot.html?sel=1-10&suite=barrier" in plot[0].get_attribute("href"),
          f"{name}: the finding's plot link")
    if name == "http":
        shot("web-static-compare.png")
    # the history
    drv.get(base + "/history.html?suite=pingpong&argument=1024")
    check(body_attr("heat") == "3x15", f"{name}: the heat strip {body_attr('heat')}")
    check(body_attr("points") == "13", f"{name}: the history of 13 runs")
    opts_ = [o.text for o in Select(drv.find_element(By.ID, "harg")).options]
    check("1 KiB (13 runs)" in opts_, f"{name}: argument drop-down {opts_}")
    if name == "http":
        shot("web-static-history.png")
    drv.get(base + "/history.html?suite=pingpong&argument=1000")
    wait.until(lambda d: d.find_element(By.ID, "nearest").is_displayed())
    near = [a.text for a in drv.find_elements(By.CSS_SELECTOR, "#nearest a")]
    check(near == ["8 B", "1 KiB"], f"{name}: the nearest arguments {near}")
    # the hostile suite
    drv.get(base + "/plot.html?sel=14&suite=%22%27%3B--&group=run")
    check(series_shown() == 1, f"{name}: the hostile suite plots")
    li = drv.find_element(By.CSS_SELECTOR, "#legend li").text
    check(li.startswith("run 14 \u00b7 <script>alert(1)</script>"), f"{name}: legend {li!r}")
    logs()


try:
    if STATIC_URL:
        static_site(STATIC_URL, "http")
    if STATIC_FILE:
        static_site("file://" + STATIC_FILE, "file")

    # ---- step 1: runs by a facet -------------------------------------------
    drv.get(URL + "/")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.runs tbody tr")
    check(len(rows) == 15, f"15 rows, got {len(rows)}")
    Select(drv.find_element(By.CSS_SELECTOR, 'select[data-facet="library"]')) \
        .select_by_value("Open MPI v4.1.4")
    shown = [r for r in rows if r.is_displayed()]
    check(len(shown) == 3, f"the facet shows 3 runs, got {len(shown)}")
    drv.find_element(By.ID, "all").click()
    sel = drv.find_element(By.ID, "sel").get_attribute("value")
    check(sel == "11-13", f"selection {sel!r}")
    shot("web-runs.png")
    drv.find_element(By.CSS_SELECTOR, "#next button").click()

    # ---- step 2: two suites through the filter and the buttons -------------
    wait.until(lambda d: "/suites" in d.current_url)
    boxes = drv.find_elements(By.CSS_SELECTOR, 'input[name="suite"]')
    check(len(boxes) == 2, f"2 suites, got {len(boxes)}")
    check("3 of 3 runs" in drv.find_element(By.CSS_SELECTOR, "table.suites").text,
          "suite counts 3 of 3")
    plotbtn = drv.find_element(By.ID, "plotbtn")
    check(not plotbtn.is_enabled(), "Plot waits for a suite")
    drv.find_element(By.ID, "filter").send_keys("ping")
    shown = [b for b in boxes if b.is_displayed()]
    check(len(shown) == 1, f"the filter shows 1 suite, got {len(shown)}")
    drv.find_element(By.ID, "selall").click()
    check(drv.find_element(By.ID, "chosen").text == "1 of 2 chosen, 1 shown",
          f"chosen: {drv.find_element(By.ID, 'chosen').text!r}")
    drv.find_element(By.ID, "filter").clear()
    drv.find_element(By.ID, "filter").send_keys(" ")      # an input event
    drv.find_element(By.ID, "filter").clear()
    drv.execute_script("document.getElementById('filter').dispatchEvent(new Event('input'));")
    drv.find_element(By.ID, "selall").click()
    check(drv.find_element(By.ID, "chosen").text == "2 of 2 chosen", "all chosen")
    check(plotbtn.is_enabled(), "Plot is enabled")
    shot("web-suites.png")
    plotbtn.click()

    # ---- step 3: all runs together, then each run --------------------------
    wait.until(lambda d: "/plot" in d.current_url)
    n = series_shown()
    check(n == 2, f"2 lines (nothing tells the 3 runs apart), got {n}")
    check(Select(drv.find_element(By.ID, "group")).first_selected_option
          .get_attribute("value") == "all", "grouped: all runs together")
    legend = legend_texts()
    check(all("Open MPI v4.1.4" in t and "test box" in t and "3 runs" in t for t in legend),
          f"legend names machine, library, runs: {legend}")
    check(not drv.find_element(By.ID, "bw").is_selected(), "time, not bandwidth")
    # each run its own line: the zoom, a hidden line, the downloads
    drv.get(drv.current_url.split("&group=")[0] + "&group=run")
    n = series_shown()
    check(n == 6, f"6 lines (3 runs x 2 suites), got {n}")
    legend = legend_texts()
    check(len(legend) == 6 and legend[0].startswith("run 11 \u00b7 barrier")
          and "np 2" in legend[0] and "2026-11-22" in legend[0], f"legend {legend[0]!r}")
    before = xrange()
    graph = drv.find_element(By.ID, "graph")
    w = graph.size["width"]
    check(drv.find_element(By.ID, "logx").is_selected(), "log x by default")
    area = drv.execute_script("return window.skGraph.getArea();")
    lo, hi = math.log(before[0]), math.log(before[1])
    a, b = (area["x"] + area["w"] * (math.log(x) - lo) / (hi - lo)
            for x in (100, 4000))
    ActionChains(drv).move_to_element_with_offset(graph, int(a - w / 2), 0) \
        .click_and_hold().move_by_offset(int((b - a) / 2), 0) \
        .move_by_offset(int((b - a) / 2), 0).release().perform()
    wait.until(lambda d: d.execute_script("return window.skGraph.isZoomed('x');"))
    after = xrange()
    check(70 < after[0] < 150 and 3000 < after[1] < 6000,
          f"zoom: x range {before} -> {after}")
    check("x0=" in drv.current_url and "x1=" in drv.current_url,
          f"the URL keeps the zoom: {drv.current_url}")
    hidden_key = drv.execute_script(
        "const l = window.skLines[5]; return [String(Array.from(l.runs)[0]), l.suite];")
    drv.find_elements(By.CSS_SELECTOR, "#legend li")[5].click()
    check(drv.execute_script("return window.skGraph.visibility()[5];") is False,
          "a legend click hides its line")
    drv.find_element(By.ID, "csv").click()
    path = os.path.join(downloads, "skampi-series.csv")
    check(wait_file(path), "the CSV was downloaded")
    if os.path.exists(path):
        with open(path, newline="") as f:
            data = list(csv.DictReader(f))
        xs = [float(r["argument"]) for r in data]
        check(sorted(set(xs)) == [1024] and all(after[0] <= x <= after[1] for x in xs),
              f"CSV arguments {xs} within the zoom {after}")
        keys = {(r["run"], r["suite"]) for r in data}
        check(len(keys) == 2 and tuple(hidden_key) not in keys,
              f"CSV without the hidden line {hidden_key}: {sorted(keys)}")
    drv.find_element(By.ID, "pdf").click()
    path = os.path.join(downloads, "skampi-plot.pdf")
    check(wait_file(path), "the PDF was downloaded")
    if os.path.exists(path):
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True,
                              timeout=120)
        check(info.returncode == 0 and re.search(r"^Pages: +1$", info.stdout, re.M),
              f"pdfinfo: {info.returncode} {info.stdout!r} {info.stderr!r}")
    href = drv.find_element(By.ID, "pdf").get_attribute("href")
    check("xmin=" in href and "xmax=" in href, f"the PDF has the zoom: {href}")
    shared = drv.current_url
    logs()
    drv.get("about:blank")
    drv.get(shared)
    check(series_shown() == 6, "the shared URL shows 6 lines")
    again = xrange()
    check(all(abs(a - b) <= 1e-9 * max(1.0, abs(b)) for a, b in zip(again, after)),
          f"same zoom after reload: {after} -> {again}")
    check(drv.execute_script("return window.skGraph.visibility()[5];") is False,
          "the hidden line stays hidden")
    for k in ("logx", "logy"):
        v = drv.find_element(By.ID, k).is_selected()
        check(("%s=%d" % (k, v)) in shared, f"{k} kept in the URL")
    p99 = drv.find_element(By.ID, "p99")
    check(not p99.is_enabled() and not p99.is_selected(),
          "the P99 toggle is off and disabled for suites without percentiles")

    # ---- step 3: two tagged campaigns, chosen by their tags ----------------
    drv.get(URL + "/")
    s = drv.find_element(By.ID, "sel")
    s.clear()
    s.send_keys("tag=phase=before tag=phase=after")
    drv.find_element(By.CSS_SELECTOR, "#next button").click()
    wait.until(lambda d: "/suites" in d.current_url)
    check("2 of 2" not in drv.find_element(By.TAG_NAME, "h1").text, "step 2 heading")
    drv.find_element(By.CSS_SELECTOR, 'input[name="suite"][value="pingpong"]').click()
    drv.find_element(By.ID, "plotbtn").click()
    wait.until(lambda d: "/plot" in d.current_url)
    plot_groups("server", "web-plot")

    # ---- step 2: more suites than a plot takes, explained in the page -------
    drv.get(URL + "/suites?sel=15")
    drv.find_element(By.ID, "selall").click()
    limit = drv.find_element(By.ID, "limit")
    check(limit.is_displayed() and limit.text.startswith(
        "40 suites are chosen; a plot shows at most 32 at once: uncheck 8"),
        f"the limit explained: {limit.text!r}")
    check(not drv.find_element(By.ID, "plotbtn").is_enabled(), "Plot disabled over the limit")
    shot("web-suites-limit.png", 700, 700)
    drv.find_element(By.ID, "filter").send_keys("suite1")
    drv.find_element(By.ID, "selnone").click()
    check(drv.find_element(By.ID, "chosen").text.startswith("29 of 40 chosen"),
          f"none of the shown: {drv.find_element(By.ID, 'chosen').text!r}")
    check(not limit.is_displayed() and drv.find_element(By.ID, "plotbtn").is_enabled(),
          "within the limit again")

    # ---- the comparison: the summary first ----------------------------------
    drv.get(URL + "/compare?baseline=tag%3Dphase%3Dbefore&candidate=tag%3Dphase%3Dafter")
    body_attr("points")
    s = drv.find_element(By.ID, "summary").text
    check(s == "1 slower, 1 faster, 2 not significant (of 4 points)", f"summary {s!r}")
    f = [li.text for li in drv.find_elements(By.CSS_SELECTOR, "#findings li")]
    check(len(f) == 2 and f[0].startswith("slower barrier") and "+30.0%" in f[0]
          and f[1].startswith("faster pingpong 64 KiB"), f"findings worst first {f}")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.cmp tbody tr.slower")
    check(any("barrier" in r.text for r in rows), "the table's slower row")
    drv.find_element(By.CSS_SELECTOR, '#points th[data-key="change"]').click()
    first = drv.find_element(By.CSS_SELECTOR, "#points tbody tr").text
    check(first.startswith("slower barrier"), f"sorted by change, largest first: {first!r}")
    drv.find_element(By.CSS_SELECTOR, '#points th[data-key="change"]').click()
    first = drv.find_element(By.CSS_SELECTOR, "#points tbody tr").text
    check(first.startswith("faster pingpong"), f"sorted by change, reversed: {first!r}")
    shot("web-compare.png")
    drv.find_element(By.ID, "cmpfilter").send_keys("ping")
    n = len(drv.find_elements(By.CSS_SELECTOR, "#points tbody tr"))
    check(n == 3 and "3 of 4 points shown" in drv.find_element(By.ID, "cmpcount").text,
          f"filtered by text: {n}")
    Select(drv.find_element(By.ID, "cmpverdict")).select_by_value("faster")
    n = len(drv.find_elements(By.CSS_SELECTOR, "#points tbody tr"))
    check(n == 1, f"filtered by verdict: {n}")
    # a comparison that cannot show a change is never green: its summary
    # and its one line in the warning's colour, the runs it would need
    drv.get(URL + "/compare?baseline=1&candidate=6")
    check(body_attr("verdict") == "inconclusive", "inconclusive verdict")
    check("warn" in drv.find_element(By.ID, "summary").get_attribute("class"),
          "the inconclusive summary's colour")
    li = drv.find_elements(By.CSS_SELECTOR, "#findings li")
    check(len(li) == 1 and li[0].get_attribute("class") == "warn"
          and li[0].text.startswith("Inconclusive"), f"inconclusive line {[x.text for x in li]}")
    check(not drv.find_elements(By.CSS_SELECTOR, "#cmp .ok"), "nothing green")
    check(drv.find_element(By.ID, "power").text.endswith("use at least 5 runs per side"),
          f"the runs it needs: {drv.find_element(By.ID, 'power').text!r}")

    # ---- the history --------------------------------------------------------
    drv.get(URL + "/history?sel=&suite=pingpong&argument=1024")
    check(body_attr("heat") == "3x15", f"the heat strip: {body_attr('heat')}")
    check(body_attr("points") == "13", "the history of 13 runs")
    arg = Select(drv.find_element(By.ID, "harg"))
    check(arg.first_selected_option.text == "1 KiB (13 runs)"
          and [o.text for o in arg.options][1:] == ["8 B (13 runs)", "1 KiB (13 runs)",
                                                    "64 KiB (13 runs)"],
          f"the argument drop-down: {[o.text for o in arg.options]}")
    shot("web-history.png")
    # the suite's arguments follow the suite chosen
    Select(drv.find_element(By.ID, "hsuite")).select_by_value("barrier")
    wait.until(lambda d: len(Select(d.find_element(By.ID, "harg")).options) == 2)
    check(Select(drv.find_element(By.ID, "harg")).options[1].text
          == "(no variation) (14 runs)", "barrier's argument")
    # an argument off the grid: the nearest ones offered, as links
    drv.get(URL + "/history?sel=&suite=pingpong&argument=1000")
    wait.until(lambda d: d.find_element(By.ID, "nearest").is_displayed())
    near = [a.text for a in drv.find_elements(By.CSS_SELECTOR, "#nearest a")]
    check(near == ["8 B", "1 KiB"], f"the nearest arguments {near}")
    shot("web-history-nearest.png", 600)
    drv.find_elements(By.CSS_SELECTOR, "#nearest a")[1].click()
    wait.until(lambda d: "argument=1024" in d.current_url)
    check(body_attr("points") == "13", "the nearest argument's history")

    # ---- the P99 toggle: a merged suite with percentiles ---------------------
    # (tests/report/extra/tail-merged.yaml, imported now: TAIL_IMPORT of
    # browser.sh: run 16, after the 14 runs of tests/web/lib.sh and the 40
    # suites of browser.sh)
    imp = subprocess.run(os.environ["TAIL_IMPORT"].split(), capture_output=True,
                         text=True, timeout=60)
    check(imp.returncode == 0, f"import of the tail run: {imp.stderr!r}")
    tail = "16"
    drv.get(URL + "/plot?sel=" + tail + "&suite=pp")
    check(series_shown() == 1, "the suite with percentiles plots")
    first = "return window.skGraph.file_[0];"
    p99 = drv.find_element(By.ID, "p99")
    check(p99.is_enabled() and not p99.is_selected(), "P99 offered, off by default")
    row = drv.execute_script(first)
    check(row[0] == 8 and row[1] == [1.5e-06, 2e-06, 2.5e-06],
          f"the median and its interval by default: {row}")
    p99.click()
    wait.until(lambda d: "p99=1" in d.current_url)
    row = drv.execute_script(first)
    check(row[0] == 8 and row[1] == [6e-06, 7e-06, 9e-06],
          f"P99 and its interval when toggled: {row}")
    drv.get(drv.current_url)
    check(series_shown() == 1 and drv.find_element(By.ID, "p99").is_selected(),
          "P99 kept by the shared URL")
    row = drv.execute_script(first)
    check(row[1] == [6e-06, 7e-06, 9e-06], f"P99 after reload: {row}")
    logs()

    # ---- against the floor: runs 17 and 18 of @LIMITS yes ------------------
    # (FLOOR_IMPORT of browser.sh: tests/tools/floors.yaml, a copy whose
    # suite is named <img src=x onerror=alert(1)>, and run 19 below); run
    # 1 has no limits
    imp = subprocess.run(os.environ["FLOOR_IMPORT"].split(), capture_output=True,
                         text=True, timeout=60)
    check(imp.returncode == 0, f"import of the floor runs: {imp.stderr!r}")
    drv.get(URL + "/plot?sel=1+17&suite=pingpong&group=run")
    check(series_shown() == 2, "the runs with and without limits plot")
    fl = drv.find_element(By.ID, "floor")
    check(fl.is_enabled() and not fl.is_selected(), "the floor view offered, off by default")
    check(drv.find_element(By.ID, "floornote").get_attribute("hidden") is not None,
          "no floor note before the view")
    fl.click()
    wait.until(lambda d: "floor=1" in d.current_url)
    check(body_attr("floor") == "args:8,nofloor:3",
          f"8 arguments against the floor, run 1's 3 points left out: {body_attr('floor')}")
    note = drv.find_element(By.ID, "floornote").text
    check(note.startswith("Each point divided by its floor") and
          "3 points left out: no floor" in note, f"the floor note: {note!r}")
    # run 17's 8 B point: its median over its floor, 2 (best cache line +
    # 8 B / best copy rate at 8 B or any longer length: 2 KiB's) from the
    # file's limits, the run being quiet
    want = 1.0730801784575306e-06 / (2 * (1.7017187303736137e-07 + 8 / 228078220696.67657))
    row = drv.execute_script("return window.skGraph.file_[0];")
    got = [c for c in row[1:] if c is not None]
    check(row[0] == 8 and len(got) == 1 and abs(got[0][1] / want - 1) < 1e-9,
          f"8 B against its floor: {row}, want {want}")
    check("\u00d7 the floor" in drv.find_element(By.ID, "graph").text, "the y label")
    check(not drv.find_element(By.ID, "bw").is_selected(), "bandwidth off with the floor")
    drv.get(URL + "/plot?sel=17&suite=pingpong&group=run&floor=1")
    check(series_shown() == 1 and drv.find_element(By.ID, "floor").is_selected(),
          "the floor view kept by the shared URL")
    check(body_attr("floor") == "args:8,nofloor:0", f"floor of run 17: {body_attr('floor')}")
    shot("web-plot-floor.png")
    # names are data: the suite's name is text in the legend, the hover
    # and the note, never markup
    drv.get(URL + "/plot?sel=18&suite=%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E"
            "&group=all&floor=1")
    check(series_shown() == 1, "the hostile floor suite plots")
    check(body_attr("floor") == "args:8,nofloor:0", f"floor of run 18: {body_attr('floor')}")
    li = drv.find_element(By.CSS_SELECTOR, "#legend li").text
    check("<img src=x onerror=alert(1)>" in li, f"hostile legend {li!r}")
    check(not drv.find_elements(By.CSS_SELECTOR, "img[src=x]"), "an img made of a name")
    t = hover_point(0, 8)
    check("all runs: 3.15\u00d7" in t, f"the hover's multiple of the floor: {t!r}")
    check(not drv.find_elements(By.CSS_SELECTOR, "#hover img, #legend img, #floornote img"),
          "markup made of a name")
    # run 19: its 8 B point is below the timer's resolution, drawn in no
    # view (the bandwidth's neither), and the marks line says so
    drv.get(URL + "/plot?sel=19&suite=pingpong&group=run&bw=1")
    check(series_shown() == 1, "the run with an unresolved point plots")
    check(body_attr("marks").endswith(",unresolved:1"), f"marks {body_attr('marks')}")
    check("1 point below the timer's resolution: not drawn" in
          drv.find_element(By.ID, "marks").text, "the marks line of the unresolved point")
    xs = drv.execute_script("return window.skGraph.file_.map(r => r[0]);")
    check(xs == [1024, 65536], f"the unresolved 8 B not drawn as a bandwidth: {xs}")
    logs()

    # ---- hostile names are text --------------------------------------------
    logs()
    drv.get(URL + "/?sel=14")
    check("<script>alert(1)</script>" in drv.find_element(By.CSS_SELECTOR,
          "table.runs").text, "the hostile machine shown as text")
    drv.get(URL + "/plot?sel=14&suite=%22%27%3B--&group=run")
    check(series_shown() == 1, "the hostile suite plots")
    li = drv.find_element(By.CSS_SELECTOR, "#legend li").text
    check(li.startswith("run 14 \u00b7 <script>alert(1)</script>"), f"legend {li!r}")
    try:
        drv.switch_to.alert
        check(False, "an alert opened")
    except NoAlertPresentException:
        pass
    logs()
finally:
    drv.quit()

bad = [e for e in console if e.get("level") in ("SEVERE", "WARNING")]
for e in bad:
    print("console:", e.get("level"), e.get("message"))
check(not bad, f"{len(bad)} console errors or warnings")
print(f"browser.py: {failures} failures")
sys.exit(1 if failures else 0)
