#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# pushdir.sh -- what push and upload do with files that do not fit the
# usual shapes, against a real server (serve --allow-upload):
#   push DIR with a *.yaml whose name is over 99 bytes (more than a
#   ustar header holds): refused, naming the file, nothing sent (never
#   a campaign with a file silently left out);
#   push DIR of 4,097 files: refused, saying how many and the limit;
#   a valid result file with "ustar" at byte 257: imported by upload and
#   by push as by import (content sniffing takes a tar archive only by
#   its whole magic, NULs included).
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v curl > /dev/null || { echo "SKIP: no curl"; exit 77; }
T=$(db token add pushdir 2> /dev/null) || fail "token add"
start_server --allow-upload
R=$SRC/tests/tools/runs
runs() { db list | awk 'NR > 1' | wc -l; }
# push WANT_STATUS WANT_STDERR ARGS...
push() {
  ws=$1 we=$2
  shift 2
  SKAMPI_TOKEN=$T "$DB" push -q --url "$URL" "$@" > "$TMP/o" 2> "$TMP/e"
  st=$?
  sed -i "s|$TMP|TMP|g; s|$URL|URL|g" "$TMP/e"
  [ $st = "$ws" ] || fail "push $*: exit $st, not $ws ($(cat "$TMP/e"))"
  [ "$(cat "$TMP/e")" = "$we" ] || fail "push $*: stderr '$(cat "$TMP/e")'"
}
# 1. a name of 100 bytes beside a good run: refused, nothing sent
mkdir "$TMP/long"
long=$(head -c 95 /dev/zero | tr '\0' n).yaml
sed 's/^  start_time: .*/  start_time: 2026-12-01T01:00:00Z/' "$R/a1.yaml" > "$TMP/long/run-01.yaml"
sed 's/^  start_time: .*/  start_time: 2026-12-01T02:00:00Z/' "$R/a2.yaml" > "$TMP/long/$long"
before=$(runs)
push 1 "skampi-db: error: cannot send 'TMP/long/$long': a file name of 100 bytes, more than the 99 a campaign archive takes (rename it); nothing of 'TMP/long' was sent
skampi-db: 1 of 1 files not imported" "$TMP/long"
[ "$(runs)" = "$before" ] || fail "a part of TMP/long was imported"
# import DIR takes both
"$DB" --db "$TMP/t.db" import -q "$TMP/long" || fail "import DIR"
[ "$(runs)" = $((before + 2)) ] || fail "import DIR: $(runs) runs, not $((before + 2))"
# 99 bytes go
mkdir "$TMP/ok99"
sed 's/^  start_time: .*/  start_time: 2026-12-01T03:00:00Z/' "$R/a3.yaml" > \
  "$TMP/ok99/$(head -c 94 /dev/zero | tr '\0' n).yaml"
push 0 "" "$TMP/ok99"
[ "$(runs)" = $((before + 3)) ] || fail "99 bytes: not imported"

# 2. 4,097 files
mkdir "$TMP/many"
python3 -c '
import sys
for i in range(4097):
    open("%s/run-%05d.yaml" % (sys.argv[1], i), "w").write("x: 1\n")' "$TMP/many"
push 1 "skampi-db: error: cannot send 'TMP/many': 4097 files (runs.txt and *.yaml), more than the 4096 a campaign archive holds; nothing was sent (push them as several directories, or file by file)
skampi-db: 1 of 1 files not imported" "$TMP/many"

# 3. "ustar" at byte 257 of a valid result file
mk() {
  { printf '# %s\n' "$(head -c 255 /dev/zero | tr '\0' x)ustar"
    sed "s/^  start_time: .*/  start_time: $2/" "$R/a4.yaml"; } > "$TMP/$1"
  [ "$(dd if="$TMP/$1" bs=1 skip=257 count=5 2> /dev/null)" = ustar ] ||
    fail "$1: no ustar at byte 257"
}
mk u1.yaml 2026-12-02T01:00:00Z
mk u2.yaml 2026-12-02T02:00:00Z
mk u3.yaml 2026-12-02T03:00:00Z
"$DB" --db "$TMP/t.db" import -q "$TMP/u1.yaml" || fail "import of ustar@257"
code=$(curl -s -o "$TMP/ans" -w '%{http_code}' -H "Authorization: Bearer $T" \
  --data-binary "@$TMP/u2.yaml" "$URL/api/runs?name=u2.yaml")
[ "$code" = 201 ] && grep -q '"status":"created"' "$TMP/ans" ||
  fail "upload of ustar@257: $code $(cat "$TMP/ans")"
push 0 "" "$TMP/u3.yaml"
[ "$(runs)" = $((before + 6)) ] || fail "ustar@257: $(runs) runs, not $((before + 6))"
stop_server
exit $((failures > 0))
