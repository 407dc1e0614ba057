# valgrind.sh -- skampi-report under valgrind (memcheck, leaks included)
# on the inputs of the report tests: good files, every option, every bad
# file and parameter file.  A valgrind finding is exit status 99 of the
# run; the test fails on it.  Skipped (77) without valgrind, and in a
# sanitizer build (ASan and valgrind do not mix).
. "$top_srcdir/tests/report/lib.sh"
command -v valgrind > /dev/null 2>&1 || { echo "SKIP: no valgrind"; exit 77; }
if nm "$REPORT" 2> /dev/null | grep -q __asan_init; then
  echo "SKIP: sanitizer build"
  exit 77
fi
cd "$FIX" || exit 99
VG="valgrind -q --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect"
n=0

# vg ARGS...: one run of skampi-report under valgrind.
vg() {
  n=$((n + 1))
  $VG "$REPORT" "$@" > "$TMP/vg.out" 2> "$TMP/vg.err"
  [ $? -eq 99 ] && fail "valgrind: skampi-report $*: $(cat "$TMP/vg.err")"
  return 0
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
vg results/no-such-file.yaml -o "$TMP/n.pdf"
vg results/cluster-a.yaml -o "$TMP/none/report.pdf"
vg --colour=red results/cluster-a.yaml -o "$TMP/o.pdf"
vg results/cluster-a.yaml -o
vg --help
echo "$n runs under valgrind, $failures with findings"
[ $failures -eq 0 ]
