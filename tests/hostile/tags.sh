#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# tags.sh -- a tag is checked by one function (db/ingest/upload.h,
# sk_upload_tag_check()) wherever it comes in: `import --tag` refuses
# exactly what an upload's ?tag= refuses (ESC, a newline, a tab, DEL, a
# tag over 256 bytes, no key, more than 16 tags), with the same reason
# (a 120 KB value: the server's gate refuses its request target, 414),
# and takes what an upload takes (256 bytes, '=' in the value, UTF-8
# with U+009B, which is text here and escaped wherever it is shown).
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v curl > /dev/null || { echo "SKIP: no curl"; exit 77; }
T=$(db token add tags 2> /dev/null) || fail "token add"
start_server --allow-upload
R=$SRC/tests/tools/runs
long() { head -c "$1" /dev/zero | tr '\0' "$2"; }
# upload TAG: the status and answer of POST /api/runs?tag=TAG (a3.yaml)
upload() {
  # by python: 120 KB is too long for an argument of curl
  printf '%s' "$1" > "$TMP/tag"
  python3 -c '
import sys, urllib.error, urllib.parse, urllib.request
url, tok, tag, body, ans = sys.argv[1:]
q = urllib.parse.quote(open(tag, "rb").read(), safe="")
req = urllib.request.Request(url + "/api/runs?tag=" + q, data=open(body, "rb").read(),
                             headers={"Authorization": "Bearer " + tok})
try:
    with urllib.request.urlopen(req, timeout=60) as r:
        st, data = r.status, r.read()
except urllib.error.HTTPError as e:
    st, data = e.code, e.read()
open(ans, "wb").write(data)
print(st)' "$URL" "$T" "$TMP/tag" "$R/a3.yaml" "$TMP/ans"
}
n=0
while read -r what tag; do
  case $what in
    esc) tag=$(printf 'k=\033[31mred') ;;
    newline) tag=$(printf 'k=a\nb') ;;
    tab) tag=$(printf 'k\t=v') ;;
    del) tag=$(printf 'k=\177') ;;
    c1) tag=$(printf 'k=\302\233') ;;  # U+009B is text to this check: taken
    257) tag="k=$(long 255 v)" ;;
    120k) tag="k=$(long 122880 v)" ;;
  esac
  n=$((n + 1))
  "$DB" --db "$TMP/t.db" import -q --tag "$tag" "$R/a3.yaml" > "$TMP/out" 2> "$TMP/err"
  st=$?
  up=$(upload "$tag")
  case $what in
    c1|ok*)
      [ $st = 0 ] || fail "$what: import refused: $(cat "$TMP/err")"
      [ "$up" = 200 ] || [ "$up" = 201 ] || fail "$what: upload $up: $(cat "$TMP/ans")"
      "$DB" --db "$TMP/t.db" rm -q "$(db list | awk 'NR > 1 { m = $1 } END { print m }')" > /dev/null 2>&1
      continue ;;
  esac
  if [ "$what" = nokey ]; then
    [ $st = 2 ] && [ "$(cat "$TMP/err")" = "skampi-db: error: --tag takes KEY=VALUE, not '=v'" ] ||
      fail "nokey: import: exit $st: $(cat "$TMP/err")"
    [ "$up" = 400 ] && grep -q -F '"bad tag: a tag is KEY=VALUE"' "$TMP/ans" ||
      fail "nokey: upload $up: $(cat "$TMP/ans")"
    continue
  fi
  why=$(sed -n 's/^skampi-db: error: --tag .*: \(a tag .*\)$/\1/p' "$TMP/err")
  [ $st = 2 ] && [ -n "$why" ] || fail "$what: import: exit $st: $(head -c 300 "$TMP/err")"
  if [ "$what" = 120k ]; then
    # the server's gate refuses so long a request target before the tag
    [ "$up" = 414 ] || fail "120k: upload $up: $(head -c 300 "$TMP/ans")"
    continue
  fi
  [ "$up" = 400 ] && grep -q -F "\"bad tag: $why\"" "$TMP/ans" ||
    fail "$what: upload $up: $(head -c 300 "$TMP/ans") (import said: $why)"
done <<'CASES'
esc
newline
tab
del
c1
257
120k
nokey =v
ok256 k=vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
okeq k=a=b c
CASES
# exact text of two refusals
"$DB" --db "$TMP/t.db" import -q --tag "$(printf 'k=\033x')" "$R/a3.yaml" 2> "$TMP/err"
[ "$(cat "$TMP/err")" = "skampi-db: error: --tag 'k=\x1Bx': a tag holds no control character" ] ||
  fail "ESC: $(cat "$TMP/err")"
set --
i=0
while [ $i -lt 17 ]; do set -- "$@" --tag "k$i=v"; i=$((i + 1)); done
"$DB" --db "$TMP/t.db" import -q "$@" "$R/a3.yaml" 2> "$TMP/err"
[ $? = 2 ] && [ "$(cat "$TMP/err")" = "skampi-db: error: at most 16 --tag options label a run" ] ||
  fail "17 tags: $(cat "$TMP/err")"
q=$(i=0; while [ $i -lt 17 ]; do printf 'tag=k%d%%3Dv&' $i; i=$((i + 1)); done)
up=$(curl -s -o "$TMP/ans" -w '%{http_code}' -H "Authorization: Bearer $T" \
  --data-binary "@$R/a3.yaml" "$URL/api/runs?${q%&}")
[ "$up" = 400 ] && grep -q "at most 16 tags" "$TMP/ans" || fail "17 tags upload: $up $(cat "$TMP/ans")"
echo "tags.sh: $n tag cases and 2 limits checked"
stop_server
exit $((failures > 0))
