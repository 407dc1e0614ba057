#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# ci-fuzz.sh -- builds a libFuzzer target with clang in a build directory
# of its own and fuzzes it for SECONDS (default 60).
#
#   tests/fuzz/ci-fuzz.sh [SECONDS [BUILD_DIR [TARGET]]]
#
# TARGET is fuzz_parse (the suite-language parser, the default; corpus:
# suites/*.skampi, tests/parse/*.skampi, tests/hostile/suites/*.skampi)
# or fuzz_yread (the YAML reader of result files; corpus: the result and
# parameter files under tests/).  Exit status: 0 nothing found, 1 libFuzzer found a crash, leak
# or timeout (the input is left as BUILD_DIR/findings/crash-* etc. and
# printed), 2 the build failed.  Run from anywhere; the source tree is the
# one this script is in.  BUILD_DIR (default: a new temporary directory)
# is kept when something was found; one BUILD_DIR serves both targets.
set -u
seconds=${1:-60}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$(mktemp -d "${TMPDIR:-/tmp}/skampi-fuzz.XXXXXX")}
target=${3:-fuzz_parse}
case $target in
  fuzz_parse) dict="-dict=$src/tests/fuzz/skampi.dict" ;;
  fuzz_yread) dict= ;;
  *) echo "ci-fuzz: unknown target '$target' (fuzz_parse or fuzz_yread)" >&2
     exit 2 ;;
esac
mkdir -p "$build" || exit 2
cd "$build" || exit 2
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi) || exit 2
if { [ -f Makefile ] || "$src/configure" CC=clang \
       MPICC="${MPICC:-mpicc.mpich}" --enable-fuzzing > configure.log 2>&1; } &&
   make -j2 "tests/fuzz/$target" > "make-$target.log" 2>&1; then :; else
  echo "ci-fuzz: the build failed; see $build/configure.log, make-$target.log" >&2
  exit 2
fi
rm -rf corpus findings && mkdir corpus findings
if [ "$target" = fuzz_parse ]; then
  cp "$src"/suites/*.skampi "$src"/tests/parse/*.skampi \
     "$src"/tests/hostile/suites/*.skampi corpus/
else
  n=0
  for f in $(find "$src/tests" -name '*.yaml'); do
    n=$((n + 1)); cp "$f" "corpus/seed-$n.yaml"
  done
fi
echo "ci-fuzz: $target, $(ls corpus | wc -l) seeds, $seconds s"
# $dict is empty or one word
# shellcheck disable=SC2086
"./tests/fuzz/$target" -max_total_time="$seconds" -rss_limit_mb=2048 \
  -timeout=10 $dict -artifact_prefix=findings/ corpus > fuzz.log 2>&1
rc=$?
tail -n 3 fuzz.log
if [ $rc -ne 0 ] || [ -n "$(ls findings)" ]; then
  echo "ci-fuzz: libFuzzer found something in $target (exit $rc); inputs" \
       "in $build/findings, log in $build/fuzz.log:" >&2
  ls -l findings >&2
  grep -m 1 -A 20 'ERROR:' fuzz.log >&2
  exit 1
fi
[ -n "${2:-}" ] || rm -rf "$build"
echo "ci-fuzz: nothing found"
exit 0
