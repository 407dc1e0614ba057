#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
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
    suites.0.points.0.stderr=0.0 suites.0.points.0.spread=0.0 \
    suites.0.points.0.runs=1 merged.runs=1; do
  grep -qx "$kv" "$TMP/one.flat" || fail "one run: no $kv"
done

# Five runs: medians 2.0 2.2 2.1 2.4 2.3 us sorted 2.0 .. 2.4, so the
# quartiles fall on order statistics 2 and 4 exactly.
"$MERGE" -o "$TMP/five.yaml" "$RUNS"/a[1-5].yaml || fail "merge of a1..a5"
"$BUILD/tests/yamlflat" "$TMP/five.yaml" > "$TMP/five.flat"
for kv in median=2.2e-06 q1=2.1e-06 q3=2.3e-06 min=2.0e-06 max=2.4e-06; do
  grep -qx "suites.0.points.0.$kv" "$TMP/five.flat" ||
    fail "five runs: $kv"
done
grep -qx 'suites.0.points.0.median=2.2e-06' "$TMP/five.flat" ||
  fail "five runs: median"
grep -qx 'suites.1.points.0.eps_met=false' "$TMP/five.flat" ||
  fail "five runs: eps_met must be false (run 2 missed it)"

# One run far off (its median 4.1 us, the others' 0.26 and 0.27 us):
# the point leads with the median of the runs' medians, 0.27 us, where
# the mean of the runs' means is (0.27 + 0.28 + 4.25) / 3 = 1.60 us.
# Three runs: the interval is [min, max] of the runs' medians, at the
# exact coverage 1 - 2/2^3 = 0.75.
"$MERGE" -o "$TMP/out.yaml" "$RUNS/outlier1.yaml" "$RUNS/outlier2.yaml" \
  "$RUNS/outlier3.yaml" || fail "outlier merge"
"$BUILD/tests/yamlflat" "$TMP/out.yaml" > "$TMP/out.flat"
p=suites.0.points.0
[ "$(grep "^$p\\." "$TMP/out.flat" | sed -n 2p)" = "$p.median=2.7e-07" ] ||
  fail "outlier: the point does not lead with median 2.7e-07"
for kv in median=2.7e-07 q1=2.65e-07 q3=2.185e-06 min=2.6e-07 max=4.1e-06 \
    ci.low=2.6e-07 ci.high=4.1e-06 ci.coverage=0.75 runs=3 \
    sample_min=2.4e-07 sample_max=9.9e-06; do
  grep -qx "$p.$kv" "$TMP/out.flat" || fail "outlier: no $kv"
done
awk -F= -v k="$p.mean" '$1 == k { d = $2 - 1.6e-06; f = 1 }
  END { exit !(f && d < 1e-18 && d > -1e-18) }' "$TMP/out.flat" ||
  fail "outlier: mean is not 1.60e-06"
# three runs are too few to test for modes (modes.h): no modes key
grep -q "^$p.modes=" "$TMP/out.flat" && fail "outlier: modes with 3 runs"
# the report still reads a merged file
"$BUILD/report/skampi-report" "$TMP/out.yaml" -o "$TMP/out.pdf" \
  2> "$TMP/report.err" || fail "skampi-report cannot read the merged file"

# --precision EPS: 0 when every point's interval reaches 95% and its
# half-width is at most EPS x median, 4 and the points that miss when
# not.  Six runs of equal values (their start times differ, so they are
# distinct files): [min, max] at 1 - 2/64 = 96.875%, half-width 0.
i=1
while [ "$i" -le 6 ]; do
  sed "s/05:01:00Z/05:0${i}:07Z/" "$RUNS/a1.yaml" > "$TMP/same$i.yaml"
  i=$((i + 1))
done
"$MERGE" --precision 0.01 -o "$TMP/p6.yaml" "$TMP"/same[1-6].yaml \
  > "$TMP/p6.out" 2>&1; rc=$?
[ "$rc" -eq 0 ] || fail "precision met: exit status $rc, not 0"
echo "precision: 6 runs, 4 points, coverage 96.88%, worst relative half-width 0.0000 (suite 'pingpong', argument 8), 0 missed 0.01" |
  diff -u - "$TMP/p6.out" || fail "precision met: output"
