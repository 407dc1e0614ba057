#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-run: 3 runs of a tiny fixed-grid suite on 2 processes, merged
# and drawn; the seeds, the merged medians against each run's file, the
# page counts; the command-line refusals; a suite given by name; and the
# message when skampi cannot replay a grid.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
RUN=$top_builddir/campaign/skampi-run
GNUPLOT=${GNUPLOT:-gnuplot}
export GNUPLOT SKAMPI_MERGE="$top_builddir/campaign/skampi-merge" \
  SKAMPI_REPORT="$top_builddir/report/skampi-report"
suite=$top_srcdir/tests/tools/tiny.skampi

# Command-line refusals (exit status 2, exact text).
refuse() {  # MESSAGE ARGS...
  msg=$1; shift
  SKAMPI=$SKAMPI "$RUN" "$@" 2> "$work/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit status $rc, not 2"
  printf '%s\n' "$msg" | diff -u - "$work/err" || fail "$*: message"
}
refuse "skampi-run: error: -n RUNS or --precision EPS is required (see skampi-run --help)" \
  "$suite" -o "$work/x"
refuse "skampi-run: error: -n takes a whole number from 1 to 1000, not '0' (see skampi-run --help)" \
  -n 0 "$suite" -o "$work/x"
refuse "skampi-run: error: -np and --launcher do not go together (put the count in CMD) (see skampi-run --help)" \
  -n 2 -np 2 --launcher "mpiexec -n 2" "$suite" -o "$work/x"
refuse "skampi-run: error: unknown option '--bogus' (see skampi-run --help)" \
  -n 2 --bogus "$suite" -o "$work/x"

skampi=$(abs "$SKAMPI")

out=$work/out
SKAMPI=$skampi "$RUN" -n 3 --seed 7 --launcher "$MPIEXEC -n 2" "$suite" \
  -o "$out" 2> "$work/stderr" ||
  fail "skampi-run failed: $(cat "$work/stderr")"
printf 'run-01.yaml seed=7 status=0\nrun-02.yaml seed=8 status=0\nrun-03.yaml seed=9 status=0\n' |
  diff -u - "$out/runs.txt" || fail "runs.txt"
flatten "$out/merged.yaml"
expect merged.runs 3
expect merged.files.2.path "$out/run-03.yaml"
# Each run's median is in run_medians, in run order, exactly.  A run
# lists its suites in the order it measured them (the seeds shuffle it):
# suite s of the merged file is the run's suite of the same name.
for r in 1 2 3; do
  "$YAMLFLAT" "$out/run-0$r.yaml" > "$work/run$r.flat" || fail "run $r"
  for sp in 0.0 0.1 1.0 1.1; do
    s=${sp%.*} p=${sp#*.}
    name=$(get "suites.$s.name")
    rs=$(sed -n "s/^suites\.\([0-9]*\)\.name=$name\$/\1/p" "$work/run$r.flat")
    [ -n "$rs" ] || fail "run $r has no suite '$name'"
    want=$(sed -n "s/^suites\.$rs\.points\.$p\.median=//p" "$work/run$r.flat")
    [ -n "$want" ] || fail "run $r has no point $sp"
    awk -v a="$want" -v b="$(get "suites.$s.points.$p.run_medians.$((r - 1))")" \
      'BEGIN { exit !(a + 0 == b + 0) }' || fail "run $r point $sp median"
  done
done
pages() { pdfinfo "$1" 2>/dev/null | sed -n 's/^Pages: *//p'; }
if command -v pdfinfo > /dev/null 2>&1; then
  # report.pdf: 1 title page + 2 suite pages + the collective bandwidth
  # page of bcast; runs.pdf: 1 + 2 suites
  [ "$(pages "$out/report.pdf")" = 4 ] || fail "report.pdf pages"
  [ "$(pages "$out/runs.pdf")" = 3 ] || fail "runs.pdf pages"
fi
# Grid replay: a refining suite, 2 runs; the merge refuses runs of
# different grids, so its success says run 2 measured run 1's arguments.
SKAMPI=$skampi "$RUN" -n 2 --seed 1 --no-report --launcher "$MPIEXEC -n 2" \
  "$top_srcdir/tests/tools/tiny-dynamic.skampi" -o "$work/dyn" \
  2> "$work/stderr" || fail "grid replay: $(cat "$work/stderr")"
flatten "$work/dyn/merged.yaml"
expect merged.runs 2
# (the merge takes a run that lost points of the grid it replayed: none
# may have here, where nothing limits the time)
grep -q '^suites\.[0-9]*\.points\.[0-9]*\.runs_missing' "$work/flat" &&
  fail "grid replay: a run lacks a point of run 1's grid"

# A suite given by name, as skampi takes it (doc/install.md): found in
# $SKAMPI_SUITE_PATH, resolved once, and every run reads that file.
tools=$(cd "$top_srcdir/tests/tools" && pwd)
SKAMPI=$skampi SKAMPI_SUITE_PATH=$tools "$RUN" -n 1 --seed 3 --no-report \
  --launcher "$MPIEXEC -n 2" tiny -o "$work/byname" 2> "$work/stderr" ||
  fail "suite by name: $(cat "$work/stderr")"
flatten "$work/byname/run-01.yaml"
expect suite_file.path "$tools/tiny.skampi"
flatten "$work/byname/merged.yaml"
expect merged.runs 1
# A name found nowhere: exit status 2, before any run.
SKAMPI=$skampi SKAMPI_SUITE_PATH=$tools "$RUN" -n 1 nonesuch \
  -o "$work/none" 2> "$work/err"
rc=$?
[ "$rc" -eq 2 ] || fail "unknown suite name: exit status $rc, not 2"
echo "skampi-run: error: cannot read 'nonesuch': no such file, nor a suite of that name (see: skampi --check 'nonesuch')" |
  diff -u - "$work/err" || fail "unknown suite name: message"
[ ! -e "$work/none" ] || fail "unknown suite name: made the directory"

# A directory that already holds runs is refused.
SKAMPI=$skampi "$RUN" -n 2 --launcher "$MPIEXEC -n 2" "$suite" -o "$out" \
  2> "$work/err" && fail "reused directory accepted"
echo "skampi-run: error: '$out' already holds runs; give an empty or new directory (or continue that campaign: skampi-run --resume '$out')" |
  diff -u - "$work/err" || fail "reused directory: message"
exit 0
