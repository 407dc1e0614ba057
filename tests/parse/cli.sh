#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# cli.sh -- skampi's command line: --help, --version, --list, bad options
# and arguments (exact messages, exit status 2), --check on a missing file.
set -u
srcdir=${top_srcdir:-.}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-cli.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect STATUS STDOUT-FILE STDERR-TEXT -- ARGS: runs skampi ARGS
expect() {
  want_status=$1 want_err=$2
  shift 2
  "$skampi" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  printf '%s' "$want_err" >"$tmp/want_err"
  if [ "$status" -ne "$want_status" ]; then
    echo "FAIL: skampi $*: exit status $status, expected $want_status"
    fail=1
  fi
  if ! diff -u "$tmp/want_err" "$tmp/err"; then
    echo "FAIL: skampi $*: stderr differs (- expected, + got)"
    fail=1
  fi
}

hint="Try 'skampi --help' for more information."
nl='
'
expect 2 "skampi: error: unknown option '--foo'$nl$hint$nl" --foo suites/fig1.skampi
expect 2 "skampi: error: unknown option '-x'$nl$hint$nl" -x
expect 2 "skampi: error: option '--check' takes no value$nl$hint$nl" --check=yes f
expect 2 "skampi: error: unknown option '--frob'$nl$hint$nl" --frob=1 f
expect 2 "skampi: error: option '--output' needs a value$nl$hint$nl" f --output
expect 2 "skampi: error: option '--np' needs a value$nl$hint$nl" --check f --np
expect 2 "skampi: error: option '-o' needs a value$nl$hint$nl" f -o
expect 2 "skampi: error: --np expects a number of processes (1 to 2147483647), not '0'$nl$hint$nl" --check --np 0 f
expect 2 "skampi: error: --np expects a number of processes (1 to 2147483647), not '2x'$nl$hint$nl" --check --np 2x f
# --timer, --shuffle, --grid-from
expect 2 "skampi: error: --timer expects MPI_Wtime, monotonic or rdtscp, not 'tsc'$nl$hint$nl" --timer tsc f
expect 2 "skampi: error: option '--timer' needs a value$nl$hint$nl" f --timer
expect 2 "skampi: error: --shuffle=SEED expects a whole number 0 to 9007199254740991, not 'x1'$nl$hint$nl" --shuffle=x1 f
expect 2 "skampi: error: --shuffle=SEED expects a whole number 0 to 9007199254740991, not '9007199254740992'$nl$hint$nl" --shuffle=9007199254740992 f
expect 2 "skampi: error: --timer, --shuffle, --grid-from, --no-postproc and --log go with a run$nl$hint$nl" --check --shuffle f
expect 2 "skampi: error: --no-interleave goes with --shuffle$nl$hint$nl" --no-interleave f
expect 2 "skampi: error: --timer, --shuffle, --grid-from, --no-postproc and --log go with a run$nl$hint$nl" --list --grid-from x.yaml
expect 2 "skampi: error: --timer, --shuffle, --grid-from, --no-postproc and --log go with a run$nl$hint$nl" --check --timer monotonic f
expect 2 "skampi: error: --timer, --shuffle, --grid-from, --no-postproc and --log go with a run$nl$hint$nl" --check --no-postproc f
expect 2 "skampi: error: --np goes with --check or a run$nl$hint$nl" --list --np 4
expect 2 "skampi: error: --timer, --shuffle, --grid-from, --no-postproc and --log go with a run$nl$hint$nl" --check --log x.log f
expect 2 "skampi: error: --log expects a file name$nl$hint$nl" --log '' f
expect 2 "skampi: error: -o/--output goes with a run, not with --check or --list$nl$hint$nl" --check -o x.yaml f
expect 2 "skampi: error: --check and --list cannot be combined$nl$hint$nl" --check --list
expect 2 "skampi: error: no SUITE_FILE given$nl$hint$nl"
expect 2 "skampi: error: no SUITE_FILE given$nl$hint$nl" --check
expect 2 "skampi: error: one SUITE_FILE only ('b' is one too many)$nl$hint$nl" --check a b
expect 2 "skampi: error: --list takes no file, not 'a'$nl$hint$nl" --list a
expect 1 "no-such-file.skampi: error: cannot open: No such file or directory$nl" --check no-such-file.skampi
[ -s "$tmp/out" ] && { echo "FAIL: --check of a missing file printed a plan"; fail=1; }

# --help: usage on stdout, every option named, exit 0
expect 0 "" --help
for opt in "Usage: mpiexec -n P skampi [OPTIONS] SUITE_FILE" "--check" \
           "--np P" "--list" "-o, --output FILE" "-q, --quiet" \
           "-h, --help" "-V, --version" "Exit status:"; do
  grep -qF -- "$opt" "$tmp/out" || { echo "FAIL: --help lacks '$opt'"; fail=1; }
done
expect 0 "" -h