"$BUILD/tests/yamlflat" "$TMP/p6.yaml" > "$TMP/p6.flat"
for kv in merged.precision=0.01 suites.0.points.0.precision_met=true \
    suites.0.points.0.ci.coverage=0.96875; do
  grep -qx "$kv" "$TMP/p6.flat" || fail "precision met: no $kv"
done
# Run 6 of pingpong at 8 bytes 2.4 us where the others have 2.0: the
# interval [2.0, 2.4] reaches 0.4 / 2.0 = 20% above the median.
sed '0,/median: 2e-06/s//median: 2.4e-06/' "$TMP/same6.yaml" > "$TMP/off6.yaml"
"$MERGE" --precision 0.05 -o "$TMP/p6b.yaml" "$TMP"/same[1-5].yaml \
  "$TMP/off6.yaml" > "$TMP/p6b.out" 2>&1; rc=$?
[ "$rc" -eq 4 ] || fail "precision missed: exit status $rc, not 4"
cat > "$TMP/p6b.want" <<'EOF'
missed: suite 'pingpong', argument 8: relative half-width 0.2000, median 2e-06, CI [2e-06, 2.4e-06] at 96.88% over 6 runs
precision: 6 runs, 4 points, coverage 96.88%, worst relative half-width 0.2000 (suite 'pingpong', argument 8), 1 missed 0.05
EOF
diff -u "$TMP/p6b.want" "$TMP/p6b.out" || fail "precision missed: output"
"$BUILD/tests/yamlflat" "$TMP/p6b.yaml" |
  grep -qx 'suites.0.points.0.precision_met=false' ||
  fail "precision missed: precision_met is not false"
# Five runs never reach 95% (at most 1 - 2/32 = 93.75%).
"$MERGE" --precision 0.5 -o "$TMP/p5.yaml" "$TMP"/same[1-5].yaml \
  > "$TMP/p5.out" 2>&1; rc=$?
[ "$rc" -eq 4 ] || fail "five runs: exit status $rc, not 4"
cat > "$TMP/p5.want" <<'EOF'
missed: suite 'pingpong', argument 8: 5 runs give at most 93.75% coverage, below 95%
missed: suite 'pingpong', argument 1024: 5 runs give at most 93.75% coverage, below 95%
missed: suite 'pingpong', argument 65536: 5 runs give at most 93.75% coverage, below 95%
missed: suite 'barrier', argument 0: 5 runs give at most 93.75% coverage, below 95%
precision: 5 runs, 4 points, coverage 93.75% (below 95%), worst relative half-width 0.0000 (suite 'pingpong', argument 8), 4 missed 0.5
EOF
diff -u "$TMP/p5.want" "$TMP/p5.out" || fail "five runs: output"
for bad in 0 -1 1000000001 x 0.1x '' nan inf; do
  "$MERGE" --precision "$bad" -o "$TMP/bad.yaml" "$RUNS/a1.yaml" \
    2> "$TMP/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "--precision '$bad': exit status $rc, not 2"
  echo "skampi-merge: error: --precision takes a number above 0 and at most 1000000000, not '$bad' (see skampi-merge --help)" |
    diff -u - "$TMP/err" || fail "--precision '$bad': message"
done

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
refuse "skampi-merge: error: '$RUNS/other-grid.yaml' and '$A1' have different grids: suite 'pingpong' was measured at 2048 in '$RUNS/other-grid.yaml', an argument '$A1' (whose grid the runs replay) does not have" \
  "$A1" "$RUNS/a2.yaml" "$RUNS/other-grid.yaml"
# A run that lost points of the grid it replayed (a time limit cut it
# short) is merged: each point counts the runs that have it.  The first
# run is the grid: a run with a point it lacks is refused.
refuse "skampi-merge: error: '$A1' and '$RUNS/fewer-points.yaml' have different grids: suite 'pingpong' was measured at 65536 in '$A1', an argument '$RUNS/fewer-points.yaml' (whose grid the runs replay) does not have" \
  "$RUNS/fewer-points.yaml" "$A1"
