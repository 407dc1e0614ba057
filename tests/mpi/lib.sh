# SPDX-License-Identifier: BSD-3-Clause
# lib.sh -- what the MPI tests share (sourced by tests/mpi/*.sh).
#
# Each test runs skampi under $MPIEXEC in a scratch directory below the
# build directory, reads the result file back with tests/yamlflat
# (PATH=VALUE lines) and checks values with grep and awk.
set -u
: "${MPIEXEC:=mpiexec}"
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
# abs PATH: PATH made absolute (for tests that change directory).
abs() {
  case $1 in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "$PWD/$1" ;;
  esac
}
SKAMPI="$top_builddir/src/skampi"
YAMLFLAT="$top_builddir/tests/yamlflat"
SUITES="$top_srcdir/tests/mpi"
# One MPI test at a time, whatever make -j says: two jobs of busy-polling
# processes on a two-core machine would slow each other down a thousand
# times.  The lock is released when the test's shell exits.
# The wait is printed ("lock: waited S s"), and tests/times.sh takes it
# off the test's time.
if command -v flock > /dev/null 2>&1; then
  exec 9> "$top_builddir/mpitest.lock"
  sk_lock_t0=$(date +%s.%N)
  flock 9
  awk -v a="$sk_lock_t0" -v b="$(date +%s.%N)" \
    'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/)
               printf "lock: waited %.1f s\n", b - a }'
fi
work="mpitest.$(basename "$0" .sh).$$"
rm -rf "$work" && mkdir "$work" || exit 99
# The failed checks, one line each: in a file, so that a check made in a
# subshell or a pipeline counts too.
sk_failed="$PWD/$work.failed"
: > "$sk_failed" || exit 99

# fail MESSAGE: a check failed.  The test goes on, so that one run shows
# every failed check, and exits 1 at its end.
fail() {
  echo "FAIL: $*" >&2
  echo "$*" >> "$sk_failed"
}

# fatal MESSAGE: a failure after which no further check would mean
# anything (no result file, a wait that never ended): the test ends now.
fatal() {
  fail "$@"
  exit 1
}

# At the end: a run still in the background ($bg) is stopped, the
# scratch directory removed, and a test with a failed check exits 1.
sk_finish() {
  st=$?
  if [ -n "${bg:-}" ] && kill -0 "$bg" 2> /dev/null; then
    kill -TERM "$bg" 2> /dev/null
    wait "$bg" 2> /dev/null
  fi
  n=$(wc -l < "$sk_failed" 2> /dev/null || echo 0)
  rm -rf "$work" "$sk_failed"
  if [ "${n:-0}" -gt 0 ]; then
    echo "$n checks failed" >&2
    [ "$st" -eq 0 ] || [ "$st" -eq 77 ] && st=1
  fi
  exit "$st"
}
trap sk_finish EXIT

# run_skampi NP FILE OUT [options...]: runs skampi, stderr to $work/stderr;
# returns skampi's exit status.
run_skampi() {
  np=$1 file=$2 out=$3
  shift 3
  $MPIEXEC -n "$np" "$SKAMPI" "$@" -o "$out" "$file" 2> "$work/stderr"
}

# skampi_stderr: skampi's own lines of $work/stderr.  Open MPI's mpiexec
# adds a banner of its own there when a process exits non-zero.
skampi_stderr() {
  grep '^skampi' "$work/stderr"
}

# flatten OUT: $work/flat holds the PATH=VALUE lines of result file OUT.
flatten() {
  "$YAMLFLAT" "$1" > "$work/flat" || fatal "$1 is not valid YAML"
}

# get PATH: the value at PATH in $work/flat (empty when absent).
get() {
  sed -n "s|^$1=||p" "$work/flat"
}

# expect PATH VALUE: the value at PATH must be VALUE.
expect() {
  got=$(get "$1")
  [ "$got" = "$2" ] || fail "$1 is '$got', want '$2'"
}

# suite_index NAME: the index of the suite called NAME in $work/flat
# (empty when there is none).  Tests find suites by name, not by their
# place in the file, so a suite put beside its kin moves no assertion.
suite_index() {
  sed -n "s|^suites\.\([0-9]*\)\.name=$1\$|\1|p" "$work/flat" | head -n 1
}

# sget NAME PATH: the value at PATH of the suite called NAME (empty when
# absent); sexpect NAME PATH VALUE: it must be VALUE.
sget() {
  si=$(suite_index "$1")
  [ -n "$si" ] || fail "no suite '$1' in the result"
  get "suites\.$si\.$2"
}
sexpect() {
  si=$(suite_index "$1")
  [ -n "$si" ] || fail "no suite '$1' in the result"
  expect "suites.$si.$2" "$3"
}

# suite_names FILE: the names of the suites of suite file FILE, in order.
suite_names() {
  sed -n 's/^ *\([A-Za-z_][A-Za-z_0-9]*\) *{.*/\1/p' "$1"
}

# sane: every point of every suite has consistent statistics (sane.awk).
sane() {
  awk -F= -f "$top_srcdir/tests/mpi/sane.awk" "$work/flat" ||
    fail "insane point values (above)"
}
