# SPDX-License-Identifier: BSD-3-Clause
# valgrind.sh -- skampi-report under valgrind (memcheck, leaks included)
# on the inputs of the report tests: good files (the collective bandwidth
# fixture among extra/), the real runs of two libraries, every option,
# every bad file and parameter file, and --runs and --compare on sets
# that skampi-merge (also under valgrind) merges from tests/tools/runs.  A valgrind finding is exit status 99 of the
# run; the test fails on it.  Several minutes: make check-valgrind runs
# it (the CI does), with SKAMPI_TEST_VALGRIND=1; without that switch, and
# without valgrind or in a sanitizer build (ASan and valgrind do not
# mix), it is skipped (77).
. "$top_srcdir/tests/report/lib.sh"
[ "${SKAMPI_TEST_VALGRIND:-0}" = 1 ] ||
  { echo "SKIP: make check-valgrind runs this test"; exit 77; }
command -v valgrind > /dev/null 2>&1 || { echo "SKIP: no valgrind"; exit 77; }
if nm "$REPORT" 2> /dev/null | grep -q __asan_init; then
  echo "SKIP: sanitizer build"
  exit 77
fi
cd "$FIX" || exit 99
VG="valgrind -q --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect"
n=0

# vg_prog PROG ARGS...: one run of PROG under valgrind; returns PROG's
# exit status (a valgrind finding, 99, is a failure of the test).
vg_prog() {
  n=$((n + 1))
  prog=$1
  shift
  $VG "$prog" "$@" > "$TMP/vg.out" 2> "$TMP/vg.err"
  st=$?
  [ $st -eq 99 ] && fail "valgrind: ${prog##*/} $*: $(cat "$TMP/vg.err")"
  return $st
}

# vg_ok PROG ARGS...: as vg_prog, and PROG must succeed on these inputs.
vg_ok() {
  vg_prog "$@" || fail "${1##*/} ${2:-} ...: exit status $st under valgrind"
}

# vg ARGS...: one run of skampi-report under valgrind.
vg() {
  vg_prog "$REPORT" "$@"
}

vg results/cluster-a.yaml results/cluster-b.yaml -p groups.yaml \
  -o "$TMP/r.pdf" --csv "$TMP/csv" --script "$TMP/r.gp"
for f in extra/*.yaml; do
  vg "$f" -o "$TMP/x.pdf"
done
for f in bad/*.yaml; do
  case $f in
    bad/params-*) vg results/cluster-a.yaml -p "$f" -o "$TMP/b.pdf" ;;
    *) vg "$f" -o "$TMP/b.pdf" ;;
  esac
done
# Real runs of two libraries (tests/report/real), alone and compared.
for f in real/*.yaml; do
  vg_ok "$REPORT" "$f" -o "$TMP/real.pdf" --csv "$TMP/real-csv"
done
vg_ok "$REPORT" real/mpich.yaml real/openmpi.yaml -o "$TMP/real2.pdf"
# Merged sets (tests/tools/runs, merged by skampi-merge under valgrind
# too): --runs on one, also one merged from raw samples, --compare on two.
RUNS=$SRC/tests/tools/runs
MERGE=$(cd "$(dirname "$REPORT")/.." && pwd)/campaign/skampi-merge
vg_ok "$MERGE" -o "$TMP/A.yaml" "$RUNS"/a[1-5].yaml
vg_ok "$MERGE" -o "$TMP/B.yaml" "$RUNS"/b[1-5].yaml
vg_ok "$MERGE" -o "$TMP/R.yaml" "$RUNS"/raw[1-3].yaml
vg_ok "$REPORT" --runs "$TMP/A.yaml" -o "$TMP/runs.pdf" --csv "$TMP/runs-csv"
vg_ok "$REPORT" --runs "$TMP/R.yaml" -o "$TMP/raw.pdf"
vg_ok "$REPORT" --compare "$TMP/A.yaml" "$TMP/B.yaml" -o "$TMP/cmp.pdf" \
  --csv "$TMP/cmp-csv"
[ -s "$TMP/cmp-csv/compare.csv" ] || fail "--compare wrote no compare.csv"
vg --compare "$TMP/A.yaml" "$RUNS/other-suite.yaml" \
  -o "$TMP/bad.pdf"
vg_prog "$MERGE" -o "$TMP/bad.yaml" "$RUNS/a1.yaml" "$RUNS/other-grid.yaml"
vg results/no-such-file.yaml -o "$TMP/n.pdf"
vg results/cluster-a.yaml -o "$TMP/none/report.pdf"
vg --colour=red results/cluster-a.yaml -o "$TMP/o.pdf"
vg results/cluster-a.yaml -o
vg --help
echo "$n runs under valgrind, $failures failed"
[ $failures -eq 0 ]
