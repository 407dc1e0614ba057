# SPDX-License-Identifier: BSD-3-Clause
# pointbytes.sh -- the figure doc/engine.md gives for the bytes a point
# takes in the result file ("A point is about N bytes") is measured here:
# the bytes of the `points:` blocks of a run of tests/mpi/pointbytes.skampi
# (2 processes, 32 points) over its points must lie within 15% of N.
. "$top_srcdir/tests/mpi/lib.sh"
out=$work/out.yaml
run_skampi 2 "$SUITES/pointbytes.skampi" "$out" --quiet ||
  fatal "skampi exited with $? ($(cat "$work/stderr"))"
doc=$(sed -n 's/^\*\*Result bytes per point\.\*\* A point is about \([0-9]*\) bytes.*/\1/p' \
  "$top_srcdir/doc/engine.md")
[ -n "$doc" ] || fatal "doc/engine.md states no bytes per point"
# a suite's points: from its line "  points:" to the next line indented
# no deeper than it; the points are its items "  - argument:"
set -- $(awk '
  /^  points:/ { inp = 1; next }
  inp && /^  [^ -]/ { inp = 0 }
  inp && /^- / { inp = 0 }
  inp { bytes += length($0) + 1; if ($0 ~ /^  - argument:/) n++ }
  END { print bytes + 0, n + 0 }' "$out")
bytes=$1 n=$2
[ "$n" -eq 32 ] || fail "$n points, want 32"
[ "$n" -gt 0 ] || fatal "no points"
per=$((bytes / n))
echo "$n points, $bytes bytes: $per bytes a point (doc/engine.md: about $doc)"
[ $((per * 100)) -ge $((doc * 85)) ] && [ $((per * 100)) -le $((doc * 115)) ] ||
  fail "a point takes $per bytes; doc/engine.md says about $doc (15% either way)"
exit 0
