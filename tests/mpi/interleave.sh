# SPDX-License-Identifier: BSD-3-Clause
# interleave.sh -- skampi --shuffle=SEED measures the points of all
# fixed-grid suites in one random order across suites (Alg. 2 of the
# reproducibility paper, doc/engine.md "Order"): the seed is recorded and
# decides the order; the points are those of a run without interleaving;
# a run killed in the middle of the interleaved points is continued.
. "$top_srcdir/tests/mpi/lib.sh"
suite="$SUITES/interleave.skampi"
a="$work/a.yaml" b="$work/b.yaml" c="$work/c.yaml" d="$work/d.yaml"
# args_of OUT NAME: the arguments of suite NAME, ascending
args_of() {
  "$YAMLFLAT" "$1" | awk -F= -v want="$2" '
    /^suites\.[0-9]+\.name=/ { split($1, k, "."); name[k[2]] = $2 }
    /^suites\.[0-9]+\.points\.[0-9]+\.argument=/ {
      split($1, k, "."); if (name[k[2]] == want) printf "%s ", $2 }'
}
# means_ok OUT: every point has a positive, finite mean and its
# repetitions, every suite is complete
means_ok() {
  "$YAMLFLAT" "$1" | awk -F= '
    /^suites\.[0-9]+\.status=/ && $2 != "complete" { print "status " $0; bad = 1 }
    /^suites\.[0-9]+\.points\.[0-9]+\.mean=/ && !($2 > 0 && $2 < 1) {
      print "mean " $0; bad = 1 }
    /^suites\.[0-9]+\.points\.[0-9]+\.valid=/ && $2 < 8 { print $0; bad = 1 }
    END { exit bad }' || fail "$1: implausible values"
}
run_skampi 2 "$suite" "$a" --quiet --shuffle=7 ||
  fail "run a: exit $? ($(cat "$work/stderr"))"
run_skampi 2 "$suite" "$b" --quiet --shuffle=7 || fail "run b: exit $?"
flatten "$a"
expect factors.shuffle_seed 7
means_ok "$a"
for i in 0 1 2; do
  expect suites.$i.notes.$(($(grep -c "^suites\.$i\.notes\." "$work/flat") - 1)) \
    "--shuffle: the points were measured in random order, interleaved across 3 suites (26 points in all)"
done
# the journal: points of the three suites alternate ("pause" between)
ja=$(grep '^arg ' "$a.journal" | tr '\n' ' ')
jb=$(grep '^arg ' "$b.journal" | tr '\n' ' ')
[ "$ja" = "$jb" ] || fail "one seed, two orders: $ja / $jb"
[ "$(grep -c '^arg ' "$a.journal")" -eq 26 ] || fail "not 26 points: $ja"
nb=$(grep -c '^begin ' "$a.journal")
[ "$nb" -gt 6 ] || fail "seed 7 did not interleave the suites ($nb begins)"
[ "$(grep -c '^pause ' "$a.journal")" -eq $((nb - 3)) ] ||
  fail "a begin without its pause or end: $(cat "$a.journal")"
# the same points without interleaving and without shuffling
run_skampi 2 "$suite" "$c" --quiet --shuffle=7 --no-interleave ||
  fail "run c: exit $?"
run_skampi 2 "$suite" "$d" --quiet || fail "run d: exit $?"
means_ok "$c"
[ "$(grep -c '^begin ' "$c.journal")" -eq 3 ] || fail "--no-interleave interleaved"
for s in pp bc ar; do
  want=$(args_of "$d" $s)
  for f in "$a" "$c"; do
    [ "$(args_of "$f" $s)" = "$want" ] ||
      fail "$s in $f: $(args_of "$f" $s), without shuffle: $want"
  done
done
[ "$(args_of "$d" bc)" = "1 4 16 64 256 1024 4096 " ] || fail "bc grid"
# the grid of run a replayed (as skampi-run's later runs do): the same
# points, interleaved again
g="$work/g.yaml"
run_skampi 2 "$suite" "$g" --quiet --shuffle=8 --grid-from "$a" ||
  fail "grid-from run: exit $? ($(cat "$work/stderr"))"
means_ok "$g"
[ "$(grep -c '^begin ' "$g.journal")" -gt 6 ] || fail "--grid-from did not interleave"
for s in pp bc ar; do
  [ "$(args_of "$g" $s)" = "$(args_of "$d" $s)" ] ||
    fail "$s replayed: $(args_of "$g" $s)"
