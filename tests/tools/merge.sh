#!/bin/sh
# skampi-merge: the merged values of three fixture runs, exactly
# (merge3.expected, checked by hand: medians 2.0, 2.2, 2.1 us give the
# median 2.1, quartiles 2.05 and 2.15 by linear interpolation, spread
# (2.2 - 2.0) / 2.0 = 0.1), and the exact refusal messages.
. "${top_srcdir:-.}/tests/tools/lib.sh"

"$MERGE" -o "$TMP/m.yaml" "$RUNS/a1.yaml" "$RUNS/a2.yaml" "$RUNS/a3.yaml" \
  || fail "merge of a1..a3 failed"
sed "s|$RUNS/|RUNS/|" "$TMP/m.yaml" > "$TMP/m.norm"
diff -u "$FIX/merge3.expected" "$TMP/m.norm" || fail "merged file differs"

# Where each run came from: the checksum of its file (against
# sha256sum), its shuffle seed and grid file as it recorded them (a1
# records neither: null).
"$BUILD/tests/yamlflat" "$TMP/m.yaml" > "$TMP/m.flat"
i=0
for r in a1 a2 a3; do
  if command -v sha256sum > /dev/null 2>&1; then
    h=$(sha256sum < "$RUNS/$r.yaml" | cut -c1-64)
    grep -qx "merged.files.$i.sha256=$h" "$TMP/m.flat" ||
      fail "$r: sha256 is not $h"
  fi
  i=$((i + 1))
done
for kv in 0.shuffle_seed=null 0.grid_from=null 1.shuffle_seed=4000000001     1.grid_from=out/run-01.yaml 2.shuffle_seed=9; do
  grep -qx "merged.files.$kv" "$TMP/m.flat" || fail "no merged.files.$kv"
done

# A merged file of one run is that run's values with zero spread.
"$MERGE" -o "$TMP/one.yaml" "$RUNS/b2.yaml" || fail "merge of one run"
"$BUILD/tests/yamlflat" "$TMP/one.yaml" > "$TMP/one.flat"
for kv in suites.0.points.0.median=2.5e-06 suites.0.points.0.mean=2.75e-06 \
    suites.0.points.0.stderr=0.0 suites.0.points.0.across_runs.spread=0.0 \
    suites.0.points.0.runs=1 merged.runs=1; do
  grep -qx "$kv" "$TMP/one.flat" || fail "one run: no $kv"
done

# Five runs: medians 2.0 2.2 2.1 2.4 2.3 us sorted 2.0 .. 2.4, so the
# quartiles fall on order statistics 2 and 4 exactly.
"$MERGE" -o "$TMP/five.yaml" "$RUNS"/a[1-5].yaml || fail "merge of a1..a5"
"$BUILD/tests/yamlflat" "$TMP/five.yaml" > "$TMP/five.flat"
for kv in median=2.2e-06 q1=2.1e-06 q3=2.3e-06 min=2.0e-06 max=2.4e-06; do
  grep -qx "suites.0.points.0.across_runs.$kv" "$TMP/five.flat" ||
    fail "five runs: across_runs.$kv"
done
grep -qx 'suites.0.points.0.median=2.2e-06' "$TMP/five.flat" ||
  fail "five runs: median"
grep -qx 'suites.1.points.0.eps_met=false' "$TMP/five.flat" ||
  fail "five runs: eps_met must be false (run 2 missed it)"

# Refusals: exit status 1, the exact message, no output file.
refuse() {
  want=$1; shift
  rm -f "$TMP/bad.yaml"
  "$MERGE" -o "$TMP/bad.yaml" "$@" 2> "$TMP/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "$*: exit status $rc, not 1"
  [ ! -e "$TMP/bad.yaml" ] || fail "$*: wrote an output file"
  printf '%s\n' "$want" | diff -u - "$TMP/err" || fail "$*: message"
}
A1=$RUNS/a1.yaml
X=0000000000000000000000000000000000000000000000000000000000000000
H=5f1c0e3a9b7d2468ace0135792468ace0135792468ace0135792468ace013579
refuse "skampi-merge: error: '$RUNS/other-suite.yaml' and '$A1' come from different suite files (suite_file.sha256 $X and $H)" \
  "$A1" "$RUNS/other-suite.yaml"
refuse "skampi-merge: error: '$RUNS/other-grid.yaml' and '$A1' have different grids: point 2 of suite 'pingpong' is at 2048 in '$RUNS/other-grid.yaml' but at 1024 in '$A1'" \
  "$A1" "$RUNS/a2.yaml" "$RUNS/other-grid.yaml"
refuse "skampi-merge: error: '$RUNS/fewer-points.yaml' and '$A1' have different grids: suite 'pingpong' has 2 points in '$RUNS/fewer-points.yaml' but 3 in '$A1'" \
  "$A1" "$RUNS/fewer-points.yaml"
refuse "skampi-merge: error: cannot read '$TMP/missing.yaml': No such file or directory" \
  "$A1" "$TMP/missing.yaml"
sed '/sha256/d' "$A1" > "$TMP/nohash.yaml"
refuse "skampi-merge: error: '$TMP/nohash.yaml' records no suite_file.sha256, so it cannot be matched to '$A1'" \
  "$A1" "$TMP/nohash.yaml"
printf 'schema_version: 1\n' > "$TMP/nosuites.yaml"
refuse "$TMP/nosuites.yaml: error: not a skampi result file: no 'suites'" \
  "$TMP/nosuites.yaml"

# The command line.
"$MERGE" 2> "$TMP/err"; rc=$?
[ "$rc" -eq 2 ] || fail "no file: exit status $rc"
echo "skampi-merge: error: no result file given (see skampi-merge --help)" |
  diff -u - "$TMP/err" || fail "no file: message"
"$MERGE" --bogus "$A1" 2> "$TMP/err"; rc=$?
[ "$rc" -eq 2 ] || fail "bad option: exit status $rc"
echo "skampi-merge: error: unknown option '--bogus' (see skampi-merge --help)" |
  diff -u - "$TMP/err" || fail "bad option: message"

[ "$failures" -eq 0 ]
