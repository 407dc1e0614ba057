#!/bin/sh
# doc-tables.sh -- the tables of doc/suite-language.md match the code:
# the instance table matches `skampi --list` row by row (number, name,
# pattern, variations, operations; the implemented/planned status is left
# out of the doc), and every key, setting, metadata key and datatype of
# lib/keys.def and src/lang/datatypes.def has its row; skampi(5) names every key.
set -u
srcdir=${top_srcdir:-.}
doc=$srcdir/doc/suite-language.md
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-list.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
"$skampi" --list >"$tmp/list" || { echo "FAIL: skampi --list"; exit 1; }
# --list: the library, a header, then per family a line "-- FAMILY" and
# rows Type Name Pattern Variations Status Operations...; the doc's table
# is in number order
awk '$1 ~ /^[0-9]+$/ { ops = $6; for (i = 7; i <= NF; i++) ops = ops " " $i;
              printf "%s|%s|%s|%s|%s\n", $1, $2, $3, $4, ops }' \
  "$tmp/list" | sort -t'|' -k1,1n >"$tmp/want"
# the doc: the table under "## Instances", rows | 1 | `Name` | ... |
awk -F'|' '
  /^## / { in_t = ($0 ~ /^## Instances/) }
  in_t && /^\| *[0-9]/ {
    for (i = 2; i <= 6; i++) { gsub(/^ +| +$/, "", $i); gsub(/`/, "", $i) }
    gsub(/, */, ",", $5)
    printf "%s|%s|%s|%s|%s\n", $2, $3, $4, $5, $6 }
' "$doc" >"$tmp/got"
# every table is checked, a failed one does not hide the next
fail=0
head -1 "$tmp/list" | grep -q '^MPI library: ' ||
  { echo "FAIL: skampi --list does not name the MPI library first"; fail=1; }
grep -q '^-- nonblocking collective$' "$tmp/list" ||
  { echo "FAIL: skampi --list does not group by family"; fail=1; }
if [ "$(wc -l <"$tmp/want")" -lt 40 ]; then
  echo "FAIL: skampi --list printed too few instances"
  fail=1
elif ! diff -u "$tmp/want" "$tmp/got"; then
  echo "FAIL: the instance table of $doc differs from skampi --list"
  echo "(- skampi --list, + the doc)"
  fail=1
else
  echo "$(wc -l <"$tmp/got") instances match"
fi

# rows of the doc that start with | `NAME` | (or | `@NAME` |, | N | `NAME` |)
check_rows() {  # what, names...
  what=$1
  shift
  for k in "$@"; do
    grep -qE "^\| (\`$k\`|[0-9]+ \| \`$k\`) \|" "$doc" ||
      { echo "FAIL: $doc has no row for the $what $k"; fail=1; }
  done
}
keys=$(sed -n 's/^SK_KEY([A-Z_]*, "\([A-Za-z_]*\)".*/\1/p' "$srcdir/lib/keys.def")
settings=$(sed -n 's/^SK_SETTING([A-Z_]*, "\([A-Z_]*\)".*/@\1/p' "$srcdir/lib/keys.def")
metas=$(sed -n 's/^SK_META("\([A-Z_]*\)".*/@\1/p' "$srcdir/lib/keys.def")
types=$(sed -n 's/^SK_DATATYPE([0-9]*, "\([A-Za-z_]*\)".*/\1/p' "$srcdir/src/lang/datatypes.def")
[ "$(echo "$keys" | wc -w)" -ge 22 ] || { echo "FAIL: keys.def not read"; exit 1; }
check_rows "key" $keys
check_rows "setting" $settings
check_rows "metadata key" $metas
check_rows "datatype" $types
# skampi(5) names every suite key in its list of them
man5=$srcdir/doc/skampi.5
for k in $keys; do
  grep -qw "$k" "$man5" || { echo "FAIL: $man5 does not name the key $k"; fail=1; }
done
exit $fail