"$MERGE" -o "$TMP/lost.yaml" "$A1" "$RUNS/fewer-points.yaml" ||
  fail "a run that lost a point is not merged"
"$BUILD/tests/yamlflat" "$TMP/lost.yaml" > "$TMP/lost.flat"
for kv in merged.runs=2 suites.0.points.1.runs=2 suites.0.points.2.runs=1 \
    suites.0.points.2.runs_missing.0=2 suites.0.points.2.median=6.0e-05 \
    suites.0.points.2.run_medians.0=6.0e-05; do
  grep -qx "$kv" "$TMP/lost.flat" || fail "lost point: no $kv"
done
! grep -q '^suites\.0\.points\.[01]\.runs_missing' "$TMP/lost.flat" ||
  fail "lost point: runs_missing where both runs have the point"
! grep -q '^suites\.0\.points\.2\.run_medians\.1=' "$TMP/lost.flat" ||
  fail "lost point: a run value for the run without it"
# ... and the readers take it (the point's runs, not merged.runs, count
# its run values).
"$BUILD/report/skampi-report" "$TMP/lost.yaml" -o "$TMP/lost.pdf" ||
  fail "skampi-report refuses a merged file with a lost point"
"$MERGE" --precision 0.5 -o "$TMP/lostp.yaml" "$A1" "$RUNS/fewer-points.yaml" \
  > "$TMP/lostp.out"
[ $? -eq 4 ] || fail "--precision with a lost point: not exit status 4"
grep -q "^missed: suite 'pingpong', argument 65536: 1 runs give at most 0.00% coverage" "$TMP/lostp.out" ||
  fail "--precision: the lost point is not said with its one run"
refuse "skampi-merge: error: cannot read '$TMP/missing.yaml': No such file or directory" \
  "$A1" "$TMP/missing.yaml"
sed '/sha256/d' "$A1" > "$TMP/nohash.yaml"
refuse "skampi-merge: error: '$TMP/nohash.yaml' records no suite_file.sha256, so it cannot be matched to '$A1'" \
  "$A1" "$TMP/nohash.yaml"
printf 'schema_version: 1\n' > "$TMP/nosuites.yaml"
refuse "$TMP/nosuites.yaml: error: not a skampi result file: no 'suites'" \
  "$TMP/nosuites.yaml"
# skampi-merge reads suites and points with skampi-report's reader, so it
# refuses what skampi-report refuses, with the same message
# (tests/report/bad/NAME.err), not merging milliseconds as seconds
here=$PWD
cd "$SRC/tests/report" || exit 99
for name in time-unit bad-argument-name; do
  refuse "$(cat "bad/$name.err")" "bad/$name.yaml"
done
cd "$here" || exit 99

# The command line.
"$MERGE" 2> "$TMP/err"; rc=$?
[ "$rc" -eq 2 ] || fail "no file: exit status $rc"
echo "skampi-merge: error: no result file given (see skampi-merge --help)" |
  diff -u - "$TMP/err" || fail "no file: message"
"$MERGE" --bogus "$A1" 2> "$TMP/err"; rc=$?
[ "$rc" -eq 2 ] || fail "bad option: exit status $rc"
echo "skampi-merge: error: unknown option '--bogus' (see skampi-merge --help)" |
  diff -u - "$TMP/err" || fail "bad option: message"

# A nonblocking overlap point and a persistent point: each of their own
# values is the median over the runs (nbc1..3: pure 10, 14, 12 us -> 12;
# with_computation 15, 19, 16 -> 16; computation 11, 13, 12 -> 12;
# percent 40, 30, 60 -> 40, the median of the runs' percentages;
# init_time 9, 7, 8 us -> 8; free_time 1, 3, 2 us -> 2).
"$MERGE" -o "$TMP/nbc.yaml" "$RUNS"/nbc[1-3].yaml || fail "merge of nbc1..3"
"$BUILD/tests/yamlflat" "$TMP/nbc.yaml" > "$TMP/nbc.flat"
for kv in overlap.pure=1.2e-05 overlap.with_computation=1.6e-05 \
    overlap.computation=1.2e-05 overlap.percent=40.0 overlap.test_calls=2; do
  grep -qx "suites.0.points.0.$kv" "$TMP/nbc.flat" || fail "nbc: no $kv"
