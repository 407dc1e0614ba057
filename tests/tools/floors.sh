#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# floors.sh -- @LIMITS and the floors (doc/engine.md, "The floors"):
# a planted wrong floor (the copy rates halved) is caught, with its
# located message, on a fixed file whose 4 MiB point's fastest
# repetition lies at 1.5 times its floor, both as the noisy run it was
# (the floors are the copies alone) and made quiet (the cache line
# counts too); the file's 4 MiB copy rate, measured while every batch
# waited (0.49 GB/s), raises no floor (the 8 MiB rate stands for it);
# a point the timer could not resolve is held against no floor;
# the report draws the floor, labels the points' multiples of it a step
# apart, and lists the limits on the title page; skampi-db show lists
# them; then the shipped ping-pong suite, run at P = 2 with @LIMITS yes,
# has every point at or above its floor, and its limits are in the
# result file.  tests/mpi/suites-p2.sh holds every shipped suite to its
# floors.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
CHECK=$top_builddir/tests/tools/floorcheck
fixed=$top_srcdir/tests/tools/floors.yaml

# The fixed file (a noisy run) and the same as a quiet one: the cache
# line counts in a floor only when the run was quiet (lib/floor.h).
sed 's/^  verdict: noisy$/  verdict: quiet/' "$fixed" > "$work/quiet.yaml"
[ "$(grep -c '^  verdict: quiet$' "$work/quiet.yaml")" -eq 1 ] ||
  fatal "floors.yaml: no run verdict to turn quiet"
# The quiet file: every point at or above its floor ...
"$CHECK" "$work/quiet.yaml" > "$work/ok"; rc=$?
[ "$rc" -eq 0 ] || fail "floorcheck on the quiet floors.yaml: exit $rc, not 0"
[ "$(wc -l < "$work/ok")" -eq 8 ] || fail "floors.yaml: not 8 points with a floor"
# (the point's min; the floor 2 (line + 4 MiB / 45.8 GB/s, the 8 MiB
# rate, not the 4 MiB one's 0.49 GB/s))
grep -q '^pingpong 4194304 0.000275255016 0.000183503344 1.500$' "$work/ok" ||
  fail "floors.yaml: the 4 MiB point is not at 1.500 times its floor"
grep -q '^pingpong 8 9.12080062e-07 3.40413897e-07 2.679$' "$work/ok" ||
  fail "floors.yaml: the floor of 8 B is not 2 (line + copy(8))"
# ... and with the copy rates halved, the 4 MiB point below its floor
"$CHECK" "$work/quiet.yaml" 0.5 > "$work/planted" 2> "$work/below"; rc=$?
[ "$rc" -eq 1 ] || fail "a halved copy rate: exit $rc, not 1"
printf '%s\n' "floorcheck: $work/quiet.yaml: suite 'pingpong' (suites[0]), 4194304 B: min 0.0002753 s below its floor 0.0003667 s (line 1.702e-07 s, copy 0.0001832 s)" |
  diff -u - "$work/below" || fail "a halved copy rate: not caught at 4 MiB alone"
grep -q '^pingpong 4194304 0.000275255016 0.000366666345 0.751$' "$work/planted" ||
  fail "a halved copy rate: the 4 MiB floor is not 2 (line + 2 copy)"
# ... unless the timer could not resolve that point (resolved: false):
# no measurement, so nothing to hold against its floor (lib/floor.h)
sed '/^    min: 0.000275255016$/a\
    resolved: false' "$work/quiet.yaml" > "$work/unres.yaml"
grep -q '^    resolved: false$' "$work/unres.yaml" || fatal "no unresolved point made"
"$CHECK" "$work/unres.yaml" 0.5 > "$work/unres" 2> "$work/below"; rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$work/below" ] ||
  fail "an unresolved point under a halved copy rate: exit $rc, $(cat "$work/below")"
grep -q '^pingpong 4194304 ' "$work/unres" &&
  fail "an unresolved point was held against its floor"
# The noisy file: the floors are the copies alone, and the planted
# wrong floor is caught there too.
"$CHECK" "$fixed" > "$work/noisy"; rc=$?
[ "$rc" -eq 0 ] || fail "floorcheck on floors.yaml: exit $rc, not 0"
grep -q '^pingpong 8 9.12080062e-07 7.01513715e-11 13001.600$' "$work/noisy" ||
  fail "floors.yaml (noisy): the floor of 8 B is not 2 copy(8)"
"$CHECK" "$fixed" 0.5 > /dev/null 2> "$work/below"; rc=$?
[ "$rc" -eq 1 ] || fail "a halved copy rate (noisy): exit $rc, not 1"
printf '%s\n' "floorcheck: $fixed: suite 'pingpong' (suites[0]), 4194304 B: min 0.0002753 s below its floor 0.0003663 s (line 0 s, copy 0.0001832 s)" |
  diff -u - "$work/below" || fail "a halved copy rate (noisy): not caught at 4 MiB alone"

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
times=$(printf '\303\227')    # U+00D7, the multiplication sign
grep -q "\$tF using 1:2 with lines .* title 'floor (node limits; copy only: a noisy run)'" \
  "$work/f.gp" || fail "the noisy run's floor is not drawn as copies only"
grep -q "^set label \"15297$times\" at first 8," "$work/f.gp" ||
  fail "the noisy 8 B point: not labelled 15297x its floor"
# The quiet one: the floor with the cache line.
"$top_builddir/report/skampi-report" -o "$work/q.pdf" --script "$work/q.gp" \
  "$work/quiet.yaml" 2> "$work/rerr" || fail "skampi-report: $(cat "$work/rerr")"
sed -n '/^\$tF << EOD$/,/^EOD$/p' "$work/q.gp" > "$work/tF"
[ "$(wc -l < "$work/tF")" -eq 10 ] || fail "the floor's datablock: not 8 points"
grep -q '^8 0.34041389744626155$' "$work/tF" || fail "the floor at 8 B (us)"
grep -q '^4194304 183.50334440242477$' "$work/tF" || fail "the floor at 4 MiB (us)"
# the labels: the median's multiple of the floor
grep -q "^set label \"141$times\" at first 4194304," "$work/q.gp" ||
  fail "the 4 MiB point: not labelled 141x its floor"
grep -q "^set label \"3.15$times\" at first 8," "$work/q.gp" ||
  fail "the 8 B point: not labelled 3.15x its floor"
# labels a step (4 MiB / 8 B)^(1/14) = 2.56 apart from the longest down,
# so none overlap: 2 MiB, next to 4 MiB, has none
[ "$(grep -c "^set label \"[0-9.]*$times\" at first " "$work/q.gp")" -eq 7 ] ||
  fail "not 7 labels of the floor's multiples"
grep -q "^set label \"[0-9.]*$times\" at first 2097152," "$work/q.gp" &&
  fail "the 2 MiB point labelled beside the 4 MiB one"
grep -q "\$tF using 1:2 with lines .* title 'floor (node limits)'" \
  "$work/q.gp" || fail "the floor is not drawn"

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
"$CHECK" "$work/pp.yaml" > "$work/live" 2> "$work/live.err"; rc=$?
[ "$rc" -eq 0 ] || fail "a point below its floor (exit $rc): $(cat "$work/live.err")"
