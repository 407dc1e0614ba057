#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# manypoints.sh -- compare's power over 1,000 points, on generated runs
# (tests/db/powerruns.sh: 10 suites of 100 points, +-3% noise, a 1.5x
# slowdown planted in the candidate at 3 points: suite3 at 80 and 88 B,
# suite7 at 408 B).
#  - 4 runs against 4: the rank-sum test's smallest p is 2 / C(8, 4) =
#    0.0286, and a change at one point of 1,000 gets q = 1000 p at best:
#    "inconclusive", exit 6, "use at least 9 runs per side" (1000 x
#    2 / C(18, 9) = 0.041 <= 0.05), in the table, JSON and JUnit (an
#    error case "power", every suite skipped, none passed);
#  - 9 against 9: exactly the 3 planted points slower, exit 5; JSON and
#    JUnit say so (failures in suite3 and suite7, the others pass with
#    what they tested);
#  - a set against itself, overlapping sides, and a merged file against
#    its own runs: refused, exit 2, with the runs they share;
#  - tag terms: two keys both hold, two values of one key either;
#  - another grid: the points not matched and why, in compare and
#    history; history and plot of a merged file and its runs show the
#    runs only.
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W/b4" "$W/b9" "$W/c4" "$W/c9" "$W/grid" "$W/camp"
gen() { sh "$SRC/tests/db/powerruns.sh" "$@" || fail "powerruns.sh $*"; }
gen "$W/b4" base 1 4 1
gen "$W/b9" base 5 5 1
gen "$W/c4" cand 1 4 1.5
gen "$W/c9" cand 5 5 1.5
gen "$W/grid" cand 21 4 1 4
# a merged file of the first four baseline runs
(cd "$W/b4" && "$MERGE" -o "$W/camp/merged.yaml" base-01.yaml base-02.yaml \
  base-03.yaml base-04.yaml) > /dev/null 2>&1 || fail "skampi-merge"
db import -q --tag side=base --tag four=yes "$W/b4" || fail "import b4"
db import -q --tag side=base "$W/b9" || fail "import b9"
db import -q --tag side=cand --tag four=yes "$W/c4" || fail "import c4"
db import -q --tag side=cand "$W/c9" || fail "import c9"
db import -q --tag side=grid "$W/grid" || fail "import grid"
db import -q --tag side=camp "$W/camp/merged.yaml" || fail "import merged"

# expect STATUS WANT ARGS...: skampi-db ARGS exits with WANT; its output
# (stdout and stderr) in $TMP/o
expect() {
  want=$1
  shift
  db "$@" > "$TMP/o" 2>&1
  rc=$?
  [ "$rc" = "$want" ] || fail "skampi-db $*: exit $rc, want $want: $(head -3 "$TMP/o")"
}
has() {
  grep -qF -- "$1" "$TMP/o" || fail "no '$1' in: $(cat "$TMP/o")"
}

B4='tag=side=base tag=four=yes' C4='tag=side=cand tag=four=yes'
# ---- tags: AND across keys, OR within one key
# shellcheck disable=SC2086 # the words of the selection
n=$(db list $B4 --format json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["runs"]))')
[ "$n" = 4 ] || fail "tag=side=base tag=four=yes: $n runs, want 4"
n=$(db list tag=side=base tag=side=cand --format json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["runs"]))')
[ "$n" = 18 ] || fail "tag=side=base tag=side=cand: $n runs, want 18"

# ---- 4 against 4: inconclusive
expect 6 compare --baseline "$B4" --candidate "$C4"
has 'summary: 1000 inconclusive (of 1000 points)'
has 'baseline: 4 runs, candidate: 4 runs'
has 'inconclusive: with 4 runs per side a change at one of 1000 points cannot reach q ≤ 0.05 (smallest p 0.0286 × 1000 tests); use at least 9 runs per side, or compare at most 1 point'
grep -q 'no significant change' "$TMP/o" && fail "4 vs 4 says no significant change"
expect 6 compare --baseline "$B4" --candidate "$C4" --format json
python3 - "$TMP/o" <<'PY' || fail "4 vs 4 JSON"
import json, sys
j = json.load(open(sys.argv[1]))
w = j["power"]
assert j["verdict"] == "inconclusive", j["verdict"]
assert j["message"].startswith("inconclusive: with 4 runs per side"), j["message"]
assert w["tests"] == 1000 and w["need_runs"] == 9 and w["max_points"] == 1, w
assert abs(w["min_p"] - 2 / 70) < 1e-12 and w["min_q"] == 1, w
assert len(j["points"]) == 1000 and j["slower"] == 0 and j["faster"] == 0
assert all(p["verdict"] == "inconclusive" for p in j["points"])
# one estimator: after / before is the ratio on every row
assert all(abs(p["after"] / p["before"] - p["ratio"]) < 1e-12 * p["ratio"]
           and p["ratio_low"] <= p["ratio"] <= p["ratio_high"] for p in j["points"])
