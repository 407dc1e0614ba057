#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# workflow.sh -- the sysadmin's workflow of the README, end to end: two
# campaigns of a tiny suite (skampi-run -n 5 on 2 processes), the second
# with one instance made slower on purpose, imported with --tag
# phase=before / phase=after, then skampi-db compare.  Asserted: exit
# status 5, the slowed instance (iprobe) reported slower, the others
# (busy, wtime) not.  The second campaign also goes into a database of
# its own through skampi-run --db.
#
# The slowdown: tests/tools/slowcall.so, preloaded into the ranks of the
# second campaign only, makes every MPI_Iprobe busy-wait 50 us first
# (SKAMPI_TEST_SLOW_IPROBE, a variable that library alone reads; skampi
# has no such switch).  iprobe costs some 10-100 ns, so it becomes
# hundreds of times slower, far beyond what a loaded machine changes;
# the others are local operations (a busy wait of known cost, MPI_Wtime)
# that sharing a core with the other rank barely moves, and compare is
# asked for changes of at least 50%.  Five runs a side, because the
# rank-sum test of 3 against 3 per-run medians cannot go below p = 0.1;
# 5 against 5 reaches 0.0079.  Only verdicts are asserted, never times.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
# skampi-db is not built where configure left it out (--disable-db, or
# its libraries missing: SK_WITH_DB=no, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "SKIP: skampi-db is not built (configure: --disable-db, or SQLite, libcurl, libmicrohttpd or dygraphs missing)"
  exit 77
fi
RUN=$top_builddir/campaign/skampi-run
DB=$(abs "$top_builddir/db/skampi-db")
SLOW=$(abs "$top_builddir/tests/tools/slowcall.so")
export SKAMPI_MERGE="$top_builddir/campaign/skampi-merge" \
  SKAMPI_REPORT="$top_builddir/report/skampi-report" \
  SKAMPI_DB_PROGRAM="$DB"
unset SKAMPI_DB SKAMPI_TEST_SLOW_IPROBE
suite=$top_srcdir/tests/tools/workflow.skampi
skampi=$(abs "$SKAMPI")
[ -f "$SLOW" ] || fail "no $SLOW (make check builds it)"
# a sanitizer build's skampi wants its runtime first; the preloaded
# library comes before it, which is harmless here
asan=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0

# before the upgrade
SKAMPI=$skampi "$RUN" -n 5 --seed 1 --no-report --launcher "$MPIEXEC -n 2" \
  "$suite" -o "$work/before" 2> "$work/stderr" ||
  fail "campaign before: $(cat "$work/stderr")"
"$DB" --db "$work/t.db" import --tag phase=before "$work/before" \
  > "$work/import" 2>&1 || fail "import before: $(cat "$work/import")"
# after the "upgrade": MPI_Iprobe is slower; also imported by --db
SKAMPI=$skampi "$RUN" -n 5 --seed 1 --no-report --db "$work/own.db" \
  --launcher "$MPIEXEC -n 2 env LD_PRELOAD=$SLOW SKAMPI_TEST_SLOW_IPROBE=50 ASAN_OPTIONS=$asan" \
  "$suite" -o "$work/after" 2> "$work/stderr" ||
  fail "campaign after: $(cat "$work/stderr")"
"$DB" --db "$work/t.db" import --tag phase=after "$work/after" \
  > "$work/import" 2>&1 || fail "import after: $(cat "$work/import")"

# skampi-run --db: the five runs and the merged file, in one campaign
"$DB" --db "$work/own.db" list > "$work/list" 2>&1 || fail "list own.db"
[ "$(awk '$2 == "run"' "$work/list" | wc -l)" = 5 ] || fail "own.db: not 5 runs: $(cat "$work/list")"
[ "$(awk '$2 == "merged"' "$work/list" | wc -l)" = 1 ] || fail "own.db: no merged file: $(cat "$work/list")"
"$DB" --db "$work/own.db" query campaign=1 kind=merged --suite iprobe \
  > "$work/q" 2>&1 || fail "own.db: campaign 1: $(cat "$work/q")"
[ "$(wc -l < "$work/q")" = 2 ] || fail "own.db: campaign 1's merged file: $(cat "$work/q")"

# the question: what got slower?
"$DB" --db "$work/t.db" compare --min-effect 0.5 \
  --baseline tag=phase=before --candidate tag=phase=after > "$work/table" 2>&1
rc=$?
cat "$work/table"
[ "$rc" -eq 5 ] || fail "compare: exit status $rc, not 5"
"$DB" --db "$work/t.db" compare --min-effect 0.5 --format csv \
  --baseline tag=phase=before --candidate tag=phase=after > "$work/csv"
[ $? -eq 5 ] || fail "compare --format csv: not exit status 5"
verdict() {    # SUITE: its verdict in the CSV (the last column)
  awk -F, -v s="$1" '$1 == s { print $NF }' "$work/csv"
}
[ "$(verdict iprobe)" = slower ] || fail "iprobe: '$(verdict iprobe)', not slower"
for s in busy wtime; do
  v=$(verdict "$s")
  [ -n "$v" ] || fail "$s: not compared"
  [ "$v" != slower ] || fail "$s reported slower, but nothing slowed it"
done
grep -q '^  slower  iprobe' "$work/table" || fail "the table lacks the iprobe regression"
grep -q '^1 regression' "$work/table" || fail "the table counts other regressions"
exit 0
