# result.sh -- the result file: a known result, written and read back with
# libyaml (tests/yamlflat), must give exactly result.expected and end with
# "..."; writing it
# leaves no temporary file; an unwritable path fails cleanly; grown by
# appending it holds the same values.
set -u
dir=result.dir.$$
rm -rf "$dir" && mkdir "$dir" || exit 1
trap 'rm -rf "$dir"' EXIT
"$top_builddir/tests/unit/result_writer" "$dir/out.yaml" || { echo "writer failed"; exit 1; }
[ "$(ls -A "$dir")" = out.yaml ] || { echo "temporary file left behind: $(ls -A "$dir")"; exit 1; }
# Written again: the result file is replaced, nothing else is left.
"$top_builddir/tests/unit/result_writer" "$dir/out.yaml" || { echo "rewrite failed"; exit 1; }
[ "$(ls -A "$dir")" = out.yaml ] || { echo "temporary file left behind: $(ls -A "$dir")"; exit 1; }
"$top_builddir/tests/yamlflat" "$dir/out.yaml" > "$dir/flat" || exit 1
# skampi_version changes with every release; the engine_stubs/plan_emit
# parameters block is the suite language's business.
grep -v -e '^skampi_version=' -e '^suites\.0\.parameters\.' "$dir/flat" > "$dir/got"
diff -u "$top_srcdir/tests/unit/result.expected" "$dir/got" || exit 1
[ "$(head -n 1 "$dir/out.yaml")" = "schema_version: 2" ] || { echo "schema_version is not first"; exit 1; }
# The explicit end of the document is the last line (schema 2): a reader
# refuses a file without it as cut short.
[ "$(tail -n 1 "$dir/out.yaml")" = "..." ] || { echo "no end marker '...' last"; exit 1; }
"$top_builddir/tests/unit/result_writer" -bad "$dir" || { echo "unwritable path not refused cleanly"; exit 1; }
# Grown by appending in the steps of a run (src/engine/resultfile.h), the
# file holds what one whole write of the same result holds, value by
# value (a copy put in its place between two writes made the next one
# whole: two whole writes and an append, so more than twice its size).
set -- $("$top_builddir/tests/unit/result_writer" -append "$dir") ||
  { echo "appending writer failed"; exit 1; }
[ "$#" = 2 ] && [ "$1" -gt $((2 * $2)) ] ||
  { echo "grown file: '$*' (bytes written, size)"; exit 1; }
"$top_builddir/tests/yamlflat" "$dir/grown.yaml" > "$dir/grown.flat" || exit 1
"$top_builddir/tests/yamlflat" "$dir/whole.yaml" > "$dir/whole.flat" || exit 1
diff -u "$dir/whole.flat" "$dir/grown.flat" || { echo "grown file differs"; exit 1; }
[ "$(tail -n 1 "$dir/grown.yaml")" = "..." ] || { echo "grown: no end marker last"; exit 1; }
grep -qx '  status: complete' "$dir/grown.yaml" || { echo "grown: status"; exit 1; }
[ "$(ls -A "$dir" | tr '\n' ' ')" = "flat got grown.flat grown.yaml out.yaml whole.flat whole.yaml " ] ||
  { echo "left behind: $(ls -A "$dir")"; exit 1; }
exit 0