PY
expect 6 compare --baseline "$B4" --candidate "$C4" --format junit
python3 - "$TMP/o" <<'PY' || fail "4 vs 4 JUnit"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.get("errors") == "1" and root.get("failures") == "0", root.attrib
cases = root.findall(".//testcase")
assert len(cases) == 11, len(cases)
power = [c for c in cases if c.get("name") == "power"]
assert len(power) == 1 and power[0].find("error").get("type") == "inconclusive"
assert "use at least 9 runs per side" in power[0].find("error").get("message")
# no case passes: each is an error, a failure or skipped, and says why
for c in cases:
    bad = [e for e in c if e.tag in ("error", "failure", "skipped")]
    assert bad and bad[0].get("message"), c.get("name")
PY

# ---- 9 against 9: the planted points, and only they
expect 5 compare --baseline tag=side=base --candidate tag=side=cand
has 'summary: 3 slower, 997 not significant (of 1000 points)'
has 'baseline: 9 runs, candidate: 9 runs'
has 'slower  suite3 80 B–88 B (np 2): +51.0%'
has 'slower  suite7 408 B (np 2): +46.4%'
has '2 regressions, 0 improvements'
expect 5 compare --baseline tag=side=base --candidate tag=side=cand --format json
python3 - "$TMP/o" <<'PY' || fail "9 vs 9 JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["verdict"] == "slower" and "message" not in j, j["verdict"]
assert j["power"]["need_runs"] == 9 and j["power"]["min_q"] <= 0.05, j["power"]
slow = sorted((p["suite"], p["argument"]) for p in j["points"]
              if p["verdict"] == "slower")
assert slow == [("suite3", 80), ("suite3", 88), ("suite7", 408)], slow
assert all(p["verdict"] == "not significant" for p in j["points"]
           if p["verdict"] != "slower")
assert [(f["suite"], f["from"], f["to"]) for f in j["findings"]] == \
    [("suite3", 80, 88), ("suite7", 408, 408)], j["findings"]
PY
expect 5 compare --baseline tag=side=base --candidate tag=side=cand --format junit
python3 - "$TMP/o" <<'PY' || fail "9 vs 9 JUnit"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.get("failures") == "2" and root.get("errors") == "0", root.attrib
for c in root.findall(".//testcase"):
    f = c.find("failure")
    if c.get("name") in ("suite3", "suite7"):
        assert f is not None and "slower" in f.text, c.get("name")
    else:
        assert f is None and c.find("system-out").text == \
            "100 points tested, none slower (0 inconclusive)", c.get("name")
PY

# ---- sides that share runs
expect 2 compare --baseline tag=side=base --candidate "$B4"
has 'skampi-db: error: the baseline and the candidate share 4 runs (1, 2, 3, 4): a set compared with itself cannot show a change; choose selections without a run in common (a merged file counts as its runs)'
expect 2 compare --baseline 1-9 --candidate 1-9
has 'share 9 runs (1, 2, 3, 4, 5, 6, 7, 8, ...)'
expect 2 compare --baseline tag=side=camp --candidate "$B4"
has 'share 4 runs (1, 2, 3, 4)'

# ---- another grid: what matched, and why the rest did not
expect 6 compare --baseline "$B4" --candidate tag=side=grid
has '500 points in both'
has '500 points of the baseline are not in the candidate: 500 at arguments the candidate did not measure (different grids: measure both with skampi-run --grid-from)'
has '500 points of the candidate are not in the baseline: 500 at arguments the baseline did not measure (different grids: measure both with skampi-run --grid-from)'

# ---- history: a merged file and its runs never both count; the runs
# without the point and why
expect 0 history tag=side=base tag=side=camp tag=side=grid --suite suite3 --argument 80
has '9 of 14 runs selected have suite3 at 80: 4 measured it at other arguments only (different grids: measure both with skampi-run --grid-from), 1 merged file left out (its runs are selected)'
grep -q '^ *23 ' "$TMP/o" && fail "history lists the merged file 23 beside its runs"
expect 0 history tag=side=camp tag=side=grid --suite suite3 --argument 80 --format json
python3 - "$TMP/o" <<'PY' || fail "history JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert [p["run"] for p in j["points"]] == [23], j["points"]
assert (j["runs_selected"], j["runs_other_arguments"], j["merged_left_out"]) == (5, 4, 0), j
PY
# ---- plot: the merged file is not drawn beside its own runs
expect 0 plot tag=side=base tag=side=camp --suite suite3 -o "$TMP/p.svg"
grep -q 'run 1: power box' "$TMP/p.svg" || fail "plot lacks run 1"
grep -q 'run 23:' "$TMP/p.svg" && fail "plot draws the merged file 23 beside its runs"
[ -n "${KEEP:-}" ] && { trap - EXIT; echo "kept $TMP" >&2; }
exit $((failures > 0))
