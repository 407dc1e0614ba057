#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# plans.sh -- EXPLAIN QUERY PLAN of every statement a query or a plot
# runs (tests/db/dbcheck plans: the selection as SQL with its values
# bound, a run's suites, a suite's points, a point's samples), for one
# selection of every kind of term and some combinations: the points table
# is never scanned whole, the points are found through points_suite, the
# samples by their key.
. "${top_srcdir:-.}/tests/db/lib.sh"

db import -q --tag phase=before "$SRC/tests/tools/runs/a1.yaml" \
  "$SRC/tests/tools/runs/a2.yaml" "$SRC/tests/tools/runs/b1.yaml" ||
  fail "import"
for sel in "" "3" "2-5" "machine=test*" "library=MPICH*" "np=2" \
    "tag=phase=before" "kind=run" "campaign=1" "since=2026-11" \
    "until=2026-11-22T05:03:00Z" "latest" "latest=10" \
    "machine=test* np=2 latest=3" "tag=phase=before since=2026 1-100" \
    "library=Open* kind=merged until=2027"; do
  # shellcheck disable=SC2086 # the words of the selection
  "$CHECK" "$TMP/t.db" plans $sel > "$TMP/plan" ||
    { fail "no plans for '$sel'"; continue; }
  grep -E -q '^(SCAN|SEARCH) (p|points)( |$)' "$TMP/plan" ||
    fail "'$sel': no step on points at all?: $(cat "$TMP/plan")"
  grep -E -q '^SCAN (p|points)( |$)' "$TMP/plan" &&
    fail "'$sel': full scan of points: $(cat "$TMP/plan")"
  grep -q '^SEARCH p USING INDEX points_suite (suite_id=?)$' "$TMP/plan" ||
    fail "'$sel': points not searched by points_suite: $(cat "$TMP/plan")"
  grep -q '^SEARCH samples USING PRIMARY KEY (point_id=?)$' "$TMP/plan" ||
    fail "'$sel': samples not searched by their key: $(cat "$TMP/plan")"
  # the selection itself never touches points
  sed -n '/^# selection$/,/^# suites$/p' "$TMP/plan" | grep -q 'points' &&
    fail "'$sel': the selection reads points: $(cat "$TMP/plan")"
done
exit $((failures > 0))
