#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# floors.sh -- @LIMITS and the floors (doc/engine.md, "The floors"):
# a planted wrong floor (the copy rates halved) is caught on a fixed
# file whose 4 MiB point lies at 1.5 times its floor; then the shipped
# ping-pong suite, run at P = 2 with @LIMITS yes, has every point at or
# above its floor, and its limits are in the result file.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
CHECK=$top_builddir/tests/tools/floorcheck
fixed=$top_srcdir/tests/tools/floors.yaml

# The fixed file: every point at or above its floor ...
"$CHECK" "$fixed" > "$work/ok"; rc=$?
[ "$rc" -eq 0 ] || fail "floorcheck on floors.yaml: exit $rc, not 0"
[ "$(wc -l < "$work/ok")" -eq 8 ] || fail "floors.yaml: not 8 points with a floor"
grep -q '^pingpong 4194304 0.0258305071 0.0172203381 1.500$' "$work/ok" ||
  fail "floors.yaml: the 4 MiB point is not at 1.500 times its floor"
grep -q '^pingpong 8 1.07308018e-06 3.43247266e-07 3.126$' "$work/ok" ||
  fail "floors.yaml: the floor of 8 B is not 2 (line + copy(8))"
# ... and with the copy rates halved, the 4 MiB point below its floor
"$CHECK" "$fixed" 0.5 > "$work/planted"; rc=$?
[ "$rc" -eq 1 ] || fail "a halved copy rate: exit $rc, not 1"
grep '^below:' "$work/planted" > "$work/below"
printf 'below: pingpong 4194304\n' | diff -u - "$work/below" ||
  fail "a halved copy rate: not caught at 4 MiB alone"

# The report of the fixed file: the title page lists the limits, the
# suite page draws the floor and each point's multiple of it.
"$top_builddir/report/skampi-report" -o "$work/f.pdf" --script "$work/f.gp" \
  "$fixed" 2> "$work/rerr" || fail "skampi-report: $(cat "$work/rerr")"
grep -q '^set label "The node'"'"'s limits (floors)" at screen' "$work/f.gp" ||
  fail "title page: no limits heading"
grep -q '^set label "195 ns (best 170 ns), CPUs 1 and 0" at screen' \
  "$work/f.gp" || fail "title page: the cache line"
grep -q '^set label "0.98 s" at screen' "$work/f.gp" ||
  fail "title page: the measurement's cost"
grep -q '^set label "limits\.' "$work/f.gp" &&
  fail "title page: limits.* among the factors"
sed -n '/^\$tF << EOD$/,/^EOD$/p' "$work/f.gp" > "$work/tF"
[ "$(wc -l < "$work/tF")" -eq 10 ] || fail "the floor's datablock: not 8 points"
grep -q '^8 0.3432472660733765$' "$work/tF" || fail "the floor at 8 B (us)"
times=$(printf '\303\227')    # U+00D7, the multiplication sign
grep -q "^set label \"1.5$times\" at first 4194304," "$work/f.gp" ||
  fail "the 4 MiB point: not labelled 1.5x its floor"
grep -q "^set label \"3.13$times\" at first 8," "$work/f.gp" ||
  fail "the 8 B point: not labelled 3.13x its floor"
grep -q "\$tF using 1:2 with lines .* title 'floor (node limits)'" \
  "$work/f.gp" || fail "the floor is not drawn"

# skampi-db show lists the limits of a stored run (when skampi-db is built).
DB=$top_builddir/db/skampi-db
if [ -x "$DB" ]; then
  "$DB" --db "$work/t.db" import "$fixed" > /dev/null 2>&1 ||
    fail "skampi-db import of floors.yaml"
  "$DB" --db "$work/t.db" show 1 | grep '^cache line:\|^copy (' > "$work/show"
  printf '%s\n' \
    'cache line:      195 ns one way (best 170 ns), CPUs 1 and 0' \
    'copy (1 core):   8 B 5.45 GB/s, 4096 B 141 GB/s, 1048576 B 53.8 GB/s, 8388608 B 32.2 GB/s' \
    'copy (all):      35 GB/s' | diff -u - "$work/show" ||
    fail "skampi-db show: the limits"
fi

# The shipped ping-pong suite with @LIMITS yes, bounded by @TIME_RUN.
{ printf '@LIMITS yes\n@TIME_RUN 40\n'
  grep -v -i '^@OUTFILE\|^@TIME_RUN' "$top_srcdir/suites/pingpong.skampi"; } > "$work/pp.skampi"
run_skampi 2 "$work/pp.skampi" "$work/pp.yaml" -q ||
  fatal "skampi: $(cat "$work/stderr")"
flatten "$work/pp.yaml"
cost=$(get factors.limits.cost)
awk -v c="$cost" 'BEGIN { exit !(c + 0 > 0 && c + 0 <= 5) }' ||
  fail "factors.limits.cost is '$cost', not in (0, 5] s"
[ -n "$(get factors.limits.copy.8.best)" ] || fail "no copy rate at 8 B"
[ -n "$(get factors.limits.all_ranks_copy.rate)" ] ||
  fail "no all-ranks copy rate"
expect factors.limits.all_ranks_copy.ranks 2
[ -n "$(get factors.limits.cache_line.median)$(get factors.limits.cache_line.skipped)" ] ||
  fail "the cache line: neither measured nor said why not"
"$CHECK" "$work/pp.yaml" > "$work/live"; rc=$?
[ "$rc" -eq 0 ] || fail "a point below its floor (exit $rc): $(grep below "$work/live")"
