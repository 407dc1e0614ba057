# SPDX-License-Identifier: BSD-3-Clause
# replay.sh -- skampi --shuffle=SEED measures suites and fixed-grid points
# in an order that the seed alone decides (two runs with one seed agree);
# --grid-from measures exactly the arguments of an earlier result file,
# refines nothing, and refuses files and suites it cannot replay (a suite
# whose namesake was measured beyond its arguments among them).
. "$top_srcdir/tests/mpi/lib.sh"
# order_of OUT: "suite:arg@order ..." of every point, suites as listed
order_of() {
  "$YAMLFLAT" "$1" | awk -F= '
    /^suites\.[0-9]+\.name=/ { split($1, k, "."); name[k[2]] = $2 }
    /^suites\.[0-9]+\.points\.[0-9]+\.argument=/ { split($1, k, "."); a = $2 }
    /^suites\.[0-9]+\.points\.[0-9]+\.order=/ {
      split($1, k, "."); printf "%s:%s@%s ", name[k[2]], a, $2 }'
}
args_of() {  # OUT SUITE-INDEX: the arguments, ascending
  "$YAMLFLAT" "$1" | sed -n "s/^suites\.$2\.points\.[0-9]*\.argument=//p" |
    tr '\n' ' '
}
a="$work/a.yaml" b="$work/b.yaml" c="$work/c.yaml" g="$work/g.yaml"
run_skampi 2 "$SUITES/replay.skampi" "$a" --quiet --shuffle=12345 ||
  fail "shuffle run 1: exit $? ($(cat "$work/stderr"))"
run_skampi 2 "$SUITES/replay.skampi" "$b" --quiet --shuffle=12345 ||
  fail "shuffle run 2: exit $?"
flatten "$a"
expect factors.shuffle_seed 12345
oa=$(order_of "$a") ob=$(order_of "$b")
# the dynamic suite's refined points depend on the times: compare the rest
fa=$(printf '%s\n' $oa | grep -v '^dynamic:') fb=$(printf '%s\n' $ob | grep -v '^dynamic:')
[ "$fa" = "$fb" ] || fail "one seed, two orders: $fa / $fb"
names=$(sed -n 's/^suites\.[0-9]*\.name=//p' "$work/flat" | tr '\n' ' ')
[ "$names" != "fixed dynamic linear single " ] ||
  fail "seed 12345 left the suites in file order"
# the fixed grid is complete and was not measured in ascending order
fixed=$(printf '%s\n' $oa | grep '^fixed:' | sort -t@ -k2n | cut -d@ -f1 |
        cut -d: -f2 | tr '\n' ' ')
[ "$fixed" != "1 2 4 8 16 32 64 128 256 512 1024 2048 4096 " ] ||
  fail "seed 12345 measured the fixed grid in ascending order"
[ "$(printf '%s\n' $fixed | sort -n | tr '\n' ' ')" = "1 2 4 8 16 32 64 128 256 512 1024 2048 4096 " ] ||
  fail "fixed grid changed by the shuffle: $fixed"
# another seed, another order
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --shuffle=54321 ||
  fail "shuffle run 3: exit $?"
fc=$(order_of "$c" | tr ' ' '\n' | grep -v '^dynamic:')
[ "$fa" != "$fc" ] || fail "seeds 12345 and 54321 gave one order"
# without a seed one is drawn and recorded
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --shuffle || fail "--shuffle"
flatten "$c"
[ -n "$(get factors.shuffle_seed)" ] || fail "no seed recorded"
[ -z "$(get factors.grid_from)" ] || fail "grid_from without --grid-from"

# --grid-from: the grid of run a (the dynamic suite refined), replayed
# without --shuffle; suites are matched by name, not position
run_skampi 2 "$SUITES/replay.skampi" "$g" --quiet --grid-from "$a" ||
  fail "grid-from: exit $? ($(cat "$work/stderr"))"
flatten "$g"
expect factors.grid_from "$a"
[ -z "$(get factors.shuffle_seed)" ] || fail "shuffle_seed without --shuffle"
ia=$(sed -n 's/^suites\.\([0-9]*\)\.name=dynamic$/\1/p' "$(flatten "$a"; echo "$work/flat")")
flatten "$g"
[ "$(args_of "$a" "$ia")" = "$(args_of "$g" 1)" ] ||
  fail "dynamic grid not replayed: $(args_of "$a" "$ia") / $(args_of "$g" 1)"
