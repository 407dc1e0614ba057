#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench.sh -- make bench-db (and make bench): the figures of skampi-db on
# generated result files (tests/db/bigresult.sh: made-up but valid files
# of the default suite's size, 18 suites of 100 points = 1,800 points,
# every file's numbers varied by its seed).  Prints times and sizes next
# to the goals of doc/database.md; never judges them (a shared machine's
# figures are not a verdict).
#   SK_DB_BENCH_FILES   default-size files imported (default 1000)
#   SK_DB_BENCH_RUNS    runs in the query database (default 10000)
. "${top_srcdir:-.}/tests/db/lib.sh"
n=${SK_DB_BENCH_FILES:-1000}
runs=${SK_DB_BENCH_RUNS:-10000}
unset SOURCE_DATE_EPOCH
now() { date +%s.%N; }
ms() { echo "($2 - $1) * 1000" | bc | sed 's/\..*//'; }
s() { echo "scale=2; ($2 - $1) / 1" | bc; }
# CPU seconds (user + system) of the finished children, from the
# shell's `times` written to FILE (its second line; run in this shell,
# not in $(...), whose subshell has children of its own)
cpu() {
  awk 'NR == 2 { t = 0
         for (i = 1; i <= 2; i++) { split($i, b, "m"); sub("s", "", b[2])
                                    t += b[1] * 60 + b[2] }
         printf "%.2f\n", t }' "$1"
}
# the 1-minute load average: how busy the machine was meanwhile
load() { cut -d' ' -f1 /proc/loadavg 2> /dev/null || echo '?'; }

# 1. import of N default-size files into an empty database
mkdir -p "$TMP/in"
sh "$SRC/tests/db/bigresult.sh" -d "$TMP/in" "$n" 18 100 || fail "generate"
yaml=$(du -sk "$TMP/in" | cut -f1)
l0=$(load)
times > "$TMP/cpu0"
t0=$(now)
"$DB" --db "$TMP/t.db" import -q "$TMP/in" 2> /dev/null || fail "import"
t1=$(now)
times > "$TMP/cpu1"
l1=$(load)
dbk=$(du -sk "$TMP"/t.db* | awk '{ s += $1 } END { print s }')
echo "import of $n files (1,800 points each): $(s "$t0" "$t1") s wall (goal <= 60 s for 1,000)," \
  "$(echo "$(cpu "$TMP/cpu0") $(cpu "$TMP/cpu1")" | awk '{ printf "%.2f", $2 - $1 }') s CPU (user + system; <= 20 s leaves" \
  "the wall goal a margin on a quiet 2-core machine), load average $l0 -> $l1;" \
  "database $dbk KiB for $yaml KiB of YAML: $(echo "scale=2; $dbk / $yaml" | bc)x (goal <= 1.5x)"

# 2. compare of two 10-run sets of the default suite's size
t0=$(now)
"$DB" --db "$TMP/t.db" compare --baseline 1-10 --candidate 11-20 > /dev/null
t1=$(now)
echo "compare of two 10-run sets (1,800 points each): $(s "$t0" "$t1") s (goal <= 2 s)"
t0=$(now)
"$DB" --db "$TMP/t.db" query latest=10 --suite suite7 > "$TMP/q.csv" || fail "query"
t1=$(now)
echo "query of 10 series (latest=10 --suite suite7) among $n runs: $(ms "$t0" "$t1") ms ($(($(wc -l < "$TMP/q.csv") - 1)) points)"
rm -rf "$TMP/in" "$TMP"/t.db*

# 3. query and plot of 10 series with RUNS runs in the database (small
# files: 2 suites of 20 points, so that RUNS of them stay small)
mkdir -p "$TMP/many"
sh "$SRC/tests/db/bigresult.sh" -d "$TMP/many" "$runs" 2 20 || fail "generate"
t0=$(now)
"$DB" --db "$TMP/m.db" import -q "$TMP/many" 2> /dev/null || fail "import many"
t1=$(now)
echo "import of $runs small files (40 points each): $(s "$t0" "$t1") s"
for sel in "latest=10" "machine=bench* np=2 since=2026-02 latest=10" \
    "$((runs / 2))-$((runs / 2 + 9))"; do
  t0=$(now)
  # shellcheck disable=SC2086 # the words of the selection
  "$DB" --db "$TMP/m.db" query $sel --suite suite1 > "$TMP/q.csv" || fail "query $sel"
  t1=$(now)
  echo "query '$sel' --suite suite1 among $runs runs: $(ms "$t0" "$t1") ms" \
    "($(($(wc -l < "$TMP/q.csv") - 1)) points; goal <= 100 ms)"
done
for f in pdf svg; do
  t0=$(now)
  "$DB" --db "$TMP/m.db" plot latest=10 --suite suite1 -o "$TMP/p.$f" || fail "plot $f"
  t1=$(now)
  echo "plot of 10 series (latest=10 --suite suite1, $f) among $runs runs: $(ms "$t0" "$t1") ms"
done
exit $((failures > 0))
