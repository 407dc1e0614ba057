#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# publish.sh -- what skampi-db publish may remove or replace: only the
# files it wrote itself, as its manifest (.skampi-publish) lists them
# with their SHA-256 (db/publish/pubdir.h).  Each case with its exact
# message, exit status and the bytes of what must stay:
#   the database and a notes file inside the site (--force, then again
#   without and with --force); a file of the site changed by hand; a file
#   of another at one of the site's names; the marker of an older
#   publish; a manifest that is not one (garbage, a NUL, a line naming
#   ../); a manifest listing another's file with a wrong SHA-256; a link
#   or a FIFO where a file of the site was; a journal of a publish killed
#   half-way (made by hand, then by kill -9 of a real one); two publishes
#   at once (a lock held by flock(1), then real pairs).
. "${top_srcdir:-.}/tests/db/lib.sh"
for i in 1 2 3 4 5; do
  db import -q "$SRC/tests/tools/runs/a$i.yaml" || fail "import a$i"
done
MAN='skampi-db publish manifest 1'
sum() { sha256sum "$1" | cut -d' ' -f1; }
said() {     # said WANT WHAT: stderr ($TMP/err) is exactly WANT
  [ "$(cat "$TMP/err")" = "$1" ] || fail "$2: stderr is '$(cat "$TMP/err")'"
}
foreign() {  # foreign DIR N FIRST: the refusal of N entries
  if [ "$2" = 1 ]; then e="1 entry"; else e="$2 entries"; fi
  echo "skampi-db: error: $1: $e that no earlier publish wrote here, or changed since (the first: $3); publish removes and replaces only its own files: choose an empty or new directory, or add --force to write beside them"
}
inway() {
  echo "skampi-db: error: $1: in the way of the site: publish did not write it and never replaces it; remove it, or choose another directory"
}
# consistent DIR: the manifest lists exactly the files there besides its
# own and those named in $TMP/keep, each with its SHA-256.
consistent() {
  (cd "$1" && find . -type f ! -name .skampi-publish | sed 's|^\./||' |
   LC_ALL=C sort) > "$TMP/have"
  { sed -n 's/^f [0-9a-f]* //p' "$1/.skampi-publish"
    cat "$TMP/keep" 2> /dev/null; } | LC_ALL=C sort > "$TMP/listed"
  diff "$TMP/listed" "$TMP/have" > /dev/null ||
    fail "$1: manifest and files differ: $(diff "$TMP/listed" "$TMP/have")"
  sed -n 's/^f \([0-9a-f]*\) \(.*\)/\1  \2/p' "$1/.skampi-publish" |
    (cd "$1" && sha256sum -c --quiet) > /dev/null 2>&1 ||
    fail "$1: a file differs from its SHA-256 in the manifest"
  [ "$(head -n 1 "$1/.skampi-publish")" = "$MAN" ] || fail "$1: manifest header"
}

# 1. the database and a notes file in the site's data/
S=$TMP/s
mkdir -p "$S/data" && cp "$TMP/t.db" "$S/data/bench.db" &&
  echo keep > "$S/data/notes.txt"
dbsum=$(sum "$S/data/bench.db")
"$DB" --db "$S/data/bench.db" publish -q --force "$S" 2> "$TMP/err" ||
  fail "forced publish: $(cat "$TMP/err")"
"$DB" --db "$S/data/bench.db" publish -q "$S" 2> "$TMP/err"
[ $? = 1 ] || fail "again without --force: exit status"
said "$(foreign "$S" 5 data)" "again without --force"
[ "$(cat "$S/data/notes.txt")" = keep ] || fail "notes.txt lost"
"$DB" --db "$S/data/bench.db" list > /dev/null 2>&1 || fail "bench.db lost"
"$DB" --db "$S/data/bench.db" publish -q --force "$S" 1-2 2> "$TMP/err" ||
  fail "forced again: $(cat "$TMP/err")"
[ "$(cat "$S/data/notes.txt")" = keep ] || fail "notes.txt lost (--force)"
[ "$("$DB" --db "$S/data/bench.db" list | wc -l)" = 6 ] || fail "bench.db lost (--force)"
[ "$(sum "$S/data/bench.db")" = "$dbsum" ] || fail "bench.db changed"
printf 'data/bench.db\ndata/notes.txt\n' > "$TMP/keep"
ls "$S/data/bench.db-wal" > /dev/null 2>&1 && echo data/bench.db-wal >> "$TMP/keep"
ls "$S/data/bench.db-shm" > /dev/null 2>&1 && echo data/bench.db-shm >> "$TMP/keep"
consistent "$S"
rm -f "$TMP/keep"
grep -q '"count":2}' "$S/data/runs.json" || fail "the second site is of runs 1-2"

