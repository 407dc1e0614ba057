#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# kill.sh -- an import killed with SIGKILL leaves the database consistent
# (integrity check, no partial run) and the file importable again; two
# imports into one database at once both succeed.  Whether the kill lands
# during the import depends on the machine: every assertion holds either
# way, and none is about time.
. "${top_srcdir:-.}/tests/db/lib.sh"

GEN=$SRC/tests/db/bigresult.sh
sh "$GEN" 60 1000 1 > "$TMP/big.yaml"
sh "$GEN" 20 1000 2 2026-02-01T00:00:00Z > "$TMP/big2.yaml"
sh "$GEN" 20 1000 3 2026-03-01T00:00:00Z > "$TMP/big3.yaml"
# the schema exists before the race (a reader makes no database; a token
# leaves the runs' counts at 0)
db token add setup > /dev/null 2>&1 || fail "token add setup"

# 1. kill -9 during the import
"$DB" --db "$TMP/t.db" import "$TMP/big.yaml" > "$TMP/k.out" 2>&1 &
pid=$!
# kill when the import has begun to write its transaction (the write-ahead
# log grows), or after 0.5 s where sleep takes fractions
i=0
while [ "$i" -lt 200 ] && kill -0 "$pid" 2>/dev/null &&
    ! [ -s "$TMP/t.db-wal" ]; do
  sleep 0.05 2>/dev/null || sleep 1
  i=$((i + 1))
done
if kill -9 "$pid" 2>/dev/null; then
  echo "killed during the import (log: $(wc -c < "$TMP/t.db-wal") bytes)"
else
  echo "the import ended before the kill"
fi
wait "$pid" 2>/dev/null
"$CHECK" "$TMP/t.db" integrity > "$TMP/integrity" 2>&1
[ "$(cat "$TMP/integrity")" = ok ] || fail "integrity after kill: $(cat "$TMP/integrity")"
counts=$("$CHECK" "$TMP/t.db" counts)
case $counts in
  "runs 0 suites 0 points 0 samples 0"|"runs 1 suites 60 points 60000 samples 0") ;;
  *) fail "a partial import after kill -9: $counts" ;;
esac
db import "$TMP/big.yaml" > "$TMP/again" 2>&1 || fail "import after kill: $(cat "$TMP/again")"
grep -E -q 'big.yaml: (run 1, 60 suites, 60000 points|already in the database as run 1 )' "$TMP/again" ||
  fail "import after kill said: $(cat "$TMP/again")"
[ "$("$CHECK" "$TMP/t.db" counts)" = "runs 1 suites 60 points 60000 samples 0" ] ||
  fail "after re-import: $("$CHECK" "$TMP/t.db" counts)"

# 2. two imports at once
"$DB" --db "$TMP/t.db" import "$TMP/big2.yaml" > "$TMP/c2" 2>&1 &
p2=$!
"$DB" --db "$TMP/t.db" import "$TMP/big3.yaml" > "$TMP/c3" 2>&1 &
p3=$!
wait "$p2" || fail "first of two imports at once: $(cat "$TMP/c2")"
wait "$p3" || fail "second of two imports at once: $(cat "$TMP/c3")"
[ "$("$CHECK" "$TMP/t.db" counts)" = "runs 3 suites 100 points 100000 samples 0" ] ||
  fail "after two imports at once: $("$CHECK" "$TMP/t.db" counts)"
[ "$("$CHECK" "$TMP/t.db" integrity)" = ok ] || fail "integrity after two imports"
# 3. kill -9 during an import of many files, which checkpoints the
# write-ahead log only every 32 MiB (sk_store_bulk): every file the
# import said it stored is there whole (committed in the log, not yet
# copied into the database), no other file in part, and importing the
# directory again brings the rest
mkdir "$TMP/many"
i=1
while [ "$i" -le 6 ]; do
  sh "$GEN" 10 500 "$((10 + i))" "2026-04-0${i}T00:00:00Z" > "$TMP/many/m$i.yaml"
  i=$((i + 1))
done
"$DB" --db "$TMP/m.db" list > /dev/null 2>&1    # the schema first
: > "$TMP/m.out"
"$DB" --db "$TMP/m.db" import "$TMP/many" >> "$TMP/m.out" 2>&1 &
pid=$!
i=0
while [ "$i" -lt 200 ] && kill -0 "$pid" 2>/dev/null &&
    [ "$(grep -c ': run ' "$TMP/m.out")" -lt 2 ]; do
  sleep 0.05 2>/dev/null || sleep 1
  i=$((i + 1))
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
said=$(grep -c ': run ' "$TMP/m.out")
echo "many files: $said stored before the kill"
[ "$("$CHECK" "$TMP/m.db" integrity)" = ok ] || fail "integrity after kill of many"
# shellcheck disable=SC2046 # "runs R suites S points P samples N"
set -- $("$CHECK" "$TMP/m.db" counts)
[ "$2" -ge "$said" ] || fail "stored $said files, the database has $2 runs"
{ [ "$4" = $(($2 * 10)) ] && [ "$6" = $(($2 * 5000)) ]; } ||
  fail "a partial file after kill -9 of many: $*"
"$DB" --db "$TMP/m.db" import "$TMP/many" > "$TMP/m2" 2>&1 ||
  fail "import of many again: $(cat "$TMP/m2")"
[ "$("$CHECK" "$TMP/m.db" counts)" = "runs 6 suites 60 points 30000 samples 0" ] ||
  fail "after importing many again: $("$CHECK" "$TMP/m.db" counts)"
exit $((failures > 0))
