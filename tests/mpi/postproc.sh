#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# postproc.sh -- @POSTPROC yes: skampi itself merges a series of runs
# (SKaMPI §4.3; doc/reproducibility.md).  Two runs on 2 processes write
# OUT.run-01.yaml and OUT.run-02.yaml and, after each, the merged OUT
# with the right run count and the fields skampi-merge writes; run 2 replays run 1's grid; the merge takes
# each run's mean and median from its raw samples; an unfinished last run
# is continued, not followed by a new one; --no-postproc writes a plain
# result file; a changed suite file is refused before anything is
# measured.
. "$top_srcdir/tests/mpi/lib.sh"
suite=$work/pp.skampi
cp "$SUITES/postproc.skampi" "$suite" || exit 99
# the merged file is $mf (run_skampi sets $out)
mf=$work/pp.yaml r1=$work/pp.run-01.yaml r2=$work/pp.run-02.yaml
r3=$work/pp.run-03.yaml

run_skampi 2 "$suite" "$mf" --quiet ||
  fail "run 1: exit $? ($(cat "$work/stderr"))"
[ -s "$r1" ] || fail "run 1 wrote no $r1"
[ ! -e "$r2" ] || fail "run 1 wrote $r2"
flatten "$mf"
expect merged.runs 1
expect merged.tool "skampi 0.1.0"
expect merged.files.0.path "$r1"

run_skampi 2 "$suite" "$mf" --shuffle=2 ||
  fail "run 2: exit $? ($(cat "$work/stderr"))"
[ -s "$r2" ] || fail "run 2 wrote no $r2"
[ ! -e "$r3" ] || fail "run 2 wrote $r3"
skampi_stderr | grep -qx "skampi: @POSTPROC: 2 runs merged into $mf (this run: $r2)" ||
  fail "run 2: no merge line in $(cat "$work/stderr")"
flatten "$r2"
expect factors.grid_from "$r1"
expect factors.shuffle_seed 2
flatten "$mf"
expect merged.runs 2
expect merged.files.1.path "$r2"
expect merged.files.0.shuffle_seed null
expect merged.files.1.shuffle_seed 2
expect merged.files.1.grid_from "$r1"
if command -v sha256sum > /dev/null 2>&1; then
  expect merged.files.0.sha256 "$(sha256sum < "$r1" | cut -c1-64)"
  expect merged.files.1.sha256 "$(sha256sum < "$r2" | cut -c1-64)"
fi
[ "$(get suites.0.points.0.runs)" = 2 ] || fail "point 0: runs"
# Every point's per-run values come from the raw samples; each run's
# mean is the engine's (same filter, same samples), and under the
# symmetric Cut_Quantile filter so is the median.
grep '\.run_values=' "$work/flat" | grep -v '=raw$' &&
  fail "a point without run_values raw"
cp "$work/flat" "$work/merged.flat"
# One code path: skampi-merge of the same two runs writes the same
# fields and values (the median first, q1, q3, min, max, ci, runs, ...);
# only merged.tool names the other program.
"$top_builddir/campaign/skampi-merge" -o "$work/sm.yaml" "$r1" "$r2" ||
  fail "skampi-merge of the two runs"
"$YAMLFLAT" "$work/sm.yaml" | grep -v '^merged\.tool=' > "$work/sm.flat"
grep -v '^merged\.tool=' "$work/merged.flat" |
  diff -u - "$work/sm.flat" || fail "@POSTPROC and skampi-merge differ"
