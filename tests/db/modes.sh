#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# modes.sh -- skampi-db import stores a point's modes as their count and
# a merged point's interval, from both kinds of file: a run's point lists
# its modes ({location, share} each), a merged point gives the count
# (`modes: 2`) and `ci: {low, high, coverage}`.  Neither is refused.
. "${top_srcdir:-.}/tests/db/lib.sh"
W=$TMP/w
mkdir -p "$W/multi"
# A run whose first point (pingpong, 8 bytes) has two modes.
awk '{ print } /median: 2e-06/ && !done {
  print "        modes:"
  print "          - {location: 1.9e-06, share: 0.6}"
  print "          - {location: 3.5e-06, share: 0.4}"
  done = 1 }' "$SRC/tests/tools/runs/a1.yaml" > "$W/run-modes.yaml"
grep -q 'share: 0.4' "$W/run-modes.yaml" || fail "fixture run-modes.yaml"
# Three runs with one far off: a merged point with its interval at 75%.
"$MERGE" -o "$W/outlier.yaml" "$SRC/tests/tools/runs/outlier1.yaml" \
  "$SRC/tests/tools/runs/outlier2.yaml" "$SRC/tests/tools/runs/outlier3.yaml" ||
  fail "merge of the outlier runs"
# Forty runs whose medians at pingpong 8 bytes are near 2 us (20 runs)
# or near 8 us (20 runs): two modes (lib/modes.h tests from 40 values).
i=1
while [ "$i" -le 40 ]; do
  if [ "$i" -le 20 ]; then
    m=$(awk -v i="$i" 'BEGIN { printf "%.3e", 2.0e-6 + i * 1e-8 }')
  else
    m=$(awk -v i="$i" 'BEGIN { printf "%.3e", 8.0e-6 + i * 4e-8 }')
  fi
  s=$(printf '%02d' "$i")
  sed "s/05:01:00Z/05:01:${s}Z/; 0,/median: 2e-06/s//median: $m/; 0,/max: 4e-06/s//max: 9.9e-06/" \
    "$SRC/tests/tools/runs/a1.yaml" > "$W/multi/r$s.yaml"
  i=$((i + 1))
done
"$MERGE" -o "$W/multi.yaml" "$W"/multi/r*.yaml || fail "merge of 40 runs"

: > "$TMP/out"
step import run-modes.yaml outlier.yaml multi.yaml
"$CHECK" "$TMP/t.db" points > "$TMP/points" || fail "dbcheck points"
# argument runs modes ci_low ci_high ci_coverage: the run's four points
# (modes 2 at the first), the outlier merge's one point, the forty runs'
# four (modes 2 at the first; 40 runs: ranks 14 and 27, coverage
# 1 - 2 P(K <= 13) for K ~ binomial(40, 1/2) = 0.96152...).
cat > "$TMP/want" <<'EOF'
8.0 NULL 2 NULL NULL NULL
1024.0 NULL NULL NULL NULL NULL
65536.0 NULL NULL NULL NULL NULL
0.0 NULL NULL NULL NULL NULL
8.0 3 NULL 2.6e-07 4.1e-06 0.75
8.0 40 2 2.14e-06 9.08e-06 0.96152269171580
1024.0 40 NULL 4.0e-06 4.0e-06 0.96152269171580
65536.0 40 NULL 6.0e-05 6.0e-05 0.96152269171580
0.0 40 NULL 1.5e-06 1.5e-06 0.96152269171580
EOF
sed 's/\(0\.9615226917158\)[0-9]*/\10/' "$TMP/points" | diff -u "$TMP/want" - ||
  fail "points stored"

# A modes value that is neither a count nor a list: located, the file
# refused, nothing of it stored.
sed 's/^        modes:$/        modes: many/; /- {location/d' "$W/run-modes.yaml" \
  > "$W/bad-modes.yaml"
: > "$TMP/out"
step import bad-modes.yaml
cat > "$TMP/want" <<'EOF'
$ skampi-db import bad-modes.yaml
bad-modes.yaml:44:16: error: 'modes' must be an integer, not 'many'
   44 |         modes: many
      |                ^
skampi-db: bad-modes.yaml: not imported
skampi-db: 1 of 1 files not imported
[exit 1]
EOF
diff -u "$TMP/want" "$TMP/out" || fail "modes: many: message"
[ "$("$CHECK" "$TMP/t.db" counts)" = "runs 3 suites 5 points 9 samples 10" ] ||
  fail "bad-modes.yaml stored something: $("$CHECK" "$TMP/t.db" counts)"
[ "$failures" -eq 0 ]
