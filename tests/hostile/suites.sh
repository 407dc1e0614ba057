#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# suites.sh -- skampi --check on hostile suite files: every one is refused
# (or accepted) with its exact message and exit status, at once, never a
# hang and never a crash.  Suite files travel between sites and are
# untrusted input.
#
#   tests/hostile/suites/NAME.skampi   a small hostile file; NAME.expected
#                                      holds its stderr and "exit status: N"
#                                      (SK_GOLDEN_UPDATE=1 writes it: review
#                                      the change with git diff)
#   generated here                     what cannot be a file in the tree: a
#                                      FIFO, a directory, a device, a 100 MB
#                                      line, 100 000 suites, 100 000 nested
#                                      braces, a base type of 50 000 fields
#
# The large ones only have to finish (their time is not asserted); each
# run is bounded by `timeout` where there is one, so a hang fails the test.
set -u
[ "${SK_TRACE:-0}" = 1 ] && set -x
srcdir=${top_srcdir:-.}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
[ -x "$skampi" ] || { echo "no $skampi"; exit 99; }
tmp=$(mktemp -d "$builddir/sk-hostile.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 60"

# check FILE: runs skampi --check FILE from $srcdir; $out, $err, $status.
# Each check may take 15 s of CPU: a bound a busy neighbour cannot break
# (it counts this process's own time, not the clock's), which the
# quadratic checks of many suites and fields once broke by far (100 000
# suites took about 25 s of CPU, 50 000 suites over 50 000 fields well
# over a minute) and the linear ones keep with a margin of ten (1.6 s);
# a sanitizer build, about three times slower, gets 60 s.  timeout only
# catches a hang.
cpu=15
ldd "$skampi" 2> /dev/null | grep -q libasan && cpu=60
check() {
  (cd "$srcdir" && ulimit -t $cpu && $limit "$skampi" --check "$1") \
    >"$tmp/out" 2>"$tmp/err"
  status=$?
}

# expect_err STATUS TEXT FILE: the exact stderr and exit status of FILE
expect_err() {
  check "$3"
  printf '%s\n' "$2" >"$tmp/want"
  if [ "$status" -ne "$1" ]; then
    echo "FAIL: $3: exit status $status, expected $1"
    fail=1
  fi
  if ! diff -u "$tmp/want" "$tmp/err"; then
    echo "FAIL: $3: stderr differs (- expected, + got)"
    fail=1
  fi
}

# expect_first STATUS LINE FILE: the exit status and the first line of
# stderr (the rest quotes a huge line)
expect_first() {
  check "$3"
  got=$(head -n 1 "$tmp/err")
  if [ "$status" -ne "$1" ] || [ "$got" != "$2" ]; then
    echo "FAIL: $3: exit status $status (expected $1), first line:"
    echo "  got:  $got"
    echo "  want: $2"
    fail=1
  fi
}

# ---- the files in tests/hostile/suites ----------------------------------
for f in "$srcdir"/tests/hostile/suites/*.skampi; do
  name=tests/hostile/suites/$(basename "$f")
  check "$name"
  { cat "$tmp/err"; echo "exit status: $status"; } >"$tmp/got"
  expected=$srcdir/${name%.skampi}.expected
  if [ "${SK_GOLDEN_UPDATE:-0}" = 1 ]; then
    cp "$tmp/got" "$expected" && echo "wrote $expected"
  elif ! diff -u "$expected" "$tmp/got"; then
    echo "FAIL: $name differs from its .expected (- expected, + got)"
    fail=1
  fi
done

# ---- what is no regular file: refused at once, never waited on ----------
mkfifo "$tmp/fifo" 2>/dev/null || { echo "no mkfifo"; exit 99; }
expect_err 1 "$tmp/fifo: error: cannot read: it is a FIFO; a suite file must be a regular file" "$tmp/fifo"
mkdir "$tmp/dir"
expect_err 1 "$tmp/dir: error: cannot read: it is a directory; a suite file must be a regular file" "$tmp/dir"
expect_err 1 "/dev/null: error: cannot read: it is a character device; a suite file must be a regular file" /dev/null
# a FIFO in the current directory is that FIFO, not the name of a suite
(cd "$tmp" && $limit "$skampi" --check fifo) >"$tmp/out" 2>"$tmp/err"
status=$?
printf '%s\n' "fifo: error: cannot read: it is a FIFO; a suite file must be a regular file" >"$tmp/want"
if [ "$status" -ne 1 ] || ! diff -u "$tmp/want" "$tmp/err"; then
  echo "FAIL: --check fifo in its directory: exit status $status"
  fail=1
fi

# ---- size: a 100 MB line is refused before it is read --------------------
head -c 100000000 /dev/zero | tr '\0' 'x' >"$tmp/line.skampi"
expect_err 1 "$tmp/line.skampi: error: cannot read: file is too large for a suite file (over 16 MiB)" "$tmp/line.skampi"
rm -f "$tmp/line.skampi"
: >"$tmp/empty.skampi"
expect_err 1 "$tmp/empty.skampi: error: no measurement suites: nothing to measure (suites follow @MEASUREMENTS)" "$tmp/empty.skampi"

# ---- many of everything: checked in n log n, so these just finish --------
awk 'BEGIN { print "@MEASUREMENTS"
             for (i = 0; i < 100000; i++) printf "s%d { Type = 1; }\n", i }' \
  >"$tmp/many.skampi"
check "$tmp/many.skampi"
n=$(grep -c '^- name: s' "$tmp/out")
if [ "$status" -ne 0 ] || [ "$n" -ne 100000 ]; then
  echo "FAIL: 100000 suites: exit status $status, $n suites in the plan"
  fail=1
fi
# the same name 100000 times: one error per repeat, 200 shown
awk 'BEGIN { print "@MEASUREMENTS"
             for (i = 0; i < 100000; i++) print "s { Type = 1; }" }' \
  >"$tmp/same.skampi"
check "$tmp/same.skampi"
if [ "$status" -ne 1 ] ||
   [ "$(tail -n 1 "$tmp/err")" != "skampi: note: 99899 more errors not shown" ]; then
  echo "FAIL: 100000 suites named alike: exit status $status, last line $(tail -n 1 "$tmp/err")"
  fail=1
fi
# 50000 fields of one base type, the last one overlapping field 6 (at
# the column after the 50000 fields and a blank)
awk 'BEGIN { printf "@Basetype1"
             n = length("@Basetype1")
             for (i = 0; i < 50000; i++) {
               f = sprintf(" (1, %d, MPI_CHAR)", i)
               printf "%s", f
               n += length(f)
             }
             print n + 2 > "/dev/stderr"
             print " (1, 5, MPI_CHAR)"
             print "@MEASUREMENTS"
             print "a { Type = 1; Basetype_Number = 1; }" }' \
  >"$tmp/fields.skampi" 2>"$tmp/col"
expect_first 1 "$tmp/fields.skampi:1:$(cat "$tmp/col"): error: @Basetype1: this field (bytes 5 to 5) overlaps field 6 (bytes 5 to 5)" "$tmp/fields.skampi"
# and 50000 suites of a 50000-field base type: summed once, not per suite
awk 'BEGIN { printf "@Basetype1"
             for (i = 0; i < 50000; i++) printf " (1, %d, MPI_CHAR)", 2 * i
             print "\n@Basetype_Number 1\n@MEASUREMENTS"
             for (i = 0; i < 50000; i++) printf "s%d { Type = 1; }\n", i }' \
  >"$tmp/mix.skampi"
check "$tmp/mix.skampi"
if [ "$status" -ne 0 ]; then
  echo "FAIL: 50000 suites over 50000 fields: exit status $status"
  head -n 3 "$tmp/err"
  fail=1
fi
# 100000 nested braces: the grammar does not nest, so no stack runs out
awk 'BEGIN { printf "@MEASUREMENTS\nA "
             for (i = 0; i < 100000; i++) printf "{"
             print "" }' >"$tmp/deep.skampi"
expect_first 1 "$tmp/deep.skampi:2:1: error: suite 'A' has no Type (an instance number or name; skampi --list shows them)" "$tmp/deep.skampi"

[ "$fail" = 0 ] && echo "hostile suite files: all refused or accepted as expected"
exit $fail
