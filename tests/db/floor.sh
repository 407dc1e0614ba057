#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# floor.sh -- compare puts the candidate's median against its floor
# (doc/database.md "Comparing", item 11; the floor: lib/floor.h).  The
# baseline is six copies of tests/tools/floors.yaml (a ping-pong run of
# @LIMITS yes) without their limits, the candidate six copies with the
# limits and every ping-pong time 1.3 times as long: the findings say
# "at N× the floor", the points table has the column, CSV, YAML and JSON
# the fields (the baseline's null: its runs have no limits).  The JSON's
# floors are checked against the formula computed here from the file's
# limits: 2 (best cache line + n / best copy rate of the longest length
# not above n, or of a longer one where that is higher); the candidate's
# runs are made quiet (floors.yaml is a noisy run, whose floor would be
# the copies alone).  Against tests/db/floor.expected (renew as cli.sh says).
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
F=$SRC/tests/tools/floors.yaml
mkdir -p "$W/base" "$W/cand"
for i in 1 2 3 4 5 6; do
  sed -e "s/^  start_time: 2026-11-29T09:22:42Z/  start_time: 2026-11-29T09:2${i}:42Z/" \
      -e '/^  limits:$/,/^node_map:$/{/^node_map:$/!d;}' "$F" > "$W/base/r$i.yaml"
  sed -e "s/^  start_time: 2026-11-29T09:22:42Z/  start_time: 2026-11-29T10:2${i}:42Z/" \
      -e 's/^  verdict: noisy$/  verdict: quiet/' "$F" |
    awk '/^suites:/ { on = 1 }
      on && $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
        n = index($0, $1); printf "%s%s %.17g\n", substr($0, 1, n - 1), $1, $2 * 1.3
        next }
      { print }' > "$W/cand/r$i.yaml"
done
grep -q '^  limits:' "$W/base/r1.yaml" && fail "fixture: the baseline has limits"
grep -q '^    cache_line:' "$W/cand/r1.yaml" || fail "fixture: the candidate has no limits"
[ "$(grep -c '^  verdict: quiet$' "$W/cand/r1.yaml")" = 1 ] || fail "fixture: the candidate is not quiet"
db import -q --tag side=base "$W/base" || fail "import base/"
db import -q --tag side=cand "$W/cand" || fail "import cand/"

: > "$TMP/out"
step compare --baseline tag=side=base --candidate tag=side=cand
step compare --baseline tag=side=base --candidate tag=side=cand --match pingpong=pingpong
step compare --baseline tag=side=base --candidate tag=side=cand --format csv
step compare --baseline tag=side=base --candidate tag=side=cand --format yaml
step compare --baseline tag=side=base --candidate tag=side=cand --format junit
golden floor.expected

# the floors of the JSON, from the file's limits by hand
(cd "$W" && "$DB" --db "$TMP/t.db" compare --baseline tag=side=base \
  --candidate tag=side=cand --format json) > "$TMP/c.json"
python3 - "$TMP/c.json" "$F" <<'PY' || fail "the floors of compare's JSON"
import json, re, sys
j = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
line = float(re.search(r"cache_line:\n(?:      .*\n)*?      best: (\S+)", text).group(1))
copy = {int(n): float(b) for n, b in
        re.findall(r'"(\d+)": \{median: \S+, best: ([0-9.e+-]+),', text)}
def floor(n):
    # the longest length not above n, at the best rate of it or any
    # longer length; the cache line only where the run was quiet
    ks = sorted(copy)
    below = [i for i, k in enumerate(ks) if k <= n]
    t = ks[below[-1]] / max(copy[k] for k in ks[below[-1]:]) if below else 0.0
    return 2 * ((line if True else 0.0) + t)
pts = j["points"]
assert len(pts) == 8, len(pts)
for p in pts:
    want = floor(p["argument"])
    assert abs(p["floor"] / want - 1) < 1e-12, (p["argument"], p["floor"], want)
    assert abs(p["floor_ratio"] - p["after"] / want) < 1e-9 * p["floor_ratio"], p
    assert p["baseline_floor"] is None and p["baseline_floor_ratio"] is None, p
eight = [p for p in pts if p["argument"] == 8][0]
assert abs(eight["floor_ratio"] - 1.3 * 1.0730801784575306e-06 / floor(8)) < 1e-9, eight
PY
[ -n "${KEEP:-}" ] && cp "$TMP/out" "$BUILD/tests/db/floor.out"
exit $((failures > 0))
