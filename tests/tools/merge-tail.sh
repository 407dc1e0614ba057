#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-merge with Percentiles = yes: each of P50, P90, P99 and P99.9 of
# a point is the median of the runs' values, with the distribution-free
# interval of that median (lib/medci.h) in pNN_ci; a point where a run
# has none gets none.  The fixtures runs/tail1..3 (values in us):
#   8 B:    P50 2, 2.5, 1.5 -> median 2, interval [1.5, 2.5]
#           P90 3, 3.5, 2.5 -> 3 [2.5, 3.5]; P99 7, 9, 6 -> 7 [6, 9];
#           P99.9 9, 12, 6.5 -> 9 [6.5, 12]
#   three runs: the interval is [min, max], coverage 1 - 2/8 = 0.75
#   1024 B: run 3 has no percentiles: the merged point has none.
. "${top_srcdir:-.}/tests/tools/lib.sh"

"$MERGE" -o "$TMP/m.yaml" "$RUNS/tail1.yaml" "$RUNS/tail2.yaml" \
  "$RUNS/tail3.yaml" || fail "merge of tail1..tail3 failed"
"$BUILD/tests/yamlflat" "$TMP/m.yaml" > "$TMP/m.flat" || fail "yamlflat"

# KEY VALUE: the merged file's KEY equals VALUE (relative 1e-12).
near() {
  got=$(sed -n "s|^$1=||p" "$TMP/m.flat")
  awk -v a="$got" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d
    exit !(a != "" && d <= 1e-12 * (b < 0 ? -b : b)) }' ||
    fail "$1 is '$got', want $2"
}
p=suites.0.points.0
near $p.p50 2e-06
near $p.p90 3e-06
near $p.p99 7e-06
near $p.p999 9e-06
near $p.p50_ci.low 1.5e-06
near $p.p50_ci.high 2.5e-06
near $p.p90_ci.low 2.5e-06
near $p.p90_ci.high 3.5e-06
near $p.p99_ci.low 6e-06
near $p.p99_ci.high 9e-06
near $p.p999_ci.low 6.5e-06
near $p.p999_ci.high 12e-06
near $p.p99_ci.coverage 0.75
grep -q '^suites\.0\.points\.1\.p[0-9][0-9]*[=_]' "$TMP/m.flat" &&
  fail "a point where run 3 has no percentiles got some"
exit $((failures > 0))