# 2. a site of its own: again, a smaller selection removes the old files
P=$TMP/p
db publish -q "$P" || fail "a new site"
consistent "$P"
db publish -q "$P" 3 || fail "again, one run"
consistent "$P"
[ "$(ls "$P/data/series")" = "0-0.js
0-0.json
1-0.js
1-0.json" ] || fail "series of run 3: $(ls "$P/data/series")"

# 3. a file of the site changed by hand is another's now
echo "my edit" >> "$P/index.html"
isum=$(sum "$P/index.html")
db publish -q "$P" 2> "$TMP/err"; [ $? = 1 ] || fail "changed: exit status"
said "$(foreign "$P" 1 index.html)" "a changed index.html"
db publish -q --force "$P" 2> "$TMP/err"; [ $? = 1 ] || fail "changed, --force: exit status"
said "$(inway "$P/index.html")" "a changed index.html, --force"
[ "$(sum "$P/index.html")" = "$isum" ] || fail "the changed index.html replaced"
rm "$P/index.html"
db publish -q "$P" 2> "$TMP/err" || fail "index.html removed: $(cat "$TMP/err")"
consistent "$P"

# 4. a file of another at one of the site's names (a new directory)
O=$TMP/o
mkdir -p "$O/csv" && echo mine > "$O/csv/0.csv"
db publish -q --force "$O" 2> "$TMP/err"; [ $? = 1 ] || fail "csv/0.csv of another: exit status"
said "$(inway "$O/csv/0.csv")" "csv/0.csv of another"
[ "$(cat "$O/csv/0.csv")" = mine ] || fail "csv/0.csv of another replaced"
# ... the site failed half-way: its journal accounts for what it wrote
# (csv/ is still another's: --force)
[ -f "$O/.skampi-publish.journal" ] || fail "no journal after a failure"
rm "$O/csv/0.csv"
db publish -q "$O" 2> "$TMP/err"; [ $? = 1 ] || fail "csv/ of another: exit status"
said "$(foreign "$O" 1 csv)" "csv/ of another"
db publish -q --force "$O" 2> "$TMP/err" || fail "after the obstacle went: $(cat "$TMP/err")"
[ ! -e "$O/.skampi-publish.journal" ] || fail "the journal stayed"
consistent "$O"

# 5. the marker of an older skampi-db publish, garbage, forged manifests
L=$TMP/legacy
mkdir "$L" && echo '<html>' > "$L/index.html" &&
  printf 'skampi-db publish: a static site; publish writes here again\n' > "$L/.skampi-publish"
for f in '' --force; do
  db publish -q $f "$L" 2> "$TMP/err"; [ $? = 1 ] || fail "legacy $f: exit status"
  said "skampi-db: error: $L: the site of an older skampi-db publish, which kept no list of its files: remove them and .skampi-publish, or choose an empty or new directory" "legacy $f"
done
[ "$(cat "$L/index.html")" = '<html>' ] || fail "legacy: index.html replaced"
G=$TMP/garbage
mkdir "$G" && echo 'my notes' > "$G/.skampi-publish"
db publish -q --force "$G" 2> "$TMP/err"; [ $? = 1 ] || fail "garbage marker: exit status"
said "skampi-db: error: $G/.skampi-publish: not skampi-db publish's own (never replaced): remove it, or choose another directory" "garbage marker"
[ "$(cat "$G/.skampi-publish")" = 'my notes' ] || fail "garbage marker replaced"
printf '%s\n\0f x\n' "$MAN" > "$G/.skampi-publish"
db publish -q "$G" 2> "$TMP/err"; [ $? = 1 ] || fail "NUL: exit status"
said "skampi-db: error: $G/.skampi-publish: not skampi-db publish's own (never replaced): remove it, or choose another directory" "a NUL in the manifest"
mkdir -p "$TMP/out" && echo precious > "$TMP/out/victim"
v=$(sum "$TMP/out/victim")
F=$TMP/forged
mkdir -p "$F/data"
printf '%s\nf %s ../out/victim\n' "$MAN" "$v" > "$F/.skampi-publish"
db publish -q --force "$F" 2> "$TMP/err"; [ $? = 1 ] || fail "../ in the manifest: exit status"
said "skampi-db: error: $F/.skampi-publish: line 2 is not an entry of a manifest (never replaced): remove it, or choose another directory" "../ in the manifest"
printf '%s\nf %s data/victim\nd data\n' "$MAN" \
  0000000000000000000000000000000000000000000000000000000000000000 > "$F/.skampi-publish"
echo mine > "$F/data/victim"
db publish -q "$F" 2> "$TMP/err"; [ $? = 1 ] || fail "a wrong SHA-256: exit status"
said "$(foreign "$F" 1 data/victim)" "a file listed with a wrong SHA-256"
db publish -q --force "$F" 2> "$TMP/err" || fail "a wrong SHA-256, --force: $(cat "$TMP/err")"
[ "$(cat "$F/data/victim")" = mine ] || fail "a file listed with a wrong SHA-256 removed"
[ "$(sum "$TMP/out/victim")" = "$v" ] || fail "the victim outside changed"

# 6. a link or a FIFO where a file of the site was
db publish -q "$P" || fail "P again"
rm "$P/data/runs.json" && ln -s "$TMP/out/victim" "$P/data/runs.json"
db publish -q "$P" 2> "$TMP/err"; [ $? = 1 ] || fail "a link: exit status"
said "$(foreign "$P" 1 data/runs.json)" "a link in place of runs.json"
[ -L "$P/data/runs.json" ] && [ "$(sum "$TMP/out/victim")" = "$v" ] ||
  fail "the link or its target changed"
rm "$P/data/runs.json" && mkfifo "$P/data/runs.json"
db publish -q --force "$P" 2> "$TMP/err"; [ $? = 1 ] || fail "a FIFO: exit status"
said "$(inway "$P/data/runs.json")" "a FIFO in place of runs.json"
[ -p "$P/data/runs.json" ] || fail "the FIFO replaced"
rm "$P/data/runs.json"

# 7. the journal of a publish killed half-way, by hand: its files and its
# temporary files are publish's own
db publish -q "$P" || fail "P before the journal"
echo half > "$P/csv/.9.csv.tmp"
echo done > "$P/csv/9.csv"
printf '%s\nt csv/.9.csv.tmp\nf %s csv/9.csv\n' "$MAN" "$(sum "$P/csv/9.csv")" \
  > "$P/.skampi-publish.journal"
db publish -q "$P" 2> "$TMP/err" || fail "after a journal: $(cat "$TMP/err")"
[ ! -e "$P/csv/9.csv" ] && [ ! -e "$P/csv/.9.csv.tmp" ] ||
  fail "the files of the journal stayed"
consistent "$P"

# ... and by kill -9 of a real publish once its journal exists (the
# journal is the event waited for; a publish that finished first is no
# failure, the next one is checked all the same)
K=$TMP/k
for delay in 0 0.02 0.05 0.1 0.2; do
  "$DB" --db "$TMP/t.db" publish -q "$K" > /dev/null 2>&1 &
  pid=$!
  n=0
  while [ ! -e "$K/.skampi-publish.journal" ] && kill -0 $pid 2> /dev/null &&
        [ $n -lt 2000 ]; do
    sleep 0.01
    n=$((n + 1))
  done
  sleep $delay
  kill -KILL $pid 2> /dev/null
  wait $pid 2> /dev/null
  db publish -q "$K" 2> "$TMP/err" || fail "after kill -9 ($delay): $(cat "$TMP/err")"
  consistent "$K"
done

# 8. two publishes at once: the second fails with a message at once
flock "$P" sh -c '"$1" --db "$2" publish -q "$3" 2> "$4"; echo $? > "$5"' \
  - "$DB" "$TMP/t.db" "$P" "$TMP/err" "$TMP/rc"
[ "$(cat "$TMP/rc")" = 1 ] || fail "locked: exit status $(cat "$TMP/rc")"
said "skampi-db: error: $P: another skampi-db publish is writing this directory; try again when it has finished" "a publish under way"
consistent "$P"
# real pairs: each publish succeeds or fails with that message, and the
# site is one of the two, whole
for round in 1 2 3 4 5; do
  db publish -q "$P" 1 2> "$TMP/e1" & p1=$!
  db publish -q "$P" 2-5 2> "$TMP/e2" & p2=$!
  wait $p1; r1=$?
  wait $p2; r2=$?
  for k in 1 2; do
    eval "r=\$r$k"
    [ "$r" = 0 ] && [ ! -s "$TMP/e$k" ] && continue
    [ "$r" = 1 ] && [ "$(cat "$TMP/e$k")" = "skampi-db: error: $P: another skampi-db publish is writing this directory; try again when it has finished" ] ||
      fail "pair $round, publish $k: exit $r: $(cat "$TMP/e$k")"
  done
  consistent "$P"
  c=$(sed -n 's/.*"count":\([0-9]*\)}$/\1/p' "$P/data/runs.json")
  s=$(ls "$P/svg" | wc -l)
  { [ "$c" = 1 ] && [ "$s" = 2 ]; } || { [ "$c" = 4 ] && [ "$s" = 2 ]; } ||
    fail "pair $round: a mixed site ($c runs)"
  grep -q "\"runs\":$c," "$P/data/suites.json" || fail "pair $round: suites.json of another site"
done
exit $((failures > 0))
