#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# doc-tables.sh -- the tables of the docs match the code, so that adding
# an instance touches its row in lib/instances.def, its function and its
# row in doc/suite-language.md, and nothing else:
# - the instance table of doc/suite-language.md matches `skampi --list`
#   row by row (number, name, pattern, variations, buffers, payload,
#   operations; the implemented/planned status is left out of the doc);
# - the tables of classes (buffers in doc/suite-language.md, payload and
#   rate classes in doc/report.md) name every class of lib/instance.h
#   once, and the payload rules are lib/instance.c's;
# - every row of doc/engine.md that names an instance by number and name
#   ("| 18 | `MPI_Bcast` |", "| 200–216 | `MPI_Ibarrier`, ...") names
#   instances that exist, with their own numbers;
# - every key, setting, metadata key and datatype of lib/keys.def and
#   src/lang/datatypes.def has its row; skampi(5) names every key.
set -u
LC_ALL=C
export LC_ALL
srcdir=${top_srcdir:-.}
doc=$srcdir/doc/suite-language.md
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-list.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
"$skampi" --list >"$tmp/list" || { echo "FAIL: skampi --list"; exit 1; }
# --list: the library, a header, then per family a line "-- FAMILY" and
# rows Type Name Pattern Variations Buffers Payload Status Operations...;
# the doc's table is in number order
awk '$1 ~ /^[0-9]+$/ { ops = $8; for (i = 9; i <= NF; i++) ops = ops " " $i;
              printf "%s|%s|%s|%s|%s|%s|%s\n", $1, $2, $3, $4, $5, $6, ops }' \
  "$tmp/list" | sort -t'|' -k1,1n >"$tmp/want"
# the doc: the table under "## Instances", rows | 1 | `Name` | ... |
awk -F'|' '
  /^## / { in_t = ($0 ~ /^## Instances/) }
  in_t && /^\| *[0-9]/ {
    for (i = 2; i <= 8; i++) { gsub(/^ +| +$/, "", $i); gsub(/`/, "", $i) }
    gsub(/, */, ",", $5)
    printf "%s|%s|%s|%s|%s|%s|%s\n", $2, $3, $4, $5, $6, $7, $8 }
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

# classes: the names of an enum's values in lib/instance.h, lower case
classes() {  # PREFIX
  sed -n "s/^ *SK_$1_\([A-Z_]*\)[ ,].*/\1/p; s/^ *SK_$1_\([A-Z_]*\)\$/\1/p" \
    "$srcdir/lib/instance.h" | tr 'A-Z' 'a-z' | sort
}
# doc_classes FILE HEADING: the `class` of each row of the first table
# below the heading (a line that starts with HEADING)
doc_classes() {
  awk -v h="$2" 'index($0, h) == 1 { in_s = 1; next }
    in_s && /^ *\|---/ { t = 1; next }
    t && /^ *\| `[a-z_]+` \|/ { sub(/^ *\| `/, ""); sub(/`.*/, ""); print; next }
    t { exit }' "$1" | sort
}
same() {  # WHAT WANT GOT
  [ "$2" = "$3" ] && return 0
  echo "FAIL: $1: the doc has"
  echo "$3" | tr '\n' ' '; echo
  echo "the code has"
  echo "$2" | tr '\n' ' '; echo
  fail=1
}
report=$srcdir/doc/report.md
same "the buffers table of $doc" "$(classes BUFFERS)" \
  "$(doc_classes "$doc" '### `Max_Value` and `@MEMORY`')"
# the payload classes with a rule (lib/instance.c) and the rate classes
# (the others but none) are the two tables of doc/report.md
tr '\n' ' ' <"$srcdir/lib/instance.c" |
  grep -o '\[SK_PAYLOAD_[A-Z_]*\] = {[^"]*"[^"]*"' |
  sed 's/^\[SK_PAYLOAD_\([A-Z_]*\)\].*"\([^"]*\)"$/\1|\2/; s/ //g' |
  awk -F'|' '{ print tolower($1) substr($0, length($1) + 1) }' |
  sort >"$tmp/rules"
[ "$(wc -l <"$tmp/rules")" -ge 10 ] ||
  { echo "FAIL: the payload rules of lib/instance.c not read"; fail=1; }
same "the payload table of $report" "$(cut -d'|' -f1 "$tmp/rules" | sort)" \
  "$(doc_classes "$report" '#### Bytes of a collective')"
same "the rate classes of $report" \
  "$(classes PAYLOAD | grep -vxF -e none $(cut -d'|' -f1 "$tmp/rules" |
                                            sed 's/^/-e /'))" \
  "$(doc_classes "$report" '- **Bandwidth page**')"
# each rule's three columns: rank 0 | rank P-1 | the others ("−" is "-")
awk -F'|' '/^#### Bytes of a collective/ { in_s = 1; next }
  in_s && /^\|---/ { t = 1; next }
  t && /^\| `[a-z_]+` \|/ { c = $2; gsub(/[ `]/, "", c);
    r = $3 "|" $4 "|" $5; gsub(/ /, "", r); gsub(/−/, "-", r);
    print c "|" r; next }
  t { exit }' "$report" | sort >"$tmp/docrules"
if ! diff -u "$tmp/rules" "$tmp/docrules"; then
  echo "FAIL: the payload rules of $report differ from lib/instance.c"
  echo "(- lib/instance.c, + the doc)"
  fail=1
fi
# doc/engine.md: a row "| N | `Name` |" names instance N, and a row
# "| A–B | `First`, ... |" begins and ends at instances
awk -F'|' '{ print $1 "|" $2 }' "$tmp/want" | sort >"$tmp/names"
engine=$srcdir/doc/engine.md
sed -n 's/^| \([0-9][0-9]*\) | `\([A-Za-z_0-9]*\)` |.*/\1|\2/p' "$engine" |
  sort >"$tmp/engine-rows"
[ "$(wc -l <"$tmp/engine-rows")" -ge 40 ] ||
  { echo "FAIL: the instance rows of $engine not read"; fail=1; }
bad=$(comm -23 "$tmp/engine-rows" "$tmp/names")
[ -z "$bad" ] ||
  { echo "FAIL: $engine names instances skampi --list does not have:" $bad
    fail=1; }
for n in $(sed -n 's/^| \([0-9][0-9]*\)–\([0-9][0-9]*\) |.*/\1 \2/p' "$engine"); do
  grep -q "^$n|" "$tmp/names" ||
    { echo "FAIL: $engine names a range of instances at $n, which is none"
      fail=1; }
done

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
