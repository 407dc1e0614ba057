#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# results.sh -- hostile result files (tests/hostile/results/): what a
# stranger could upload.  For every NAME listed in results/STATUS,
# skampi-report (of NAME.yaml alone, gnuplot drawing the few that are
# accepted) and skampi-merge (of NAME.yaml alone) exit with the status
# given there and print exactly NAME.report.err / NAME.merge.err; neither
# leaves an output or a temporary file behind.  A few inputs too large to
# keep in the tree are made here (gen_*).  With SKAMPI_TEST_VALGRIND=1
# (make check-valgrind, which the CI runs) the same runs go under
# memcheck too, about ten minutes; a sanitizer build runs them under ASan.
#
# To see what changed after a deliberate change of a message:
#   SK_HOSTILE_UPDATE=1 make check TESTS=tests/hostile/results.sh
# rewrites the .err files in the source tree (review the diff).
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
BUILD=$(cd "$top_builddir" && pwd)
FIX=$SRC/tests/hostile/results
MERGE=$BUILD/campaign/skampi-merge
REPORT=$BUILD/report/skampi-report
: "${GNUPLOT:=gnuplot}"
export GNUPLOT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

mkdir -p "$BUILD/tests/hostile"
TMP=$(mktemp -d "$BUILD/tests/hostile/tmp.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT
mkdir "$TMP/c" "$TMP/out" || exit 99
cp "$FIX"/*.yaml "$TMP/c/" || exit 99

# 200 KB of '[': the depth limit, met after 64 of them.
gen_brackets() {
  printf 'schema_version: 1\nx: '
  awk 'BEGIN { for (i = 0; i < 204800; i++) printf "["; print "" }'
}
# A scalar of 1 MiB + 1 bytes, one more than the reader takes.
gen_scalar() {
  printf 'schema_version: 1\nmetadata:\n  MACHINE: '
  awk 'BEGIN { s = "xxxxxxxxxxxxxxxx"; while (length(s) < 1048576) s = s s;
               print s "x" }'
  printf 'suites: []\n'
}
gen_brackets > "$TMP/c/nested-brackets.yaml"
gen_scalar > "$TMP/c/scalar-1mib-plus-1.yaml"
cd "$TMP/c" || exit 99

# leftovers: what a run left in out/ and beside the inputs.
leftovers() {
  ls -A "$TMP/out"
  ls -A | grep -v '\.yaml$'
}

# check NAME WHICH WANT-STATUS PROGRAM ARGS...
check() {
  name=$1 which=$2 want=$3
  shift 3
  # 15 s of CPU for each file (60 in a sanitizer build): a bound a busy
  # neighbour cannot break (it counts the program's own time), which the
  # alias bomb and the 200 KB of '[' once broke by far (minutes,
  # gigabytes); every file now takes a fraction of a second
  (ulimit -t "$cpu" && exec "$@") > "$TMP/stdout" 2> "$TMP/stderr"
  st=$?
  [ "$st" = "$want" ] || fail "$name: $which: exit status $st, not $want"
  if [ -n "${SK_HOSTILE_UPDATE:-}" ]; then
    cp "$TMP/stderr" "$FIX/$name.$which.err"
  elif ! cmp -s "$FIX/$name.$which.err" "$TMP/stderr"; then
    fail "$name: $which: stderr differs:"
    diff "$FIX/$name.$which.err" "$TMP/stderr" >&2
  fi
  # a success leaves its output, report.pdf or m.yaml, and nothing else
  left=$(leftovers | { [ "$want" = 0 ] && grep -vx -e report.pdf -e m.yaml ||
                      cat; })
  [ -z "$left" ] || fail "$name: $which: left behind: $left"
  rm -rf "$TMP/out"/* "$TMP/out"/.[!.]* 2> /dev/null
}

cpu=15
ldd "$REPORT" 2> /dev/null | grep -q libasan && cpu=60
n=0
while read -r name rstatus mstatus; do
  case $name in '#'*|'') continue ;; esac
  [ -f "$name.yaml" ] || { fail "$name: no $name.yaml"; continue; }
  # the successful runs write their output; it is the only thing allowed
  if [ "$rstatus" = 0 ] && ! command -v "$GNUPLOT" > /dev/null 2>&1; then
    echo "$name: not drawn: no gnuplot"
  else
    check "$name" report "$rstatus" "$REPORT" "$name.yaml" \
      -o "$TMP/out/report.pdf"
  fi
  check "$name" merge "$mstatus" "$MERGE" -o "$TMP/out/m.yaml" "$name.yaml"
  n=$((n + 1))
done < "$FIX/STATUS"

# A large result (60 000 points, about 20 MB) is read in bounded memory:
# suites one at a time, not a document tree (the old reader held about
# 14 times the file in memory; this one holds what it draws, about a
# quarter).  Without GNU time, or in a sanitizer build (whose shadow
# memory is no measure of the reader), only the read is checked.
awk -v suites=60 -v points=1000 -f "$SRC/tests/bench/big-result.awk" \
  > big.yaml || exit 99
size=$(wc -c < big.yaml)
GNUPLOT=true /usr/bin/time -f '%M' -o "$TMP/rss" \
  "$REPORT" big.yaml --csv "$TMP/out/csv" -o "$TMP/out/big.pdf" \
  > /dev/null 2> "$TMP/stderr"
# (gnuplot is `true`: the CSV files are written, then no PDF comes)
if [ "$(ls "$TMP/out/csv" 2> /dev/null | grep -c '\.csv$')" -lt 60 ]; then
  fail "large result: not read: $(head -n 3 "$TMP/stderr")"
elif [ -x /usr/bin/time ] && [ -s "$TMP/rss" ] &&
     ! ldd "$REPORT" 2> /dev/null | grep -q 'libasan'; then
  rss=$(tail -n 1 "$TMP/rss")
  [ $((rss * 1024)) -lt "$size" ] ||
    fail "large result: $rss KiB of memory for a $size-byte file"
fi
rm -rf big.yaml "$TMP/out"/* "$TMP/rss"

# One run given twice, as the same file or as a copy, counts once: refused.
cp valid.yaml copy.yaml
printf '%s\n' "skampi-merge: error: 'valid.yaml' is the same file as 'valid.yaml': one run would count twice" > "$TMP/want"
"$MERGE" -o "$TMP/out/m.yaml" valid.yaml valid.yaml 2> "$TMP/stderr"
[ $? = 1 ] || fail "same file twice: not exit status 1"
cmp -s "$TMP/want" "$TMP/stderr" || fail "same file twice: $(cat "$TMP/stderr")"
"$MERGE" -o "$TMP/out/m.yaml" valid.yaml copy.yaml 2> "$TMP/stderr"
[ $? = 1 ] || fail "a copy: not exit status 1"
grep -q "^skampi-merge: error: 'copy.yaml' has the same content as 'valid.yaml' (SHA-256 [0-9a-f]\{64\}): one run would count twice\$" "$TMP/stderr" ||
  fail "a copy: $(cat "$TMP/stderr")"
rm -f copy.yaml
[ -z "$(leftovers)" ] || fail "twice: left behind: $(leftovers)"

# Under valgrind: no memory error and no leak on any of them.
VG="valgrind -q --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect"
if [ "${SKAMPI_TEST_VALGRIND:-0}" != 1 ]; then
  echo "the corpus ran without valgrind (make check-valgrind runs it under valgrind)"
elif ! command -v valgrind > /dev/null 2>&1; then
  echo "SKIP: valgrind is not installed: the corpus ran without it"
  [ "$failures" -eq 0 ] && exit 77
elif nm "$REPORT" 2> /dev/null | grep -q __asan_init; then
  echo "sanitizer build: the corpus ran under ASan, not valgrind"
else
  for f in *.yaml; do
    for prog in "$REPORT" "$MERGE"; do
      if [ "$prog" = "$REPORT" ]; then
        $VG "$prog" "$f" --csv "$TMP/out/csv" -o "$TMP/out/report.pdf" \
          > /dev/null 2> "$TMP/vg.err"
      else
        $VG "$prog" -o "$TMP/out/m.yaml" "$f" > /dev/null 2> "$TMP/vg.err"
      fi
      [ $? = 99 ] && fail "valgrind: ${prog##*/} $f: $(cat "$TMP/vg.err")"
      rm -rf "$TMP/out"/* 2> /dev/null
    done
  done
fi

echo "$n hostile result files checked"
[ "$failures" -eq 0 ]
