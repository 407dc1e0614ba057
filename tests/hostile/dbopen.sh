#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# dbopen.sh -- the database file as bad luck or a stranger leaves it, and
# the commands that open it (db/store/store_open.c), each with its exact
# message and exit status, never a crash nor a file made by a reader:
#   a table or a column dropped (every command); a path that does not
#   exist (every reader, and rm; import and token add make it and say
#   so); --db ''; a negative and a newer schema version; a database of
#   another program (left byte for byte); an empty file, a directory, a
#   FIFO; a read-only medium (a read-only bind mount in a user namespace,
#   where one can be made): readers and serve work, writers are refused,
#   a write-ahead log with data is named; a file size limit (ulimit -f)
#   during an import; import DIR and push DIR with a symbolic link to a
#   secret, and a FIFO, in the directory.
. "${top_srcdir:-.}/tests/db/lib.sh"
R=$SRC/tests/tools/runs
W=$TMP/w
mkdir -p "$W"
cd "$W" || exit 99
db import -q "$R/a1.yaml" "$R/a2.yaml" 2> /dev/null || fail "import"
sum() { sha256sum "$1" | cut -d' ' -f1; }
# run WANT_STATUS WANT_STDERR ARGS...: skampi-db ARGS (at most 20 s)
run() {
  ws=$1 we=$2
  shift 2
  timeout 20 "$DB" "$@" > "$TMP/o" 2> "$TMP/e"
  st=$?
  [ "$st" = "$ws" ] || fail "$*: exit $st, not $ws ($(cat "$TMP/e"))"
  [ "$(cat "$TMP/e")" = "$we" ] || fail "$*: stderr '$(cat "$TMP/e")'"
}
# every command that opens a database, with its arguments
cmds() {
  cat <<'EOF'
list
show 1
export 1 -o out.yaml
rm 1
suites all
query all --suite pingpong
compare --baseline 1 --candidate 2
plot all --suite pingpong -o p.svg
history all --suite pingpong --argument 8
token list
token revoke ci
token add ci
import a3.yaml
publish site
EOF
}
cp "$R/a3.yaml" a3.yaml
# each CMD on DBFILE: exit STATUS and exactly MESSAGE
each() {
  cmds | while read -r c; do
    # shellcheck disable=SC2086 # the words of the command
    run "$2" "$3" --db "$1" $c
  done
}

# 1. a table dropped, a column dropped: every command says which
cp "$TMP/t.db" notags.db && sqlite3 notags.db 'DROP TABLE tags' || fail "sqlite3"
each notags.db 3 "skampi-db: error: notags.db: not a database of skampi-db, or damaged: its table tags is missing"
cp "$TMP/t.db" nocol.db && sqlite3 nocol.db 'ALTER TABLE points DROP COLUMN modes' || fail "sqlite3"
each nocol.db 3 "skampi-db: error: nocol.db: not a database of skampi-db, or damaged: its table points lacks the column modes"
timeout 20 "$DB" --db notags.db serve --listen 127.0.0.1:0 2> "$TMP/e"
[ $? = 3 ] && [ "$(cat "$TMP/e")" = "skampi-db: error: notags.db: not a database of skampi-db, or damaged: its table tags is missing" ] ||
  fail "serve of notags.db: $(cat "$TMP/e")"

# 2. a path that does not exist: an error for every reader and rm, never
# a file made; import and token add make it and say so
cmds | while read -r c; do
  rm -f nope.db
  case $c in
    "import a3.yaml")
      run 0 "skampi-db: created the database nope.db" --db nope.db import -q a3.yaml
      [ -f nope.db ] || fail "$c: made no nope.db" ;;
    "token add ci")
      run 0 "skampi-db: created the database nope.db
skampi-db: token 'ci' added; it is shown only this once, the database keeps its hash" --db nope.db token add ci
      [ -f nope.db ] || fail "$c: made no nope.db" ;;
    *)
      # shellcheck disable=SC2086
      run 3 "skampi-db: error: nope.db: no such database (skampi-db import makes one; check --db and \$SKAMPI_DB)" --db nope.db $c
      [ -e nope.db ] && fail "$c: made nope.db" ;;
  esac