# suite 2, MPI_Allreduce, says first what it reduces (src/engine/reduce.h)
for sn in 0.0 1.0 2.1; do
  expect suites.${sn%.*}.notes.${sn#*.} "--grid-from: the arguments of the earlier result were measured again, nothing else"
  expect suites.${sn%.*}.points.0.refined false
done
expect suites.2.notes.0 "reduced as MPI_INT with MPI_SUM, length / 4 elements rounded down: MPI_SUM does not add MPI_CHAR or MPI_BYTE"
expect suites.3.points.0.argument 0
# a suite the file does not have fails; the others run
printf '%s\n' '@MEMORY 1024' '@Min_Repetition 4' '@Max_Repetition 8' \
  '@MEASUREMENTS' 'fixed { Type = MPI_Bcast; Scale = Fixed_log; }' \
  'other { Type = MPI_Bcast; Scale = Fixed_log; }' > "$work/two.skampi"
run_skampi 2 "$work/two.skampi" "$c" --quiet --fresh --grid-from "$a"
[ $? -eq 3 ] || fail "missing suite: exit status"
flatten "$c"
expect suites.0.status complete
expect suites.1.status failed
expect suites.1.message "--grid-from: $a has no points of a suite 'other'"
# a result of another suite file: its namesake suite was measured beyond
# this suite's End_Argument, where the buffers end; that suite fails with
# a message (it once overran them), the run goes on
runs="$top_srcdir/tests/tools/runs"
for f in other-suite other-grid a1; do
  rm -f "$c"
  run_skampi 2 "$top_srcdir/tests/tools/tiny.skampi" "$c" --quiet --fresh \
    --shuffle=11 --grid-from "$runs/$f.yaml"
  st=$?
  [ $st -eq 3 ] || fail "$f: exit status $st ($(cat "$work/stderr"))"
  flatten "$c"
  ip=$(sed -n 's/^suites\.\([0-9]*\)\.name=pingpong$/\1/p' "$work/flat")
  expect suites.$ip.status failed
  big=65536
  [ $f = other-grid ] && big=2048
  expect suites.$ip.message "--grid-from: $runs/$f.yaml measured suite 'pingpong' at $big, outside its arguments here (8 to 1024): a result of another suite file?"
done
# files that cannot be replayed: usage errors, nothing measured; the
# file is read by the reader every program shares (lib/yread.h)
rm -f "$c"
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --grid-from "$work/none.yaml"
[ $? -eq 2 ] || fail "missing file: exit status"
[ "$(skampi_stderr)" = "skampi: error: cannot read '$work/none.yaml': No such file or directory" ] ||
  fail "missing file: '$(cat "$work/stderr")'"
printf 'a: [1\n' > "$work/bad.yaml"
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --grid-from "$work/bad.yaml"
[ $? -eq 2 ] || fail "bad YAML: exit status"
grep -q "^$work/bad.yaml:[0-9]*:[0-9]*: error: malformed YAML: " "$work/stderr" ||
  fail "bad YAML: '$(cat "$work/stderr")'"
printf 'a: 1\n' > "$work/other.yaml"
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --grid-from "$work/other.yaml"
[ $? -eq 2 ] || fail "not a result: exit status"
[ "$(skampi_stderr)" = "skampi: error: --grid-from: $work/other.yaml is not a skampi result file (no schema_version or suites)" ] ||
  fail "not a result: '$(cat "$work/stderr")'"
printf 'schema_version: 1\nsuites:\n  - name: fixed\n    points:\n      - argument: 8.5\n' > "$work/half.yaml"
run_skampi 2 "$SUITES/replay.skampi" "$c" --quiet --fresh --grid-from "$work/half.yaml"
[ $? -eq 2 ] || fail "a fractional argument: exit status"
[ "$(skampi_stderr)" = "skampi: error: --grid-from: $work/half.yaml: suite 1 has no name or a point without a whole-number argument" ] ||
  fail "a fractional argument: '$(cat "$work/stderr")'"
[ ! -e "$c" ] || fail "a result file after a refused --grid-from"
exit 0
