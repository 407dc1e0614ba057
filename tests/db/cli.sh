#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# cli.sh -- skampi-db's command line on stored result files, against the
# golden transcript tests/db/cli.expected: import (a bad file among good
# ones, the same content twice, a skampi-run directory with its campaign,
# --machine, --tag), list and its filters, show, suites, query in CSV and
# YAML, the selection syntax, export, rm and the usage errors.
# To renew the transcript after a deliberate change: run the test with
# KEEP=1 and copy $TMP/out over cli.expected, then read the diff.
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W/camp"
for f in a1 a2 a3; do cp "$SRC/tests/tools/runs/$f.yaml" "$W/$f.yaml"; done
cp "$SRC/tests/report/results/cluster-a.yaml" "$SRC/tests/report/results/cluster-b.yaml" "$W/"
# a bad value in the middle of a good file: located, and nothing of it stored
sed '50s/mean: .*/mean: fast/' "$SRC/tests/tools/runs/a4.yaml" > "$W/bad.yaml"
grep -q 'mean: fast' "$W/bad.yaml" || fail "fixture bad.yaml not made"
# a skampi-run directory: three runs, runs.txt and their merged file
i=0
for f in b1 b2 b3; do
  i=$((i + 1))
  cp "$SRC/tests/tools/runs/$f.yaml" "$W/camp/run-0$i.yaml"
  echo "run-0$i.yaml seed=$i status=0" >> "$W/camp/runs.txt"
done
(cd "$W/camp" && "$MERGE" -o merged.yaml run-01.yaml run-02.yaml run-03.yaml) ||
  fail "skampi-merge failed"
printf 'my notes\n' > "$W/notes.txt"

: > "$TMP/out"
step import --tag phase=before a1.yaml a2.yaml bad.yaml a3.yaml
step import a1.yaml
step import camp
step import --machine 'big iron' --tag site=x cluster-a.yaml cluster-b.yaml
step list
step list --machine 'test box' --library 'Open*'
step list --np 4
step list --since 2026-11-23
step list --tag phase=before --tag site=x
step list --tag phase=after
step list machine=big* np=4
step list 1-3 --tag phase=before --format json
step list --format yaml
step list machin=x
step show 1 --format json
step show kind=merged
step suites 7-8 --format json
step query 1 --suite pingpong --format json
step query 1 --suite pingpon
step query 1 --suite ping
step show 1
step show 7
step suites machine=test*
step suites 7-8
step query tag=phase=before --suite pingpong
step query latest kind=run machine=test* --suite pingpong --format yaml
step query campaign=1 kind=merged --suite pingpong
step query 1 4 since=2026-11-22T05:01 until=2026-11-22T05:01:30 --suite barrier
step query library=MPICH* np=2 latest=2 --suite pingpong --suite barrier
step query machine=nothing --suite pingpong
step query 1 --suite nosuch
step query 1
step query foo=1 --suite pingpong
step query np=0 --suite pingpong
step query since=yesterday --suite pingpong
step query 3-1 --suite pingpong
step query 1 --suite pingpong --format table
step export 1 -o a1-again.yaml
step export 1 -o notes.txt
step export 99 -o x.yaml
step export 1
step rm 4
step show 7
step rm 99
step rm 5x
step frobnicate
step compre
step list --tga x
step list --suite pingpong
step import --library 'MPICH 4.0.2' a1.yaml
step export 1-2 -o two.yaml
step
step list --np
step list --bogus
step show
step import
step import nonexistent.yaml

# export gives the file back byte for byte
cmp "$W/a1.yaml" "$W/a1-again.yaml" || fail "export 1 is not a1.yaml's bytes"
grep -qx 'my notes' "$W/notes.txt" || fail "export overwrote notes.txt"
[ -e "$W/x.yaml" ] && fail "export of a missing run made x.yaml"
# $SKAMPI_DB names the database when --db is not given
(cd "$W" && SKAMPI_DB=$TMP/t.db "$DB" list --np 4) > "$TMP/env.out" 2>&1
grep -q 'big iron' "$TMP/env.out" || fail "SKAMPI_DB was not used"
# a reader never makes a database: skampi.db of the current directory
# is the default, and only import (or token add) makes it
(cd "$W" && "$DB" list) > /dev/null 2> "$TMP/err"
[ $? = 3 ] || fail "list without skampi.db: exit status"
[ "$(cat "$TMP/err")" = "skampi-db: error: skampi.db: no such database (skampi-db import makes one; check --db and \$SKAMPI_DB)" ] ||
  fail "list without skampi.db: $(cat "$TMP/err")"
[ -e "$W/skampi.db" ] && fail "list made skampi.db"
(cd "$W" && "$DB" import -q a1.yaml) 2> "$TMP/err" || fail "import into skampi.db"
[ "$(cat "$TMP/err")" = "skampi-db: created the database skampi.db" ] ||
  fail "import into skampi.db: $(cat "$TMP/err")"
[ -f "$W/skampi.db" ] || fail "no skampi.db made in the current directory"

# many files: progress on stderr every 5%
mkdir -p "$W/many"
for i in $(seq 1 20); do
  sh "$SRC/tests/db/bigresult.sh" 1 2 "$i" > "$W/many/r$i.yaml"
done
db import "$W/many" > "$TMP/many.out" 2> "$TMP/many.err" || fail "import many/"
[ "$(wc -l < "$TMP/many.out")" = 20 ] || fail "import many/: $(cat "$TMP/many.out")"
seq 1 20 | sed 's/.*/skampi-db: import: & of 20 files/' > "$TMP/many.want"
diff -u "$TMP/many.want" "$TMP/many.err" || fail "progress of 20 files"
# -q: quiet, the progress too
rm -f "$TMP"/q.db*
"$DB" --db "$TMP/q.db" import -q "$W/a1.yaml" > /dev/null 2>&1 || fail "q.db"
"$DB" --db "$TMP/q.db" import -q "$W/many" > "$TMP/many.out" 2> "$TMP/many.err" ||
  fail "import -q many/"
[ -s "$TMP/many.out" ] || [ -s "$TMP/many.err" ] &&
  fail "import -q printed: $(cat "$TMP/many.out" "$TMP/many.err")"

"$CHECK" "$TMP/t.db" integrity > "$TMP/integrity" 2>&1
[ "$(cat "$TMP/integrity")" = ok ] || fail "integrity: $(cat "$TMP/integrity")"
golden cli.expected
[ -n "${KEEP:-}" ] && { cp "$TMP/out" "$BUILD/tests/db/cli.out"; }
exit $((failures > 0))
