#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# resolved.sh -- points the timer could not resolve (a result file's
# `resolved: false`, doc/database.md "Comparing") are stored and never
# taken for a measurement.  Five runs "before" (the first with pingpong at
# 1024 B unresolved) and five "after" (pingpong at 8 B unresolved in
# every run, barrier 30% slower): compare leaves both points untested and
# out of the false-discovery family (2 tests, not 4), lists them with the
# reason and the side, and counts them in the summary (table, CSV, YAML,
# JSON, JUnit); barrier is still found slower.  show counts them per
# suite, history leaves them out with the count, query and the API say
# `resolved: false`.  Against tests/db/resolved.expected (renew as
# cli.sh says).
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W/before" "$W/after"
# unres SUITE ARG FILE: the point ARG of SUITE marked `resolved: false`
unres() {
  awk -v suite="$1" -v arg="$2" '
    /^  - name: / { on = ($3 == suite) }
    on && $1 == "-" && $2 == "argument:" { pt = ($3 == arg) }
    { print }
    on && pt && $1 == "eps_met:" {
      n = index($0, $1); printf "%sresolved: false\n", substr($0, 1, n - 1); pt = 0 }' "$3"
}
# scale SUITE FACTOR: the times of SUITE's points times FACTOR (stdin)
scale() {
  awk -v suite="$1" -v f="$2" '
    /^  - name: / { on = ($3 == suite) }
    on && $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
      n = index($0, $1); printf "%s%s %.6g\n", substr($0, 1, n - 1), $1, $2 * f
      next }
    { print }'
}
for i in 1 2 3 4 5; do
  cp "$SRC/tests/tools/runs/a$i.yaml" "$W/before/run-0$i.yaml"
  unres pingpong 8 "$SRC/tests/tools/runs/a$i.yaml" | scale barrier 1.3 \
    > "$W/after/run-0$i.yaml"
done
unres pingpong 1024 "$SRC/tests/tools/runs/a1.yaml" > "$W/before/run-01.yaml"
[ "$(grep -c 'resolved: false' "$W/after/run-03.yaml")" = 1 ] ||
  fail "fixture: no unresolved point"
db import -q --tag phase=before "$W/before" || fail "import before/"
db import -q --tag phase=after "$W/after" || fail "import after/"

: > "$TMP/out"
step compare --baseline tag=phase=before --candidate tag=phase=after
step compare --baseline tag=phase=before --candidate tag=phase=after --format csv
step compare --baseline tag=phase=before --candidate tag=phase=after --format yaml
step compare --baseline tag=phase=before --candidate tag=phase=after --format json
step compare --baseline tag=phase=before --candidate tag=phase=after --format junit
step compare --baseline 2-5 --candidate 7-10 --match pingpong=pingpong
step show 6
step history all --suite pingpong --argument 8
step history all --suite pingpong --argument 1024 --format yaml
step query 1 --suite pingpong --format yaml
step query 1 --suite pingpong --format json
step query 1 --suite pingpong --format csv
golden resolved.expected

# the stored column: 0 for the unresolved points, 1 for the others
"$CHECK" "$TMP/t.db" resolved > "$TMP/res" || fail "dbcheck resolved"
[ "$(grep -c ' 0$' "$TMP/res")" = 6 ] && [ "$(grep -c ' 1$' "$TMP/res")" = 34 ] ||
  fail "resolved column: $(cat "$TMP/res")"
# the JUnit XML parses; the points not comparable are in its output
(cd "$W" && "$DB" --db "$TMP/t.db" compare --baseline tag=phase=before \
  --candidate tag=phase=after --format junit) > "$TMP/junit.xml"
python3 - "$TMP/junit.xml" <<'PY' || fail "the JUnit XML"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
props = {p.get("name"): p.get("value") for p in root.iter("property")}
assert props["not_comparable"] == "2", props
out = root.find("./testsuite/system-out").text
assert "pingpong 8 B (np 2): candidate" in out and "pingpong 1 KiB (np 2): baseline" in out, out
PY
[ -n "${KEEP:-}" ] && cp "$TMP/out" "$BUILD/tests/db/resolved.out"
exit $((failures > 0))
