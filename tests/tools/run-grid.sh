#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-grid.sh -- skampi-run --grid-from FILE: two campaigns of a refining
# suite (2 runs each on 2 processes), the second with --grid-from the
# first's merged.yaml, measure the same arguments in every run, and
# skampi-db compare of the two matches every point (none unmatched); a
# campaign with --grid-from a hand-written grid (arguments no refinement
# would choose) measures exactly those; --grid-from is kept in
# campaign.txt as an absolute path and refused when it cannot be read or
# comes with --resume.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
RUN=$(abs "$top_builddir/campaign/skampi-run")
SKAMPI=$(abs "$SKAMPI")
SKAMPI_MERGE=$(abs "$top_builddir/campaign/skampi-merge")
SKAMPI_REPORT=$(abs "$top_builddir/report/skampi-report")
DB=$(abs "$top_builddir/db/skampi-db")
YAMLFLAT=$(abs "$YAMLFLAT")
export SKAMPI SKAMPI_MERGE SKAMPI_REPORT
suite=$(abs "$top_srcdir/tests/tools/tiny-dynamic.skampi")
work=$(abs "$work")
cd "$work" || exit 99

# args FILE: "SUITE ARGUMENT" lines of FILE's points, sorted.
args() {
  "$YAMLFLAT" "$1" | awk -F= '
    match($1, /^suites\.[0-9]+\.name$/) { split($1, a, "."); name[a[2]] = $2 }
    match($1, /^suites\.[0-9]+\.points\.[0-9]+\.argument$/) {
      split($1, a, "."); print a[2], $2 }' > args.raw || return 1
  "$YAMLFLAT" "$1" | awk -F= '
    match($1, /^suites\.[0-9]+\.name$/) { split($1, a, "."); print a[2], $2 }' \
    > names.raw
  awk 'NR == FNR { n[$1] = $2; next } { print n[$1], $2 }' names.raw args.raw |
    sort
}

# Refusals: status 2, one line, nothing created.
mkdir empty || exit 99
refuse() {  # MESSAGE ARGS...
  msg=$1; shift
  (cd empty && "$RUN" "$@") 2> err; rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit status $rc, not 2"
  printf 'skampi-run: error: %s (see skampi-run --help)\n' "$msg" |
    diff -u - err || fail "$*: message"
  [ -z "$(ls -A empty)" ] || fail "$*: created $(ls -A empty)"
}
refuse "--grid-from: cannot read 'nothere.yaml'" \
  -n 2 --grid-from nothere.yaml "$suite" -o out
refuse "--grid-from takes a result file, not ''" \
  -n 2 --grid-from '' "$suite" -o out
refuse "option '--grid-from' needs a value" -n 2 "$suite" -o out --grid-from

# Campaign A refines its grid; campaign B replays A's merged file.
"$RUN" -n 2 --seed 1 --no-report --launcher "$MPIEXEC -n 2" "$suite" -o A \
  2> A.err || fatal "campaign A: $(cat A.err)"
"$RUN" -n 2 --seed 5 --no-report --launcher "$MPIEXEC -n 2" \
  --grid-from A/merged.yaml "$suite" -o B 2> B.err ||
  fatal "campaign B: $(cat B.err)"
args A/merged.yaml > a.args || fail "A/merged.yaml"
[ "$(wc -l < a.args)" -ge 3 ] || fail "campaign A measured $(wc -l < a.args) points"
for f in B/run-01.yaml B/run-02.yaml B/merged.yaml; do
  args "$f" > b.args || fail "$f"
  diff -u a.args b.args > /dev/null ||
    fail "$f: not A's arguments: $(diff a.args b.args | grep '^[<>]' | head -n 4)"
done
grep -qx "grid_from=$PWD/A/merged.yaml" B/campaign.txt ||
  fail "B/campaign.txt: $(grep grid_from B/campaign.txt)"
"$YAMLFLAT" B/run-01.yaml | grep -qx "factors.grid_from=$PWD/A/merged.yaml" ||
  fail "B's run 1 did not replay A/merged.yaml"
refuse "--resume DIR continues the campaign as it was started: --grid-from cannot be given with it (only -np or --launcher)" \
  --resume "$PWD/B" --grid-from A/merged.yaml

# skampi-db compare of A against B: every point has its partner.
# (where skampi-db is built: SK_WITH_DB, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "run-grid.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): compare of A against B is not checked"
else
"$DB" --db c.db import -q --tag side=a A > /dev/null || fail "import A"
"$DB" --db c.db import -q --tag side=b B > /dev/null || fail "import B"
"$DB" --db c.db compare --baseline tag=side=a --candidate tag=side=b \
  --format json > cmp.json 2> cmp.err
rc=$?
# 0 no change, 5 a regression, 6 inconclusive (2 runs a side): all fine
case $rc in 0|5|6) ;; *) fail "compare exited with $rc: $(cat cmp.err)" ;; esac
python3 - cmp.json a.args << 'EOF' || fail "compare: $(head -c 300 cmp.json)"
import json, sys
doc = json.load(open(sys.argv[1]))
want = sorted(tuple(l.split()) for l in open(sys.argv[2]) if l.strip())
got = sorted((p["suite"], str(p["argument"])) for p in doc["points"]
             if p["baseline_runs"] == 2 and p["candidate_runs"] == 2)
if doc["only_baseline"] != 0 or doc["only_candidate"] != 0 or got != want:
    print("only_baseline %s, only_candidate %s; matched %s, want %s" %
          (doc["only_baseline"], doc["only_candidate"], got, want),
          file=sys.stderr)
    sys.exit(1)
EOF
fi

# A hand-written grid: exactly its arguments, in every run.
cat > grid.yaml << 'EOF'
schema_version: 1
suites:
  - name: pingpong_dyn
    points:
      - argument: 3
      - argument: 77
      - argument: 1000
EOF
"$RUN" -n 2 --seed 9 --no-report --launcher "$MPIEXEC -n 2" \
  --grid-from grid.yaml "$suite" -o C 2> C.err ||
  fatal "campaign C: $(cat C.err)"
for f in C/run-01.yaml C/run-02.yaml; do
  printf 'pingpong_dyn 1000\npingpong_dyn 3\npingpong_dyn 77\n' > want
  args "$f" | diff -u want - > /dev/null ||
    fail "$f measured $(args "$f" | tr '\n' ' '), not grid.yaml's"
done
exit 0