done
rm -f nope.db*
run 3 "skampi-db: error: nope.db: no such database (skampi-db import makes one; check --db and \$SKAMPI_DB)" --db nope.db serve --listen 127.0.0.1:0
[ -e nope.db ] && fail "serve made nope.db"
run 2 "skampi-db: error: --db takes the path of a database, not ''" --db '' import a3.yaml
run 2 "skampi-db: error: --db takes the path of a database, not ''" --db '' list
[ -e "" ] 2> /dev/null; ls -A | grep -q '^skampi.db' && fail "--db '' made skampi.db"
SKAMPI_DB='' run 3 "skampi-db: error: skampi.db: no such database (skampi-db import makes one; check --db and \$SKAMPI_DB)" list

# 3. schema versions not ours
cp "$TMP/t.db" neg.db && sqlite3 neg.db 'PRAGMA user_version = -5' || fail "sqlite3"
for c in list "import a3.yaml"; do
  # shellcheck disable=SC2086
  run 3 "skampi-db: error: neg.db: schema version -5 is not one skampi-db ever wrote: not a database of skampi-db, or damaged" --db neg.db $c
done
known=$(sqlite3 "$TMP/t.db" 'PRAGMA user_version')   # this skampi-db's
cp "$TMP/t.db" new.db && sqlite3 new.db 'PRAGMA user_version = 99' || fail "sqlite3"
run 3 "skampi-db: error: new.db: schema version 99 is newer than this skampi-db knows ($known); use a newer skampi-db" --db new.db import a3.yaml
run 3 "skampi-db: error: new.db: schema version 99 is newer than this skampi-db knows ($known); use a newer skampi-db" --db new.db list

# 4. another program's database is left byte for byte
sqlite3 other.db 'CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES (1)' || fail "sqlite3"
o=$(sum other.db)
run 3 "skampi-db: error: other.db: a SQLite database of another program (it has tables but no skampi-db schema version); skampi-db changes nothing in it" --db other.db import a3.yaml
run 3 "skampi-db: error: other.db: a SQLite database of another program (it has tables but no skampi-db schema version); skampi-db changes nothing in it" --db other.db list
[ "$(sum other.db)" = "$o" ] && [ ! -e other.db-wal ] || fail "other.db changed"

# 5. an empty file, a directory, a FIFO
: > empty.db
run 3 "skampi-db: error: empty.db: an empty database, not one of skampi-db (skampi-db import makes one)" --db empty.db list
mkdir dir.db
run 3 "skampi-db: error: dir.db: a directory, not a database" --db dir.db list
run 3 "skampi-db: error: dir.db: a directory, not a database" --db dir.db import a3.yaml
mkfifo fifo.db
run 3 "skampi-db: error: fifo.db: not a regular file, not a database" --db fifo.db list

# 6. a read-only medium: a read-only bind mount of a directory holding
# a database (a user namespace; skipped where none can be made)
mkdir -p ro/src ro/mnt && cp "$TMP/t.db" ro/src/ro.db
cp "$TMP/t.db" ro/w.db
python3 - ro/w.db ro/src <<'PY' || fail "a database with a write-ahead log"
import shutil, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("PRAGMA wal_autocheckpoint = 0")
c.execute("INSERT INTO tags VALUES (1, 'k', 'v')")
c.commit()
for s in ("", "-wal"):
    shutil.copy(sys.argv[1] + s, sys.argv[2] + "/wal.db" + s)
PY
cat > ro/inside.sh <<'EOF'
# runs in the namespace: mount, then the commands, their statuses
mount --bind "$1/src" "$1/mnt" && mount -o remount,ro,bind "$1/mnt" || exit 77
cd "$1/mnt" || exit 77
touch x 2> /dev/null && exit 77          # not read-only after all
DB=$2
"$DB" --db ro.db list > "$1/list.out" 2>&1; echo "list $?"
"$DB" --db ro.db show 1 > /dev/null 2>&1; echo "show $?"
"$DB" --db ro.db query all --suite pingpong > /dev/null 2>&1; echo "query $?"
"$DB" --db ro.db import "$1/../a3.yaml" > "$1/import.err" 2>&1; echo "import $?"
"$DB" --db ro.db rm 1 > /dev/null 2>&1; echo "rm $?"
"$DB" --db wal.db list > "$1/wal.err" 2>&1; echo "wal $?"
"$DB" --db ro.db serve --listen 127.0.0.1:0 2> "$1/serve.log" &
pid=$!
n=0
while ! grep -q listening "$1/serve.log" && [ $n -lt 200 ]; do
  sleep 0.1; n=$((n + 1))
