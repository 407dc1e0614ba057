#!/bin/sh
# bench.sh -- make bench-db: the figures of skampi-db on generated
# default-suite-sized result files (18 suites of 100 points: 1,800
# points each).  Prints times, never judges them.
#   SK_DB_BENCH_FILES   files imported (default 1000)
. "${top_srcdir:-.}/tests/db/lib.sh"
n=${SK_DB_BENCH_FILES:-1000}
unset SOURCE_DATE_EPOCH
mkdir -p "$TMP/in"
i=1
while [ "$i" -le "$n" ]; do
  day=$(( (i - 1) % 28 + 1 ))
  month=$(( (i - 1) / 28 % 12 + 1 ))
  year=$(( 2026 + (i - 1) / 336 ))
  start=$(printf '%04d-%02d-%02dT%02d:00:00Z' "$year" "$month" "$day" $((i % 24)))
  sh "$SRC/tests/db/bigresult.sh" 18 100 "$i" "$start" > "$TMP/in/r$(printf %05d "$i").yaml"
  i=$((i + 1))
done
yaml=$(du -sk "$TMP/in" | cut -f1)
now() { date +%s.%N; }
t0=$(now)
"$DB" --db "$TMP/t.db" import -q "$TMP/in" 2> /dev/null || fail "import"
t1=$(now)
dbk=$(du -sk "$TMP"/t.db* | awk '{ s += $1 } END { print s }')
echo "import of $n files (1,800 points each): $(echo "$t1 - $t0" | bc) s;" \
  "database $dbk KiB for $yaml KiB of YAML ($(echo "scale=2; $dbk / $yaml" | bc)x)"
t0=$(now)
"$DB" --db "$TMP/t.db" query latest=10 --suite suite7 > "$TMP/q.csv" || fail "query"
t1=$(now)
echo "query of 10 series (latest=10, one suite) among $n runs: $(echo "($t1 - $t0) * 1000" | bc) ms ($(($(wc -l < "$TMP/q.csv") - 1)) points)"
t0=$(now)
"$DB" --db "$TMP/t.db" compare --baseline 1-10 --candidate 11-20 > /dev/null
t1=$(now)
echo "compare of two 10-run sets (18,000 points each): $(echo "$t1 - $t0" | bc) s"
exit $((failures > 0))