done
for kv in persistent.init_time=8.0e-06 persistent.free_time=2.0e-06; do
  grep -qx "suites.1.points.0.$kv" "$TMP/nbc.flat" || fail "nbc: no $kv"
done
# a run without them: no median of some runs is passed off as all runs'
sed '/overlap:/,/test_calls:/d; /persistent:/,/free_time:/d' \
  "$RUNS/nbc2.yaml" > "$TMP/nbc2-bare.yaml"
"$MERGE" -o "$TMP/nbc-bare.yaml" "$RUNS/nbc1.yaml" "$TMP/nbc2-bare.yaml" ||
  fail "merge of nbc1 and a bare nbc2"
! grep -qE '^ *(overlap|persistent):' "$TMP/nbc-bare.yaml" ||
  fail "a merge kept values a run lacks"

# The node map: a merge checks every run's and keeps the first run's.
# map HOST0 HOST1 [RUN1]: a node map of 2 ranks on two hosts (RUN1, the
# first rank of the second run, 1 unless broken on purpose).
map() {
  printf 'node_map:\n  node_by: host_name\n  ranks: 2\n  pinned_ranks: 0\n'
  printf '  shared_memory_domains: 1\n  shared_memory_agrees: false\n'
  printf '  nodes:\n  - {host: %s, ranks: 1, first_rank: 0, cpus_online: 2}\n' "$1"
  printf '  - {host: %s, ranks: 1, first_rank: 1, cpus_online: 2}\n' "$2"
  printf '  placement:\n'
  printf '  - {ranks: [0, 0], node: 0, shared_memory: 0, cpus: 0-1, packages: "0", numa: "0", ncpus: 2, pinned: false}\n'
  printf '  - {ranks: [%s, 1], node: 1, shared_memory: 0, cpus: 0-1, packages: "0", numa: "0", ncpus: 2, pinned: false}\n' "${3:-1}"
}
with_map() {  # RUN OUT HOST0 HOST1 [RUN1]
  map "$3" "$4" "${5:-}" > "$TMP/map.yaml"
  sed "/^suites:/e cat $TMP/map.yaml" "$RUNS/$1.yaml" > "$2"
}
with_map a1 "$TMP/m1.yaml" node0 node1
with_map a2 "$TMP/m2.yaml" elsewhere0 elsewhere1
"$MERGE" -o "$TMP/mm.yaml" "$TMP/m1.yaml" "$TMP/m2.yaml" ||
  fail "merge of two runs with node maps"
"$BUILD/tests/yamlflat" "$TMP/m1.yaml" | grep '^node_map\.' > "$TMP/map1"
"$BUILD/tests/yamlflat" "$TMP/mm.yaml" | grep '^node_map\.' > "$TMP/mapm"
[ "$(wc -l < "$TMP/map1")" -ge 20 ] && cmp -s "$TMP/map1" "$TMP/mapm" ||
  fail "the merged file does not keep the first run's node map"
with_map a3 "$TMP/m3.yaml" node0 node1 2
"$MERGE" -o "$TMP/mb.yaml" "$TMP/m1.yaml" "$TMP/m3.yaml" 2> "$TMP/err" &&
  fail "a run with a broken node map was merged"
want="$TMP/m3.yaml:32:13: error: 'ranks' must be [1, L] with 1 <= L < 2: the runs cover every rank once, in order"
[ "$(head -n 1 "$TMP/err")" = "$want" ] ||
  fail "broken node map: $(head -n 1 "$TMP/err")"
[ ! -f "$TMP/mb.yaml" ] || fail "a refused merge wrote its output"

# The noise over the runs: the worst verdict, each run that was not
# quiet named with its first sentence, for the run and for each suite
# (q is noisy.yaml started later and quiet as a run).
sed '10s/.*/  start_time: 2026-11-23T04:05:06Z/; 20s/noisy/quiet/' \
  "$RUNS/noisy.yaml" > "$TMP/q.yaml"
