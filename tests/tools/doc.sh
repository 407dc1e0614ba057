#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# doc.sh -- the documentation of skampi-merge, skampi-run and
# skampi-report --runs/--compare holds: every long option of --help is in
# doc/reproducibility.md and the man page, the man pages render without
# warnings, and the merged example of doc/output-format.md is what
# skampi-merge writes (tests/tools/merge3.expected) key for key.
. "${top_srcdir:-.}/tests/tools/lib.sh"
md=$SRC/doc/reproducibility.md
RUN=$BUILD/campaign/skampi-run

for pair in "$MERGE:skampi-merge" "$RUN:skampi-run"; do
  prog=${pair%%:*} name=${pair#*:}
  man1=$SRC/doc/$name.1
  opts=$("$prog" --help | grep -o -- '--[a-z-]*[a-z]' | sort -u)
  [ -n "$opts" ] || fail "$name --help lists no option"
  for opt in $opts; do
    grep -q -- "\`$opt" "$md" || grep -q -- "$opt" "$md" ||
      fail "$opt of $name not in doc/reproducibility.md"
    grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$man1" ||
      fail "$opt not in $name.1"
  done
  "$prog" --version | grep -qx "$name [0-9][0-9.]*" || fail "$name --version"
  if command -v man >/dev/null 2>&1; then
    LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l \
      -Tutf8 -Z "$man1" >/dev/null 2>"$TMP/man.err" || fail "man $name"
    [ -s "$TMP/man.err" ] && fail "$name.1 warnings: $(cat "$TMP/man.err")"
  fi
done
# Every key skampi-merge writes is in the table of "Merged result files"
# or, copied from a run, in the tables above it.
sed -n '/^## Merged result files/,$p' "$SRC/doc/output-format.md" |
  grep '^| ' > "$TMP/merged-table"
for key in runs run_medians run_means ci coverage modes q1 q3 spread \
    sample_min sample_max precision_met ci_level tool files; do
  grep -q -- "$key" "$TMP/merged-table" ||
    fail "'$key' not in the merged table of doc/output-format.md"
done
# shellcheck disable=SC2013 # one word a line ([a-z_0-9]); a pipe into
# while would count the failures in a subshell
for key in $(sed -n 's/^[ -]*\([a-z_0-9]*\):.*/\1/p' "$FIX/merge3.expected" |
    sort -u); do
  grep -q -- "$key" "$SRC/doc/output-format.md" ||
    fail "merged key '$key' not in doc/output-format.md"
done
[ "$failures" -eq 0 ]
