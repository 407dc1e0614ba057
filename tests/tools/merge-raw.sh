#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-merge with Raw_Samples = yes (Alg. 3 of Hunold & Carpen-Amarie):
# each run's median and mean at a point are recomputed from its `raw`
# samples after the suite's recorded Outlier_Filter, not taken from the
# run's `median` (which is of all samples).  The fixtures runs/raw1..3
# were computed by hand (values in us):
#   tukey, 8 B (Tukey's fences):
#     run 1: 1..9, 100   Q1 3.25 Q3 7.75, fences -3.5 14.5: 100 goes;
#                        median 5, mean 5 (the run's own median: 5.5)
#     run 2: 2 4 4 4 5 5 7 9 60   Q1 4 Q3 7, fences -0.5 11.5: 60 goes;
#                        median 4.5, mean 5 (own median: 5)
#     run 3: 6 6 7 7 8 8   fences 4 and 10, all kept: median 7, mean 7
#     over the runs: medians 4.5 5 7 -> median 5, q1 4.75, q3 6,
#     spread 2.5/4.5; means 5 5 7 -> mean 17/3, stderr sqrt(8/27)
#   cut, 8 B (Cut_Quantile 0.1):
#     run 1: 10..18, 90 -> one cut at each end: median 14.5, mean 14.5
#     run 2: 1 12 12 13 13 14 14 15 15 20 -> median 13.5, mean 13.5
#     run 3: 14 14 15 16 40, floor(0.5) = 0 cut: median 15, mean 19.8
#     over the runs: median 14.5, q1 14, q3 14.75, spread 1.5/13.5
#   cut, 1024 B: run 3 has no raw samples, so every run's recorded
#     median (30 32 34) and mean (31 33 35) are used: run_values recorded.
. "${top_srcdir:-.}/tests/tools/lib.sh"

"$MERGE" -o "$TMP/m.yaml" "$RUNS/raw1.yaml" "$RUNS/raw2.yaml" \
  "$RUNS/raw3.yaml" || fail "merge of raw1..raw3 failed"
"$BUILD/tests/yamlflat" "$TMP/m.yaml" > "$TMP/m.flat" || fail "yamlflat"

# KEY VALUE: the merged file has KEY, equal to VALUE up to the rounding
# of a double (relative 1e-12).
near() {
  got=$(sed -n "s|^$1=||p" "$TMP/m.flat")
  [ -n "$got" ] || { fail "no $1"; return; }
  awk -v a="$got" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d;
    m = b < 0 ? -b : b; exit !(d <= 1e-12 * m + 1e-300) }' ||
    fail "$1 is $got, not $2"
}
is() {
  grep -qx "$1=$2" "$TMP/m.flat" || fail "$1 is not $2"
}

t=suites.0.points.0 c=suites.1.points.0 b=suites.1.points.1
is "suites.0.name" tukey
is "$t.run_values" raw
near "$t.run_medians.0" 5e-6
near "$t.run_medians.1" 4.5e-6
near "$t.run_medians.2" 7e-6
near "$t.run_means.0" 5e-6
near "$t.run_means.1" 5e-6
near "$t.run_means.2" 7e-6
near "$t.median" 5e-6
near "$t.q1" 4.75e-6
near "$t.q3" 6e-6
near "$t.min" 4.5e-6
near "$t.max" 7e-6
near "$t.spread" 0.55555555555555556
near "$t.mean" 5.6666666666666667e-6
near "$t.stderr" 5.4433105395181736e-7
# sample_min and sample_max are the extremes of all samples of all runs
near "$t.sample_min" 1e-6
near "$t.sample_max" 100e-6
# three runs: the interval is [min, max] of the per-run values at
# 1 - 2/8 = 75%
near "$t.ci.low" 4.5e-6
near "$t.ci.high" 7e-6
near "$t.ci.coverage" 0.75

is "$c.run_values" raw
near "$c.run_medians.0" 14.5e-6
near "$c.run_medians.1" 13.5e-6
near "$c.run_medians.2" 15e-6
near "$c.run_means.2" 19.8e-6
near "$c.median" 14.5e-6
near "$c.q1" 14e-6
near "$c.q3" 14.75e-6
near "$c.spread" 0.11111111111111111

is "$b.run_values" recorded
near "$b.run_medians.0" 30e-6
near "$b.run_medians.1" 32e-6
near "$b.run_medians.2" 34e-6
near "$b.run_means.0" 31e-6
near "$b.median" 32e-6

# Without any raw samples every point says recorded (the a* fixtures).
"$MERGE" -o "$TMP/a.yaml" "$RUNS/a1.yaml" "$RUNS/a2.yaml" ||
  fail "merge of a1, a2"
"$BUILD/tests/yamlflat" "$TMP/a.yaml" | grep '\.run_values=' | sort -u \
  > "$TMP/a.src"
printf '%s\n' suites.0.points.0.run_values=recorded \
  suites.0.points.1.run_values=recorded suites.0.points.2.run_values=recorded \
  suites.1.points.0.run_values=recorded | diff -u - "$TMP/a.src" ||
  fail "a1, a2: run_values"

# A bad raw sample is located.
sed 's/raw: \[5e-06,/raw: [fast,/' "$RUNS/raw1.yaml" > "$TMP/badraw.yaml"
"$MERGE" -o "$TMP/bad.yaml" "$TMP/badraw.yaml" 2> "$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "bad raw: exit status $rc, not 1"
[ ! -e "$TMP/bad.yaml" ] || fail "bad raw: wrote an output file"
echo "$TMP/badraw.yaml:44:15: error: 'raw' must be a number, not 'fast'" |
  diff -u - "$(head -n 1 "$TMP/err" > "$TMP/err1"; echo "$TMP/err1")" ||
  fail "bad raw: message"

[ "$failures" -eq 0 ]
