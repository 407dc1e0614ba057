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

# The shipped ping-pong suite with @LIMITS yes, bounded by @TIME_RUN.
{ printf '@LIMITS yes\n@TIME_RUN 40\n'
  grep -v '^@OUTFILE' "$top_srcdir/suites/pingpong.skampi"; } > "$work/pp.skampi"
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
