#!/bin/sh
# ci-fuzz.sh -- builds the parser's libFuzzer target with clang in a build
# directory of its own and fuzzes it for SECONDS (default 60, at least 60
# in CI) on a corpus of suites/*.skampi and tests/parse/*.skampi.
#
#   tests/fuzz/ci-fuzz.sh [SECONDS [BUILD_DIR]]
#
# Exit status: 0 nothing found, 1 libFuzzer found a crash, leak or timeout
# (the input is left as BUILD_DIR/findings/crash-* etc. and printed), 2
# the build failed.  Run from anywhere; the source tree is the one this
# script is in.  BUILD_DIR (default: a new temporary directory) is kept
# when something was found.
set -u
seconds=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$(mktemp -d "${TMPDIR:-/tmp}/skampi-fuzz.XXXXXX")}
mkdir -p "$build" || exit 2
cd "$build" || exit 2
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi) || exit 2
if ! "$src/configure" CC=clang MPICC="${MPICC:-mpicc.mpich}" \
       --enable-fuzzing > configure.log 2>&1 ||
   ! make -j2 tests/fuzz/fuzz_parse > make.log 2>&1; then
  echo "ci-fuzz: the build failed; see $build/configure.log, make.log" >&2
  exit 2
fi
rm -rf corpus findings && mkdir corpus findings
cp "$src"/suites/*.skampi "$src"/tests/parse/*.skampi corpus/
echo "ci-fuzz: $(ls corpus | wc -l) seeds, $seconds s"
./tests/fuzz/fuzz_parse -max_total_time="$seconds" -rss_limit_mb=2048 \
  -timeout=10 -dict="$src/tests/fuzz/skampi.dict" \
  -artifact_prefix=findings/ corpus > fuzz.log 2>&1
rc=$?
tail -n 3 fuzz.log
if [ $rc -ne 0 ] || [ -n "$(ls findings)" ]; then
  echo "ci-fuzz: libFuzzer found something (exit $rc); inputs in" \
       "$build/findings, log in $build/fuzz.log:" >&2
  ls -l findings >&2
  grep -m 1 -A 20 'ERROR:' fuzz.log >&2
  exit 1
fi
[ -n "${2:-}" ] || rm -rf "$build"
echo "ci-fuzz: nothing found"
exit 0
