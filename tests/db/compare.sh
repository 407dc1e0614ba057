#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# compare.sh -- skampi-db compare, end to end on stored runs, the
# sysadmin's workflow of the README: five runs "before", five "after" in
# which one suite was made slower on purpose, imported with tags and
# compared.  Also: adjacent sizes that changed alike make one finding;
# nothing changes against itself (exit 0); fewer than 3 runs a side with
# raw samples are tested on the samples, without them get no verdict; a
# merged file stands for its runs; the summary line first, the findings
# worst first; CSV, YAML, JSON (the API's shape) and JUnit XML (which
# must parse: one test case per suite, a failure where it got slower);
# --match; the usage errors.  The
# outputs are compared with tests/db/compare.expected (renew as cli.sh
# says).
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W/before" "$W/after" "$W/slowpp" "$W/camp"
# scale SUITE FACTOR FILE: the times of SUITE's points times FACTOR
scale() {
  awk -v suite="$1" -v f="$2" '
    /^  - name: / { on = ($3 == suite) }
    on && $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
      n = index($0, $1); printf "%s%s %.6g\n", substr($0, 1, n - 1), $1, $2 * f
      next }
    { print }' "$3"
}
for i in 1 2 3 4 5; do
  cp "$SRC/tests/tools/runs/a$i.yaml" "$W/before/run-0$i.yaml"
  scale barrier 1.3 "$SRC/tests/tools/runs/a$i.yaml" > "$W/after/run-0$i.yaml"
  scale pingpong 0.8 "$SRC/tests/tools/runs/a$i.yaml" > "$W/slowpp/run-0$i.yaml"
done
cmp -s "$W/before/run-01.yaml" "$W/after/run-01.yaml" && fail "scale changed nothing"
for i in 1 2 3; do cp "$SRC/tests/tools/runs/b$i.yaml" "$W/camp/run-0$i.yaml"; done
(cd "$W/camp" && "$MERGE" -o merged.yaml run-01.yaml run-02.yaml run-03.yaml) ||
  fail "skampi-merge failed"
cp "$SRC/tests/tools/runs/raw1.yaml" "$SRC/tests/tools/runs/raw2.yaml" "$W/"

db import -q --tag phase=before "$W/before" || fail "import before/"
db import -q --tag phase=after "$W/after" || fail "import after/"
db import -q --tag phase=faster "$W/slowpp" || fail "import slowpp/"
db import -q --tag set=camp "$W/camp" || fail "import camp/"
db import -q "$W/raw1.yaml" "$W/raw2.yaml" || fail "import raw"

: > "$TMP/out"
step compare --baseline tag=phase=before --candidate tag=phase=after
step compare --baseline tag=phase=before --candidate tag=phase=after --format csv
step compare --baseline tag=phase=before --candidate tag=phase=faster
step compare --baseline tag=phase=before --candidate tag=phase=faster --format yaml
step compare --baseline tag=phase=before --candidate tag=phase=before
step compare --baseline 'tag=phase=before' --candidate 'kind=merged'
step compare --baseline 'tag=phase=before' --candidate 'set=camp'
step compare --baseline 'tag=phase=before' --candidate 'tag=set=camp'
step compare --baseline 1 --candidate 6 --format csv
step compare --baseline 20 --candidate 21 --format csv
step compare --baseline 'tag=phase=before' --candidate 'tag=phase=after' --fdr 0.001
step compare --baseline 'tag=phase=before' --candidate 'tag=phase=after' --min-effect 0.5
step compare --baseline tag=phase=before --candidate tag=phase=faster --format junit
step compare --baseline 1 --candidate 6 --format junit
step compare --baseline tag=phase=before --candidate tag=phase=after --format json
step compare --baseline tag=phase=before --candidate tag=phase=after --format table --match pingpong=pingpong
step compare --baseline 'tag=nothing=here' --candidate 1
step compare --baseline 1
step compare --baseline 1 --candidate 2 --fdr 2
step compare --baseline 1 --candidate 2 --format jnuit
golden compare.expected
# the JUnit XML parses, one test case per suite, barrier failed
(cd "$W" && "$DB" --db "$TMP/t.db" compare --baseline tag=phase=before \
  --candidate tag=phase=after --format junit) > "$TMP/junit.xml"
[ $? = 5 ] || fail "compare --format junit: exit status, want 5"
python3 - "$TMP/junit.xml" <<'PY' || fail "the JUnit XML"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.findall("./testsuite/testcase")
assert root.tag == "testsuites" and root.get("failures") == "1", root.attrib
assert sorted(c.get("name") for c in cases) == ["barrier", "pingpong"], cases
bar = [c for c in cases if c.get("name") == "barrier"][0]
assert bar.find("failure") is not None and "+30.0%" in bar.find("failure").text
pp = [c for c in cases if c.get("name") == "pingpong"][0]
assert pp.find("failure") is None and pp.find("skipped") is None
PY
[ -n "${KEEP:-}" ] && cp "$TMP/out" "$BUILD/tests/db/compare.out"
exit $((failures > 0))