# --version: the version of configure.ac
version=$(sed -n 's/^AC_INIT(\[skampi\], \[\([^]]*\)\].*/\1/p' "$srcdir/configure.ac")
expect 0 "" --version
# and the MPI library skampi was built with, for skampi-run's launcher check
[ "$(head -n 1 "$tmp/out")" = "skampi $version" ] ||
  { echo "FAIL: --version printed '$(cat "$tmp/out")', expected 'skampi $version'"; fail=1; }
sed -n 2p "$tmp/out" | grep -Eq '^MPI: .*(MPICH|Open MPI)' ||
  { echo "FAIL: --version does not name the MPI library: '$(cat "$tmp/out")'"; fail=1; }
# then the copyright and the licence (LICENSE, lib/licence.h)
[ "$(sed -n 3,4p "$tmp/out")" = "Copyright (c) 2026 the skampi authors
Licence: BSD-3-Clause <https://spdx.org/licenses/BSD-3-Clause.html>" ] ||
  { echo "FAIL: --version does not name the licence: '$(cat "$tmp/out")'"; fail=1; }
[ "$(wc -l < "$tmp/out")" -eq 4 ] || { echo "FAIL: --version is not four lines"; fail=1; }
expect 0 "" -V

# --list: the library, a header, and one row per row of
# lib/instances.def (its classes of buffers and payload in lower case),
# grouped by family (a line "-- FAMILY" before each family), by number
# within a family
expect 0 "" --list
rows=$(grep -cE '^SK_(INSTANCE|PLANNED)\(' "$srcdir/lib/instances.def")
[ "$(grep -cE '^ *[0-9]+  ' "$tmp/out")" -eq "$rows" ] ||
  { echo "FAIL: --list printed $(wc -l <"$tmp/out") lines for $rows instances"; fail=1; }
head -n 1 "$tmp/out" | grep -q '^MPI library: [^ ]' ||
  { echo "FAIL: --list library: $(head -n 1 "$tmp/out")"; fail=1; }
sed -n 2p "$tmp/out" | grep -q '^Type  Name  *Pattern  *Variations  *Buffers  *Payload  *Status  *Operations$' ||
  { echo "FAIL: --list header: $(sed -n 2p "$tmp/out")"; fail=1; }
# the families in the order of lib/instance.c's table (those that have
# instances), each once, and none unknown ("other")
sed -n 's/^-- //p' "$tmp/out" >"$tmp/fams"
sed -n 's/^ *{"[a-z]*_", "\([^"]*\)"},$/\1/p' "$srcdir/lib/instance.c" \
  >"$tmp/table"
[ "$(wc -l <"$tmp/table")" -ge 12 ] ||
  { echo "FAIL: the families of lib/instance.c not read"; fail=1; }
grep -vxFf "$tmp/fams" "$tmp/table" >"$tmp/absent"
if ! grep -vxFf "$tmp/absent" "$tmp/table" | cmp -s - "$tmp/fams"; then
  echo "FAIL: --list families: $(tr '\n' ',' <"$tmp/fams")"
  fail=1
fi
for f in ping-pong collective "nonblocking collective" persistent MPI-IO; do
  grep -qxF "$f" "$tmp/fams" || { echo "FAIL: --list has no family $f"; fail=1; }
done
grep -qE '^ +201  MPI_Ibcast +collective +Length,Nodes +pair +bcast +implemented +MPI_Ibcast from rank 0 \+ MPI_Wait$' "$tmp/out" ||
  { echo "FAIL: --list row of Type 201"; fail=1; }
awk '/^-- nonblocking collective$/ { f = 1; next } /^-- / { f = 0 }
     f && $1 == 203 { ok = 1 } END { exit !ok }' "$tmp/out" ||
  { echo "FAIL: --list: MPI_Iallreduce not under nonblocking collective"; fail=1; }
SKAMPI_TEST_UNAVAILABLE=MPI_Bcast_init "$skampi" --list >"$tmp/out2"
grep -qE '^ +241  MPI_Bcast_init +collective +Length,Nodes +pair +bcast +unavailable ' "$tmp/out2" ||
  { echo "FAIL: --list does not mark an unavailable instance"; fail=1; }
grep -qE '^ +1  Pingpong_Send_Recv +pingpong +Length +pair +none +(planned|implemented) +MPI_Send / MPI_Recv$' "$tmp/out" ||
  { echo "FAIL: --list row of Type 1"; fail=1; }
grep -qE '^ +19  MPI_Barrier +collective +None,Nodes ' "$tmp/out" ||
  { echo "FAIL: --list row of Type 19"; fail=1; }
awk '/^-- / { last = 0; next }
     NR > 2 { if ($1 + 0 <= last) bad = 1; last = $1 + 0 } END { exit bad }' "$tmp/out" ||
  { echo "FAIL: --list is not sorted by number within a family"; fail=1; }
exit $fail
