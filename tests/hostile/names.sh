#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# names.sh -- what a stranger's names and words do to skampi-db's output
# and its selections:
#   a machine name with a right-to-left override (U+202E), an ESC
#   sequence and a zero-width space, and a suite name with a C1 CSI:
#   list, show and suites print them escaped (\u202E, \x1B, \u200B,
#   \xC2\x9B), never raw;
#   a selection of 1,000 words works (SQLite refused the tree of 1,000
#   ORs: "Expression tree is too large"), on the command line and on the
#   web; 10,001 words are a usage error; dates out of range are refused.
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
R=$SRC/tests/tools/runs
python3 - "$R/a2.yaml" > "$TMP/names.yaml" <<'PY'
import sys
t = open(sys.argv[1]).read()
t = "\n".join('  MACHINE: "evil\\u202Eexe.txt \\e[31mred\\u200B"'
              if l.startswith("  MACHINE: ") else
              '  - name: "csi\\x9B2J"' if l == "  - name: pingpong" else l
              for l in t.split("\n"))
sys.stdout.write(t)
PY
db import "$TMP/names.yaml" > "$TMP/out" 2>&1 || fail "import: $(cat "$TMP/out")"
id=$(sed -n 's|^.*names.yaml: run \([0-9]*\),.*|\1|p' "$TMP/out")
[ -n "$id" ] || fail "no run id: $(cat "$TMP/out")"
for c in list "show $id" "suites $id"; do
  # shellcheck disable=SC2086
  db $c > "$TMP/out" 2>&1 || fail "$c"
  LC_ALL=C grep -q "$(printf '\342\200\256\|\033\|\342\200\213\|\302\233')" "$TMP/out" &&
    fail "$c: a raw control or format character"
  case $c in
    suites*) grep -qF 'csi\xC2\x9B2J' "$TMP/out" || fail "$c: $(cat "$TMP/out")" ;;
    *) grep -qF 'evil\u202Eexe.txt \x1B[31mred\u200B' "$TMP/out" ||
         fail "$c: $(cat "$TMP/out")" ;;
  esac
done

# 1,000 words: run ids 1, 3, 5, ... (most of them absent)
words=$(awk 'BEGIN { for (i = 1; i < 2000; i += 2) printf "%d ", i }')
# shellcheck disable=SC2086
db query $words --suite barrier > "$TMP/q" 2> "$TMP/err" ||
  fail "1,000 words: $(cat "$TMP/err")"
[ "$(cut -d, -f1 "$TMP/q" | grep -x '[0-9]*' | sort -un | tr '\n' ' ')" = "1 3 5 7 9 11 13 15 " ] ||
  fail "1,000 words chose: $(cut -d, -f1 "$TMP/q" | sort -un | tr '\n' ' ')"
words=$(awk 'BEGIN { for (i = 1; i <= 10001; i++) printf "%d ", i }')
# shellcheck disable=SC2086
db query $words --suite barrier > /dev/null 2> "$TMP/err"
[ $? = 2 ] || fail "10,001 words: exit status"
[ "$(cat "$TMP/err")" = "skampi-db: error: bad selection: more than 10000 words (ranges such as 1-500 and keys such as machine=GLOB choose many runs in one)" ] ||
  fail "10,001 words: $(cat "$TMP/err")"
for d in 2026-13 2026-02-30 2026-11-22T24:00 2026-11-22T05:61 yesterday; do
  db list --since "$d" > /dev/null 2> "$TMP/err"
  [ $? = 2 ] && grep -q "^skampi-db: error: bad selection 'since=$d': a date is" "$TMP/err" ||
    fail "since=$d: $(cat "$TMP/err")"
done
db list --since 2024-02-29T05:01:30.5Z > /dev/null 2>&1 || fail "a leap day"

start_server
python3 - "$URL" <<'PY' || fail "the web's selections"
import json, sys, urllib.error, urllib.parse, urllib.request
URL, bad = sys.argv[1], 0
def get(q):
    try:
        with urllib.request.urlopen(URL + "/api/series?" + q, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())
sel = " ".join(str(i) for i in range(1, 2000, 2))
st, j = get(urllib.parse.urlencode({"sel": sel, "suite": "barrier"}))
if st != 200 or sorted(s["run"] for s in j["series"]) != [1, 3, 5, 7, 9, 11, 13, 15]:
    print("FAIL: 1,000 words:", st, str(j)[:200]); bad += 1
st, j = get(urllib.parse.urlencode({"sel": "since=2026-13", "suite": "barrier"}))
if st != 400 or "since=2026-13" not in j["error"]:
    print("FAIL: since=2026-13:", st, j); bad += 1
sys.exit(1 if bad else 0)
PY
stop_server
exit $((failures > 0))
