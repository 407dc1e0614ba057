#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# mpi-bad-suite.sh -- `mpiexec -n 2 skampi BAD_FILE`: both ranks exit with
# status 1, the diagnostics are printed once (by rank 0) exactly as
# `skampi --check` prints them, nothing is measured, no file is written.
set -u
srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 99
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
[ -n "${MPIEXEC:-}" ] || { echo "MPIEXEC is not set"; exit 77; }
tmp=$(mktemp -d "$builddir/sk-mpi.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
name=tests/parse/err-multiple
mkdir -p "$tmp/tests/parse" && cp "$srcdir/$name.skampi" "$tmp/$name.skampi" ||
  exit 99
cd "$tmp" || exit 99
to=
command -v timeout >/dev/null 2>&1 && to="timeout 120"
# Each rank records its own exit status (MPICH: PMI_RANK, Open MPI:
# OMPI_COMM_WORLD_RANK).
# shellcheck disable=SC2086,SC2016
$to $MPIEXEC -n 2 sh -c \
  '"$0" "$@"; echo $? >"status.${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-unknown}}"' \
  "$skampi" "$name.skampi" >out 2>err
fail=0
for r in 0 1; do
  if [ "$(cat "status.$r" 2>/dev/null)" != 1 ]; then
    echo "FAIL: rank $r exited with '$(cat "status.$r" 2>/dev/null)', expected 1"
    fail=1
  fi
done
# stderr: the golden diagnostics once, then one summary line
awk 'f && !/^exit status: /; /^--- stderr$/ { f = 1 }' \
  "$srcdir/$name.expected" >want
n=$(grep -c ': error: ' want)
echo "skampi: nothing was measured: $name.skampi has $n errors" >>want
if ! diff -u want err; then
  echo "FAIL: stderr differs from the diagnostics of --check (- expected, + got)"
  fail=1
fi
[ -s out ] && { echo "FAIL: something on stdout:"; cat out; fail=1; }
for f in skampi.yaml skampi.log; do
  [ -e "$f" ] && { echo "FAIL: $f was written"; fail=1; }
done
exit $fail
