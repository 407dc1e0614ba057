# SPDX-License-Identifier: BSD-3-Clause
# result.sh -- the result file: a known result, written and read back with
# libyaml (tests/yamlflat), must give exactly result.expected and end with
# "..."; writing it
# leaves no temporary file; an unwritable path fails cleanly; grown by
# appending it holds the same values.
# Every check runs; the test fails at its end if one failed.
set -u
dir=result.dir.$$
rm -rf "$dir" && mkdir "$dir" || exit 99
trap 'rm -rf "$dir"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
"$top_builddir/tests/unit/result_writer" "$dir/out.yaml" || fail "writer failed"
[ "$(ls -A "$dir")" = out.yaml ] || fail "temporary file left behind: $(ls -A "$dir")"
# Written again: the result file is replaced, nothing else is left.
"$top_builddir/tests/unit/result_writer" "$dir/out.yaml" || fail "rewrite failed"
[ "$(ls -A "$dir")" = out.yaml ] || fail "temporary file left behind: $(ls -A "$dir")"
if "$top_builddir/tests/yamlflat" "$dir/out.yaml" > "$dir/flat"; then
  # skampi_version changes with every release; the engine_stubs/plan_emit
  # parameters block is the suite language's business.
  grep -v -e '^skampi_version=' -e '^suites\.0\.parameters\.' "$dir/flat" > "$dir/got"
  diff -u "$top_srcdir/tests/unit/result.expected" "$dir/got" ||
    fail "the result differs from result.expected (above)"
else
  fail "the result is not valid YAML"
fi
[ "$(head -n 1 "$dir/out.yaml")" = "schema_version: 2" ] || fail "schema_version is not first"
# The explicit end of the document is the last line (schema 2): a reader
# refuses a file without it as cut short.
[ "$(tail -n 1 "$dir/out.yaml")" = "..." ] || fail "no end marker '...' last"
"$top_builddir/tests/unit/result_writer" -bad "$dir" || fail "unwritable path not refused cleanly"
# Grown by appending in the steps of a run (src/engine/resultfile.h), the
# file holds what one whole write of the same result holds, value by
# value (a copy put in its place between two writes made the next one
# whole: two whole writes and an append, so more than twice its size).
if set -- $("$top_builddir/tests/unit/result_writer" -append "$dir"); then
  [ "$#" = 2 ] && [ "$1" -gt $((2 * $2)) ] ||
    fail "grown file: '$*' (bytes written, size)"
  "$top_builddir/tests/yamlflat" "$dir/grown.yaml" > "$dir/grown.flat" ||
    fail "grown file: not valid YAML"
  "$top_builddir/tests/yamlflat" "$dir/whole.yaml" > "$dir/whole.flat" ||
    fail "whole file: not valid YAML"
  diff -u "$dir/whole.flat" "$dir/grown.flat" || fail "grown file differs (above)"
  [ "$(tail -n 1 "$dir/grown.yaml")" = "..." ] || fail "grown: no end marker last"
  grep -qx '  status: complete' "$dir/grown.yaml" || fail "grown: status"
  [ "$(ls -A "$dir" | tr '\n' ' ')" = "flat got grown.flat grown.yaml out.yaml whole.flat whole.yaml " ] ||
    fail "left behind: $(ls -A "$dir")"
else
  fail "appending writer failed"
fi
[ "$failures" -eq 0 ]