done
flatten "$g"
grep -qxF 'suites.0.notes.1=--grid-from: the arguments of the earlier result were measured again, nothing else' "$work/flat" ||
  fail "no --grid-from note: $(grep notes "$work/flat")"
# a root-minus-barrier suite measures its barrier time once, at its first
# point, and keeps it, interleaved as on its own (its times are not
# checked: under load the barrier may take longer than a later point)
printf '%s\n' '@MEMORY 1024' '@Min_Repetition 8' '@Max_Repetition 20' \
  '@MEASUREMENTS' 'one { Type = MPI_Bcast; Scale = Fixed_log; End_Argument = 64; Stepwidth = 4; }' \
  'rb { Type = MPI_Bcast; Scale = Fixed_log; End_Argument = 64; Stepwidth = 4; Collective_Timing = Root_Barrier; }' \
  > "$work/rb.skampi"
for o in "--shuffle=5" "--shuffle=5 --no-interleave"; do
  # shellcheck disable=SC2086 # two words
  run_skampi 2 "$work/rb.skampi" "$work/rb.yaml" --quiet --fresh $o ||
    fail "rb.skampi $o: exit $? ($(cat "$work/stderr"))"
  flatten "$work/rb.yaml"
  i=$(sed -n 's/^suites\.\([0-9]*\)\.name=rb$/\1/p' "$work/flat")
  bt=$(sed -n "s/^suites\.$i\.points\.[0-9]*\.barrier_time=//p" "$work/flat" | sort -u)
  [ "$(sed -n "s/^suites\.$i\.points\.[0-9]*\.barrier_time=//p" "$work/flat" | wc -l)" -eq 5 ] ||
    fail "$o: not 5 points with a barrier time"
  [ "$(printf '%s\n' "$bt" | wc -l)" -eq 1 ] || fail "$o: rb's barrier times: $bt"
done

# a dynamic suite keeps its own order, after the interleaved points
r="$work/r.yaml"
run_skampi 2 "$SUITES/replay.skampi" "$r" --quiet --shuffle=3 ||
  fail "replay.skampi: exit $? ($(cat "$work/stderr"))"
[ "$(grep -c '^begin 2 ' "$r.journal")" -eq 1 ] ||
  fail "the dynamic suite was interleaved: $(cat "$r.journal")"
tail -n +"$(grep -n '^begin 2 ' "$r.journal" | cut -d: -f1)" "$r.journal" |
  grep -v '^arg 2 \|^begin 2 \|^end 2 \|^finish ' &&
  fail "another suite's point after the dynamic suite began"
grep -q '^pause ' "$r.journal" || fail "replay.skampi: nothing interleaved"

# killed in the middle: suite ar hangs at its first point (after some
# points of pp and bc), every rank is killed; the rerun with the same seed
# interleaves what is left of pp and bc again and retries ar last
result="$work/k.yaml"
journal="$result.journal"
. "$top_srcdir/tests/mpi/restart-lib.sh"
suite="$SUITES/interleave.skampi"
result="$work/k.yaml"
journal="$result.journal"
unset SKAMPI_CALIBRATE
hang=ar
start_bg --shuffle=7
wait_journal "^begin 3 "
sleep 0.1
victims=$(ranks)
[ -n "$victims" ] || fatal "no rank found to kill"
kill -9 $victims
wait $bg && fail "skampi survived the kill of its ranks $victims"
"$YAMLFLAT" "$result" > /dev/null || fail "result file invalid after kill"
find "$work" -name ".k.yaml.*" -exec rm -f {} +
[ "$(tail -n 1 "$journal" | cut -d' ' -f1-2)" = "arg 3" ] ||
  fail "the journal ends with '$(tail -n 1 "$journal")'"
before=$(grep -c '^arg ' "$journal")
[ "$before" -gt 1 ] || fail "ar came first: no point before the kill"
run_skampi 2 "$suite" "$result" --shuffle=7 ||
  fail "rerun exited with $? ($(cat "$work/stderr"))"
grep -qxF "skampi: continuing $result: 0 suites kept, 3 to measure (1 of them retried last), 0 skipped as crashed" "$work/stderr" ||
  fail "rerun said: $(cat "$work/stderr")"
flatten "$result"
expect run.status complete
expect suites.2.name ar
means_ok "$result"
for s in pp bc ar; do
  [ "$(args_of "$result" $s)" = "$(args_of "$d" $s)" ] ||
    fail "$s after the restart: $(args_of "$result" $s)"
done
exit 0
