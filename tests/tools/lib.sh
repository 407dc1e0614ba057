# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=sh
# lib.sh -- sourced by the tests of skampi-merge, skampi-run and
# skampi-report --compare (tests/tools/*.sh).
#
# Sets SRC, BUILD, FIX (this directory in the source tree), RUNS (the
# fixture result files), MERGE and REPORT (the programs) and TMP (a
# scratch directory under the build tree, removed on exit).

: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
BUILD=$(cd "$top_builddir" && pwd)
FIX=$SRC/tests/tools
# shellcheck disable=SC2034 # for the scripts that source this file
{
  RUNS=$FIX/runs
  MERGE=$BUILD/campaign/skampi-merge
  REPORT=$BUILD/report/skampi-report
}
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

mkdir -p "$BUILD/tests/tools"
TMP=$(mktemp -d "$BUILD/tests/tools/tmp.XXXXXX") || exit 99
trap 'rm -rf "$TMP"' EXIT
