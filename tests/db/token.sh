#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# token.sh -- skampi-db token add, list and revoke against the golden
# transcript tests/db/token.expected (the tokens themselves, random, are
# replaced by TOKEN); then, in the database file read with sqlite3, only
# each token's SHA-256 is stored, never the token, and the usage errors
# create no database.  KEEP=1 and copy $TMP/out over token.expected to
# renew the transcript.
. "${top_srcdir:-.}/tests/db/lib.sh"

command -v sqlite3 > /dev/null || { echo "SKIP: no sqlite3"; exit 77; }
mkdir -p "$TMP/w"

# usage errors first: no database is made
: > "$TMP/out"
step token
step token remove ci
step token add
step token add 'a b'
step token add "x';--"
step token list extra
step token revoke
[ -e "$TMP/t.db" ] && fail "a usage error created the database"

step token list
db token add ci > "$TMP/tok1" 2> "$TMP/err1"
echo "[exit $?]" >> "$TMP/err1"
db token add nightly.runner@site > "$TMP/tok2" 2> /dev/null ||
  fail "token add nightly"
echo '$ skampi-db token add ci' >> "$TMP/out"
sed -e 's/^[0-9a-f]\{64\}$/TOKEN/' -e "s|$TMP|TMP|g" "$TMP/tok1" "$TMP/err1" >> "$TMP/out"
step token add ci
step token list
step token revoke ci
step token revoke ci
step token revoke nobody
db token add ci > "$TMP/tok3" 2> /dev/null || fail "token add ci again"
step token list
golden token.expected

# each token: 64 hex digits, 256 bits, different every time
for t in tok1 tok2 tok3; do
  grep -qx '[0-9a-f]\{64\}' "$TMP/$t" || fail "$t is not 64 hex digits: $(cat "$TMP/$t")"
done
[ "$(sort -u "$TMP/tok1" "$TMP/tok2" "$TMP/tok3" | wc -l)" = 3 ] ||
  fail "two tokens alike"

# the database holds the hashes, never a token
sqlite3 "$TMP/t.db" 'SELECT name, sha256, created, revoked IS NOT NULL FROM tokens ORDER BY id' \
  > "$TMP/rows" || fail "sqlite3 cannot read the tokens"
for t in tok1 tok2 tok3; do
  h=$(tr -d '\n' < "$TMP/$t" | sha256sum | cut -d' ' -f1)
  grep -q "|$h|" "$TMP/rows" || fail "the hash of $t is not stored"
  sqlite3 "$TMP/t.db" .dump | grep -q "$(cat "$TMP/$t")" &&
    fail "$t itself is in the database"
done
cat > "$TMP/want" <<'ROWS'
ci|2026-11-18T11:06:40Z|1
nightly.runner@site|2026-11-18T11:06:40Z|0
ci|2026-11-18T11:06:40Z|0
ROWS
cut -d'|' -f1,3,4 "$TMP/rows" | diff -u "$TMP/want" - || fail "token rows"
exit $((failures > 0))