"$MERGE" -o "$TMP/noise.yaml" "$RUNS/noisy.yaml" "$TMP/q.yaml" ||
  fail "merge of noisy and q"
"$BUILD/tests/yamlflat" "$TMP/noise.yaml" | sed "s|$RUNS/|RUNS/|; s|$TMP/|TMP/|" |
  grep 'noise\.' > "$TMP/noise.flat"
cat > "$TMP/noise.want" <<EOF
noise.verdict=noisy
noise.evidence.0=RUNS/noisy.yaml: noisy: 2 of 2 ranks were switched out for other tasks: rank 1 had the CPU 41% of its wall time (230 involuntary context switches/s)
suites.0.noise.verdict=noisy
suites.0.noise.evidence.0=RUNS/noisy.yaml: noisy: 3.1% of the repetitions (9 of 290) took 1 ms or more above their point's median
suites.0.noise.evidence.1=TMP/q.yaml: noisy: 3.1% of the repetitions (9 of 290) took 1 ms or more above their point's median
EOF
diff -u "$TMP/noise.want" "$TMP/noise.flat" || fail "the merged noise differs"

# The start-up times: each run's factors.mpi_init_times is kept in its
# merged.files entry, and merged.mpi_init_time summarises all of them.
# Runs of 0.3 0.1, 0.2 0.5 and 0.4 0.6 s: sorted 0.1 .. 0.6, median
# (0.3 + 0.4) / 2, quartiles at h = 1.25 and 3.75 (linear
# interpolation): 0.2 + 0.25 * 0.1 = 0.225 and 0.4 + 0.75 * 0.1 = 0.475.
i=1
for t in "0.3, 0.1" "0.2, 0.5" "0.4, 0.6"; do
  sed "s/^  timer: MPI_Wtime\$/  timer: MPI_Wtime\n  mpi_init_times: [$t]/" \
    "$RUNS/b$i.yaml" > "$TMP/init$i.yaml"
  i=$((i + 1))
done
"$MERGE" -o "$TMP/init.yaml" "$TMP"/init[1-3].yaml || fail "merge of init1..3"
"$BUILD/tests/yamlflat" "$TMP/init.yaml" > "$TMP/init.flat"
for kv in files.0.mpi_init_times.0=0.3 files.0.mpi_init_times.1=0.1 \
    files.2.mpi_init_times.1=0.6 mpi_init_time.samples=6 \
    mpi_init_time.min=0.1 mpi_init_time.q1=0.225 mpi_init_time.median=0.35 \
    mpi_init_time.q3=0.475 mpi_init_time.max=0.6; do
  grep -qx "merged.$kv" "$TMP/init.flat" || fail "init times: no merged.$kv"
done
# a merged file merged again keeps every run's (and a run without them
# adds none); runs without any give no summary (a1..a3 above)
"$MERGE" -o "$TMP/init2.yaml" "$TMP/init.yaml" "$RUNS/b4.yaml" ||
  fail "merge of a merged file"
"$BUILD/tests/yamlflat" "$TMP/init2.yaml" > "$TMP/init2.flat"
for kv in files.0.mpi_init_times.5=0.6 mpi_init_time.samples=6 \
    mpi_init_time.median=0.35; do
  grep -qx "merged.$kv" "$TMP/init2.flat" || fail "re-merge: no merged.$kv"
done
grep -q '^merged.files.1.mpi_init_times' "$TMP/init2.flat" &&
  fail "re-merge: b4 has start-up times"
grep -q '^merged.mpi_init_time' "$TMP/m.flat" &&
  fail "a1..a3: a summary of no start-up times"
# an input's times are numbers of seconds, not below 0
sed 's/mpi_init_times: \[0.3, 0.1\]/mpi_init_times: [0.3, -0.1]/' \
  "$TMP/init1.yaml" > "$TMP/init-neg.yaml"
refuse "$TMP/init-neg.yaml:19:25: error: 'mpi_init_times' must not be negative, not '-0.1'
   19 |   mpi_init_times: [0.3, -0.1]
      |                         ^" "$TMP/init-neg.yaml"
[ "$failures" -eq 0 ]