# two runs: the interval is [min, max] of the two at 1 - 2/4 = 50%
expect suites.0.points.0.ci.coverage 0.5
expect suites.0.points.0.ci.low "$(get suites.0.points.0.min)"
for k in 1 2; do
  "$YAMLFLAT" "$work/pp.run-0$k.yaml" > "$work/run.flat" || fail "run $k"
  awk -F= -v k=$((k - 1)) '
    FNR == 1 { f++ }
    { n = split($1, p, ".") }
    p[1] == "suites" && p[3] == "name" { name[f, p[2]] = $2 }
    p[1] == "suites" && p[3] == "parameters" && p[4] == "Outlier_Filter" {
      filt[f, p[2]] = $2 }
    p[1] == "suites" && p[3] == "points" && n == 5 { v[f, p[2], p[4], p[5]] = $2 }
    p[1] == "suites" && p[3] == "points" && n == 6 {
      v[f, p[2], p[4], p[5] "." p[6]] = $2 }
    p[1] == "suites" && p[3] == "points" && n == 5 && p[5] == "argument" {
      np[f, p[2]] = p[4] + 1 }
    END {
      for (s = 0; (1, s) in name; s++) {
        for (t = 0; (2, t) in name && name[2, t] != name[1, s]; t++) ;
        if (!((2, t) in name)) { print "no suite " name[1, s]; bad = 1; continue }
        for (i = 0; i < np[1, s]; i++) {
          a = v[1, s, i, "argument"]
          for (j = 0; j < np[2, t] && v[2, t, j, "argument"] != a; j++) ;
          if (j == np[2, t]) { print "no argument " a; bad = 1; continue }
          cmp++
          if (v[1, s, i, "run_means." k] + 0 != v[2, t, j, "mean"] + 0) {
            print name[1, s] " " a ": run mean"; bad = 1 }
          if (filt[2, t] == "Cut_Quantile" &&
              v[1, s, i, "run_medians." k] + 0 != v[2, t, j, "median"] + 0) {
            print name[1, s] " " a ": run median"; bad = 1 }
        }
      }
      if (cmp < 7) { print "only " cmp " points compared"; bad = 1 }
      exit bad
    }' "$work/merged.flat" "$work/run.flat" ||
    fail "run $k: merged run values differ from the run file"
done

# An unfinished last run (killed: its status is still running) is
# continued: nothing is left to measure, and the merge has 3 runs.
awk '/^run:/ { r = 1 } r && /^  status:/ { sub(/complete/, "running"); r = 0 }
     { print }' "$r2" > "$r3" || exit 99
run_skampi 2 "$suite" "$mf" ||
  fail "run 3: exit $? ($(cat "$work/stderr"))"
[ ! -e "$work/pp.run-04.yaml" ] || fail "run 3 began a new run file"
skampi_stderr | grep -q "^skampi: continuing $r3: 2 suites kept, 0 to measure" ||
  fail "run 3 did not continue $r3: $(cat "$work/stderr")"
flatten "$mf"
expect merged.runs 3
flatten "$r3"
expect run.status complete

# --no-postproc: one plain result file, as skampi-run wants it.
run_skampi 2 "$suite" "$work/plain.yaml" --quiet --no-postproc ||
  fail "--no-postproc: exit $?"
[ ! -e "$work/plain.run-01.yaml" ] || fail "--no-postproc wrote a run file"
flatten "$work/plain.yaml"
[ -z "$(get merged.runs)" ] || fail "--no-postproc wrote a merged file"
expect suites.0.name dynamic

# A changed suite file: refused, nothing measured, nothing written.
echo "# changed" >> "$suite"
cp "$mf" "$work/before.yaml"
run_skampi 2 "$suite" "$mf" --quiet
rc=$?
[ "$rc" -eq 1 ] || fail "changed suite file: exit $rc, not 1"
[ "$(skampi_stderr)" = "skampi: error: @POSTPROC: $r1 holds a run of another suite file (or of this one before it changed): nothing measured; move the run files away or choose another result file" ] ||
  fail "changed suite file: message $(cat "$work/stderr")"
[ ! -e "$work/pp.run-04.yaml" ] || fail "changed suite file: a run file"
cmp -s "$mf" "$work/before.yaml" || fail "changed suite file: $mf changed"
exit 0
