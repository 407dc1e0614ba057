#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# ci-fuzz.sh -- builds a libFuzzer target with clang in a build directory
# of its own and fuzzes it for SECONDS (default 60).
#
#   tests/fuzz/ci-fuzz.sh [SECONDS [BUILD_DIR [TARGET]]]
#
# TARGET is fuzz_parse (the suite-language parser, the default; corpus:
# suites/*.skampi, tests/parse/*.skampi, tests/hostile/suites/*.skampi),
# fuzz_yread (the YAML reader of result files; corpus: the result and
# parameter files under tests/), or one of skampi-db's readers of a
# stranger's bytes: fuzz_tar (an upload's campaign archive; corpus: ustar
# and GNU archives of tests/tools/runs made here), fuzz_webhead (the
# HTTP head the server's gate takes; corpus: request heads written
# here) and fuzz_pushjson (a server's answer to push; corpus: answers
# written here).  Exit status: 0 nothing found, 1 libFuzzer found a crash, leak
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
  fuzz_yread|fuzz_tar|fuzz_webhead|fuzz_pushjson) dict= ;;
  *) echo "ci-fuzz: unknown target '$target' (fuzz_parse, fuzz_yread," \
       "fuzz_tar, fuzz_webhead or fuzz_pushjson)" >&2
     exit 2 ;;
esac
mkdir -p "$build" || exit 2
cd "$build" || exit 2
[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi) || exit 2
# the generated header first: skampi-db's files include it, and only
# `make all` builds it before them (BUILT_SOURCES)
if { [ -f Makefile ] || "$src/configure" CC=clang \
       MPICC="${MPICC:-mpicc.mpich}" --enable-fuzzing > configure.log 2>&1; } &&
   make lib/skpaths.h > "make-$target.log" 2>&1 &&
   make -j2 "tests/fuzz/$target" >> "make-$target.log" 2>&1; then :; else
  echo "ci-fuzz: the build failed; see $build/configure.log, make-$target.log" >&2
  exit 2
fi
rm -rf corpus findings && mkdir corpus findings
if [ "$target" = fuzz_parse ]; then
  cp "$src"/suites/*.skampi "$src"/tests/parse/*.skampi \
     "$src"/tests/hostile/suites/*.skampi corpus/
elif [ "$target" = fuzz_tar ]; then
  # a campaign (runs.txt and its runs), a plain directory; both formats
  mkdir -p seed/camp && cp "$src"/tests/tools/runs/a[123].yaml seed/camp/ &&
    printf 'a1.yaml\na2.yaml\na3.yaml\n' > seed/camp/runs.txt &&
    tar --format=ustar -cf corpus/camp-ustar.tar -C seed camp &&
    tar --format=gnu -cf corpus/camp-gnu.tar -C seed camp &&
    tar --format=ustar -cf corpus/flat.tar -C "$src/tests/tools/runs" \
      a1.yaml b1.yaml || exit 2
elif [ "$target" = fuzz_webhead ]; then
  printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:8077\r\n\r\n' > corpus/get
  printf 'GET /api/series?sel=1-4&suite=pingpong HTTP/1.0\r\n\r\n' > corpus/get10
  printf 'POST /api/runs?name=a.yaml&tag=k%%3Dv HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer skt_00\r\nContent-Length: 12\r\nExpect: 100-continue\r\n\r\n' > corpus/post
  printf 'GET /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n' > corpus/chunked
elif [ "$target" = fuzz_pushjson ]; then
  printf '{"run": 12, "status": "created", "message": "skampi-db: a1.yaml: run 12"}' > corpus/created
  printf '{"error": "a1.yaml:50:15: error: \\u0041\\n\\"x\\" \\ud83d\\ude00"}' > corpus/error
  printf '{"run": -1e308, "nested": {"run": [1, 2, {"a": null}]}, "t": true}' > corpus/nested
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