done
url=$(sed -n 's|^skampi-db: listening on \(http://[0-9.:]*\)/$|\1|p' "$1/serve.log")
python3 -c 'import json, sys, urllib.request
print("serve", json.load(urllib.request.urlopen(sys.argv[1] + "/api/runs", timeout=20))["count"])' "$url"
kill $pid; wait $pid
EOF
if command -v unshare > /dev/null &&
   unshare -rm sh ro/inside.sh "$W/ro" "$DB" > ro/statuses 2> ro/stderr; then
  cat > ro/want <<'EOF'
list 0
show 0
query 0
import 3
rm 3
wal 3
serve 2
EOF
  diff -u ro/want ro/statuses || fail "a read-only medium: $(cat ro/stderr)"
  grep -q '^   2  run ' ro/list.out || fail "read-only list: $(cat ro/list.out)"
  [ "$(cat ro/import.err)" = "skampi-db: error: ro.db: cannot be written here (a read-only file, directory or medium?); this command writes the database, while list, show, query and serve only read it" ] ||
    fail "read-only import: $(cat ro/import.err)"
  [ "$(cat ro/wal.err)" = "skampi-db: error: wal.db: cannot be read here: its write-ahead log (-wal) holds data and the directory cannot be written (a read-only medium?); open it once where it can be written, which folds the log into it" ] ||
    fail "read-only with a log: $(cat ro/wal.err)"
else
  echo "SKIP: no read-only bind mount here (unshare -rm); the read-only medium untested"
fi

# 7. a file size limit during an import: the message says the database
# stays as it was
cp "$TMP/t.db" fs.db
n0=$("$DB" --db fs.db list | wc -l)
(ulimit -f 40; exec "$DB" --db fs.db import "$R/b1.yaml") > /dev/null 2> "$TMP/e"
st=$?
[ $st = 1 ] || fail "ulimit -f: exit $st (a signal kills with 153)"
head -n 1 "$TMP/e" | grep -q "^skampi-db: error: fs.db: .*(a file size limit is set, ulimit -f: reached?); nothing of this transaction is kept: the database stays as it was before it$" ||
  fail "ulimit -f: $(cat "$TMP/e")"
[ "$("$DB" --db fs.db list | wc -l)" = "$n0" ] || fail "ulimit -f: the runs changed"
[ "$(sqlite3 fs.db 'PRAGMA integrity_check')" = ok ] || fail "ulimit -f: integrity"

# 8. import DIR and push DIR follow no symbolic link, and say nothing of
# what one points to; a FIFO in the directory does not hang them
echo "secret: TOPSECRET-4242" > secret.txt
mkdir camp
cp "$R/a1.yaml" camp/run-01.yaml
ln -s ../secret.txt camp/run-02.yaml
run 1 "skampi-db: error: cannot read 'camp/run-02.yaml': a symbolic link in the directory, not followed (import DIR takes the directory's own files)
skampi-db: camp/run-02.yaml: not imported
skampi-db: 1 of 2 files not imported" --db "$TMP/t.db" import -q camp
SKAMPI_TOKEN=skt_0123456789abcdef0123456789abcdef \
  run 1 "skampi-db: error: cannot read 'camp/run-02.yaml': a symbolic link in the directory, not followed (push DIR sends the directory's own files)
skampi-db: 1 of 1 files not imported" push -q --url http://127.0.0.1:9 camp
rm camp/run-02.yaml
ln -s ../secret.txt camp/runs.txt
run 0 "" --db "$TMP/t.db" import -q camp
rm camp/runs.txt
mkfifo camp/run-03.yaml
run 0 "" --db "$TMP/t.db" import -q camp
run 1 "skampi-db: error: cannot read 'camp/run-03.yaml': not a regular file
skampi-db: camp/run-03.yaml: not imported
skampi-db: 1 of 1 files not imported" --db "$TMP/t.db" import -q camp/run-03.yaml
grep -r TOPSECRET "$TMP/e" "$TMP/o" && fail "the secret was shown"
exit $((failures > 0))
