#!/usr/bin/env python3
"""browser.py URL OUTDIR [GALLERY] -- the three steps of skampi-db
serve's web interface in headless Chromium (Debian's chromium,
chromium-driver and python3-selenium): choose runs by a facet, choose
two suites, see the plot with one series per run and suite, zoom by
dragging, download the CSV of what is shown, reload the shared URL and
get the same view; no error in the browser's console; hostile names
shown as text.  With GALLERY, screenshots of the three steps, the
history, the comparison and the published site go there.
With STATIC_URL (and STATIC_FILE) in the environment, the same three
steps on the static site of skampi-db publish, served by a plain static
server at STATIC_URL and opened as file:// at STATIC_FILE.
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


def missing(what):
    print(f"browser.py: {what} missing" + (" (CI=true: a failure)" if CI else ": SKIP"))
    sys.exit(1 if CI else 77)


try:
    from selenium import webdriver
    from selenium.common.exceptions import NoAlertPresentException
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
          "--disable-dev-shm-usage", "--window-size=1280,900",
          "--user-data-dir=" + profile):
    opts.add_argument(a)
opts.add_experimental_option("prefs", {
    "download.default_directory": downloads,
    "download.prompt_for_download": False})
opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
drv = webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)
drv.set_page_load_timeout(60)
drv.set_script_timeout(60)
wait = WebDriverWait(drv, 60)
console = []


def logs():
    for e in drv.get_log("browser"):
        console.append(e)


def shot(name):
    if GALLERY:
        drv.save_screenshot(os.path.join(GALLERY, name))


def series_shown():
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body")
               .get_attribute("data-series") is not None)
    return int(drv.find_element(By.TAG_NAME, "body").get_attribute("data-series"))


def xrange():
    return drv.execute_script("return window.skGraph.xAxisRange();")


def static_site(base, name):
    """Steps 1-3 of the published site at BASE (http or file)."""
    drv.get(base + "/index.html")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.runs tbody tr")
    check(len(rows) == 14, f"{name}: 14 rows, got {len(rows)}")
    check("<script>alert(1)</script>" in drv.find_element(
        By.CSS_SELECTOR, "table.runs").text, f"{name}: the hostile machine as text")
    Select(drv.find_element(By.CSS_SELECTOR, 'select[data-facet="library"]')) \
        .select_by_value("Open MPI v4.1.4")
    drv.find_element(By.ID, "all").click()
    sel = drv.find_element(By.ID, "sel").get_attribute("value")
    check(sel == "11-13", f"{name}: selection {sel!r}")
    drv.find_element(By.CSS_SELECTOR, "#next button").click()
    wait.until(lambda d: "suites.html" in d.current_url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'input[name="suite"]'))
    boxes = drv.find_elements(By.CSS_SELECTOR, 'input[name="suite"]')
    check(len(boxes) == 2, f"{name}: 2 suites, got {len(boxes)}")
    check("3 of 3" in drv.find_element(By.CSS_SELECTOR, "table.suites").text,
          f"{name}: suite counts 3 of 3")
    for b in boxes:
        b.click()
    drv.find_element(By.CSS_SELECTOR, "#suites button").click()
    wait.until(lambda d: "plot.html" in d.current_url)
    n = series_shown()
    check(n == 6, f"{name}: 6 series (3 runs x 2 suites), got {n}")
    legend = drv.find_elements(By.CSS_SELECTOR, "#legend li")
    check(len(legend) == 6 and "Open MPI v4.1.4" in legend[0].text,
          f"{name}: 6 legend entries naming the library")
    links = [a.get_attribute("href") for a in
             drv.find_elements(By.CSS_SELECTOR, "#downloads a")]
    check(len(links) == 4 and all(re.search(r"/(csv/\d+\.csv|svg/\d+\.svg)$", h)
                                  for h in links), f"{name}: downloads {links}")
    if name == "http" and GALLERY:
        shot("web-static.png")
    drv.get(base + "/plot.html?sel=14&suite=%22%27%3B--")
    check(series_shown() == 1, f"{name}: the hostile suite plots")
    li = drv.find_element(By.CSS_SELECTOR, "#legend li").text
    check(li.startswith("\"';-- \u00b7 <script>alert(1)</script>"),
          f"{name}: legend {li!r}")
    logs()


try:
    if STATIC_URL:
        static_site(STATIC_URL, "http")
    if STATIC_FILE:
        static_site("file://" + STATIC_FILE, "file")

    # ---- step 1: runs by a facet -------------------------------------------
    drv.get(URL + "/")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.runs tbody tr")
    check(len(rows) == 14, f"14 rows, got {len(rows)}")
    Select(drv.find_element(By.CSS_SELECTOR, 'select[data-facet="library"]')) \
        .select_by_value("Open MPI v4.1.4")
    shown = [r for r in rows if r.is_displayed()]
    check(len(shown) == 3, f"the facet shows 3 runs, got {len(shown)}")
    drv.find_element(By.ID, "all").click()
    sel = drv.find_element(By.ID, "sel").get_attribute("value")
    check(sel == "11-13", f"selection {sel!r}")
    shot("web-runs.png")
    drv.find_element(By.CSS_SELECTOR, "#next button").click()

    # ---- step 2: two suites ------------------------------------------------
    wait.until(lambda d: "/suites" in d.current_url)
    boxes = drv.find_elements(By.CSS_SELECTOR, 'input[name="suite"]')
    check(len(boxes) == 2, f"2 suites, got {len(boxes)}")
    check("3 of 3" in drv.find_element(By.CSS_SELECTOR, "table.suites").text,
          "suite counts 3 of 3")
    for b in boxes:
        b.click()
    shot("web-suites.png")
    drv.find_element(By.CSS_SELECTOR, "#suites button").click()

    # ---- step 3: the plot --------------------------------------------------
    wait.until(lambda d: "/plot" in d.current_url)
    n = series_shown()
    check(n == 6, f"6 series (3 runs x 2 suites), got {n}")
    legend = drv.find_elements(By.CSS_SELECTOR, "#legend li")
    check(len(legend) == 6, f"6 legend entries, got {len(legend)}")
    check("Open MPI v4.1.4" in legend[0].text and "np 2" in legend[0].text
          and "2026-11-22" in legend[0].text and "test box" in legend[0].text,
          f"legend names machine, library, np, date: {legend[0].text!r}")
    before = xrange()
    graph = drv.find_element(By.ID, "graph")
    w = graph.size["width"]
    # drag from x = 100 to x = 4000 on the log axis (offsets from the
    # graph's centre)
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
    # hide the last series by its legend entry
    hidden_text = legend[5].text
    hidden_key = (hidden_text.rsplit("run ", 1)[1], hidden_text.split(" \u00b7 ")[0])
    legend[5].click()
    check(drv.execute_script("return window.skGraph.visibility()[5];") is False,
          "a legend click hides its series")
    shot("web-plot.png")

    # ---- the CSV of what is shown ------------------------------------------
    drv.find_element(By.ID, "csv").click()
    path = os.path.join(downloads, "skampi-series.csv")
    t0 = time.monotonic()
    while not os.path.exists(path) and time.monotonic() - t0 < 30:
        time.sleep(0.2)
    check(os.path.exists(path), "the CSV was downloaded")
    if os.path.exists(path):
        with open(path, newline="") as f:
            data = list(csv.DictReader(f))
        xs = [float(r["argument"]) for r in data]
        check(sorted(set(xs)) == [1024]
              and all(after[0] <= x <= after[1] for x in xs),
              f"CSV arguments {xs} within the zoom {after}")
        keys = {(r["run"], r["suite"]) for r in data}
        check(len(keys) == 2 and hidden_key not in keys,
              f"CSV without the hidden series: {sorted(keys)}")

    # ---- the PDF of what is shown (skampi-db plot's gnuplot code) ------------
    drv.find_element(By.ID, "pdf").click()
    path = os.path.join(downloads, "skampi-plot.pdf")
    t0 = time.monotonic()
    while not os.path.exists(path) and time.monotonic() - t0 < 60:
        time.sleep(0.2)
    check(os.path.exists(path), "the PDF was downloaded")
    if os.path.exists(path):
        info = subprocess.run(["pdfinfo", path], capture_output=True, text=True,
                              timeout=60)
        check(info.returncode == 0 and re.search(r"^Pages: +1$", info.stdout, re.M),
              f"pdfinfo: {info.returncode} {info.stdout!r} {info.stderr!r}")
    href = drv.find_element(By.ID, "pdf").get_attribute("href")
    check("xmin=" in href and "xmax=" in href, f"the PDF has the zoom: {href}")

    # ---- the shared URL reloads the same view --------------------------------
    shared = drv.current_url
    logs()
    drv.get("about:blank")
    drv.get(shared)
    check(series_shown() == 6, "the shared URL shows 6 series")
    again = xrange()
    check(all(abs(a - b) <= 1e-9 * max(1.0, abs(b)) for a, b in zip(again, after)),
          f"same zoom after reload: {after} -> {again}")
    check(drv.execute_script("return window.skGraph.visibility()[5];") is False,
          "the hidden series stays hidden")
    for k in ("logx", "logy"):
        v = drv.find_element(By.ID, k).is_selected()
        check(("%s=%d" % (k, v)) in shared, f"{k} kept in the URL")
    p99 = drv.find_element(By.ID, "p99")
    check(not p99.is_enabled() and not p99.is_selected(),
          "the P99 toggle is off and disabled for suites without percentiles")

    # ---- a point's history ----------------------------------------------------
    drv.get(URL + "/history?sel=tag%3Dphase%3Dbefore&suite=barrier&argument=0")
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body")
               .get_attribute("data-points") is not None)
    check(drv.find_element(By.TAG_NAME, "body").get_attribute("data-points") == "5",
          "the history of 5 runs")
    shot("web-history.png")

    # ---- a comparison: barrier 30% slower after the upgrade ------------------
    drv.get(URL + "/compare?baseline=tag%3Dphase%3Dbefore&candidate=tag%3Dphase%3Dafter")
    rows = drv.find_elements(By.CSS_SELECTOR, "table.cmp tbody tr.slower")
    check(any("barrier" in r.text for r in rows),
          f"the comparison finds barrier slower: {[r.text for r in rows]}")
    shot("web-compare.png")

    # ---- the P99 toggle: a merged suite with percentiles ---------------------
    # (tests/report/extra/tail-merged.yaml, imported now: TAIL_IMPORT of
    # browser.sh: run 15, after the 14 runs of tests/web/lib.sh)
    imp = subprocess.run(os.environ["TAIL_IMPORT"].split(), capture_output=True,
                         text=True, timeout=60)
    check(imp.returncode == 0, f"import of the tail run: {imp.stderr!r}")
    tail = "15"
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

    # ---- hostile names are text --------------------------------------------
    logs()
    drv.get(URL + "/?sel=14")
    check("<script>alert(1)</script>" in drv.find_element(By.CSS_SELECTOR,
          "table.runs").text, "the hostile machine shown as text")
    drv.get(URL + "/plot?sel=14&suite=%22%27%3B--")
    check(series_shown() == 1, "the hostile suite plots")
    li = drv.find_element(By.CSS_SELECTOR, "#legend li").text
    check(li.startswith("\"';-- \u00b7 <script>alert(1)</script>"), f"legend {li!r}")
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
