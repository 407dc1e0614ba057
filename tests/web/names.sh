#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# names.sh -- hostile names through every page, in headless Chromium
# (tests/web/names.py): three runs whose every name is markup tagged
# with its field -- machine, MPI library, host names and a suite in the
# result file, a tag key and value at import, import --machine and
# --tag, a tag key and value of an upload (push --tag) -- on the server,
# on the published site over http and by file://, and on a copy of the
# site whose app.js gives one name to dygraphs unescaped, which the
# test must catch.  Skips (77) without chromium, chromedriver or
# python3-selenium, except with CI=true.
. "${top_srcdir:-.}/tests/web/lib.sh"
need_selenium names.sh
# P FIELD: the markup of a name of FIELD (an upload's tag: 256 bytes at
# most); K FIELD: of a tag key, which holds no '='
P() {
  printf '%s' "<img class=pwn src=x onerror=\"window.pwned='$1';document.title=1\">"
  printf '%s' "<meta http-equiv=refresh content=\"0;url=about:blank\"><marquee>$1</marquee>"
}
K() { printf '<marquee>%s</marquee><b>' "$1"; }
R=$SRC/tests/tools/runs
SUITE=$(P suite)
# the result file's names, written by python (YAML's double quotes)
"$PY" - "$R/a1.yaml" "$(P machine)" "$(P library)" "$(P host1)" "$(P host2)" \
  "$SUITE" > "$W/h1.yaml" <<'PYEOF'
import json, sys
src, machine, library, h1, h2, suite = sys.argv[1:]
q = json.dumps   # a JSON string is a YAML double-quoted scalar
out = []
for l in open(src).read().split("\n"):
    if l.startswith("  MACHINE: "):
        l = "  MACHINE: " + q(machine)
    elif l.startswith("  mpi_library: "):
        l = "  mpi_library: " + q(library)
    elif l.startswith("  hosts: "):
        l = "  hosts: [" + q(h1) + ", " + q(h2) + "]"
    elif l == "  - name: barrier":
        l = "  - name: " + q(suite)
    out.append(l)
sys.stdout.write("\n".join(out))
PYEOF
# the ids of the runs there before: the three new ones are above them
last=$(db list | awk 'NR > 1 && $1 > m { m = $1 } END { print m + 0 }')
db import -q --tag "$(K tagkey)=$(P tagvalue)" "$W/h1.yaml" || fail "import h1"
# a2 and a3 with their own start (lib.sh imported them as they are)
sed 's/^  start_time: .*/  start_time: 2026-11-24T01:00:00Z/' "$R/a2.yaml" > "$W/h2.yaml"
sed 's/^  start_time: .*/  start_time: 2026-11-25T01:00:00Z/' "$R/a3.yaml" > "$W/h3.yaml"
db import -q --machine "$(P import-machine)" --tag "note=$(P import-tag)" \
  "$W/h2.yaml" || fail "import --machine --tag"
T=$(db token add names 2> /dev/null) || fail "token add"
start_server --allow-upload
SKAMPI_TOKEN=$T "$DB" push -q --url "$URL" --tag "$(K upload-key)=$(P upload-value)" \
  "$W/h3.yaml" > "$TMP/push.out" 2>&1 || fail "push: $(cat "$TMP/push.out")"
ids=$(db list | awk -v m="$last" 'NR > 1 && $1 > m { print $1 }' | sort -n | tr '\n' ' ')
set -- $ids
[ $# = 3 ] || fail "three hostile runs, got '$ids'"
SEL="$1 $2 $3"
db publish -q "$TMP/site" --baseline "$1" --candidate "$2 $3" || fail "publish"
# the planted copy: one escape taken out of its app.js
cp -r "$TMP/site" "$TMP/planted"
chmod -R u+w "$TMP/planted"
sed -i "s/ylabel: '\\\\u00d7 ' + html(base)/ylabel: '\\\\u00d7 ' + base/" "$TMP/planted/app.js"
grep -q "ylabel: '\\\\u00d7 ' + base," "$TMP/planted/app.js" ||
  fail "the planted app.js was not changed"
start_static "$TMP/site"
SEL=$SEL SUITE=$SUITE BASELINE=$1 CANDIDATE="$2 $3" PLANT_BASE=$(P machine) \
STATIC_URL=$STATIC_URL STATIC_FILE=$TMP/site PLANTED=$TMP/planted \
  timeout 900 "$PY" "$SRC/tests/web/names.py" "$URL" "$TMP"
rc=$?
stop_static
[ $rc = 77 ] && exit 77
[ $rc = 0 ] || fail "names.py"
exit $((failures > 0))
