#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# upload.sh -- skampi-db serve --allow-upload and skampi-db push end to
# end on the loopback: a new file (201, then found in the database byte
# for byte), the same content again (200), one new file sent twice at
# once (one 201, one 200), a skampi-run directory as a campaign archive
# (201, 200, 422), a hostile file (422 with the
# reader's located message, nothing stored), no token (401), an unknown
# and a revoked token (403), a body over the limit (413; 401 and 403
# without a valid token, whose body is not kept); without
# --allow-upload POST stays 405 (api.py).
. "${top_srcdir:-.}/tests/web/lib.sh"
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
mkdir -p "$W/up"
cp "$SRC/tests/tools/runs/raw1.yaml" "$W/up/new.yaml"
cp "$SRC/tests/tools/runs/a1.yaml" "$W/up/again.yaml"
sed '50s/mean: .*/mean: fast/' "$SRC/tests/tools/runs/a4.yaml" > "$W/up/bad.yaml"
T=$(db token add ci 2> /dev/null) || fail "token add ci"
OLD=$(db token add old 2> /dev/null) || fail "token add old"
db token revoke old > /dev/null || fail "token revoke old"
runs_before=$(db list | wc -l)
start_server --allow-upload

# push ARGS...: one transcript step, the URL made neutral
push() {
  echo "\$ skampi-db push $*" | sed "s|$URL|URL|g" >> "$TMP/out"
  (cd "$W/up" && "$DB" push "$@") > "$TMP/step" 2>&1
  echo "[exit $?]" >> "$TMP/step"
  sed "s|$URL|URL|g" "$TMP/step" >> "$TMP/out"
}
: > "$TMP/out"
SKAMPI_TOKEN=$T push --url "$URL" new.yaml again.yaml bad.yaml
SKAMPI_TOKEN=$T push --url "$URL" new.yaml
SKAMPI_TOKEN=0123456789abcdef push -q --url "$URL" new.yaml
SKAMPI_TOKEN=$OLD push -q --url "$URL" new.yaml
cat > "$TMP/want" <<'EOF2'
$ skampi-db push --url URL new.yaml again.yaml bad.yaml
new.yaml: created run 15 on the server
again.yaml: already on the server as run 1 (same content), nothing imported
skampi-db: error: bad.yaml: not imported: the server answered 422:
  bad.yaml:50:15: error: 'mean' must be a number, not 'fast'
     50 |         mean: fast
        |               ^
skampi-db: 1 of 3 files not imported
[exit 1]
$ skampi-db push --url URL new.yaml
new.yaml: already on the server as run 15 (same content), nothing imported
[exit 0]
$ skampi-db push -q --url URL new.yaml
skampi-db: error: new.yaml: not imported: the server answered 403:
  the token is unknown
skampi-db: 1 of 1 files not imported
[exit 1]
$ skampi-db push -q --url URL new.yaml
skampi-db: error: new.yaml: not imported: the server answered 403:
  the token is revoked
skampi-db: 1 of 1 files not imported
[exit 1]
EOF2
diff -u "$TMP/want" "$TMP/out" || fail "push transcript"

# the same new file twice at once: one run, the other answer names it
cp "$SRC/tests/tools/runs/b4.yaml" "$W/up/twin.yaml"
(cd "$W/up" && SKAMPI_TOKEN=$T "$DB" push --url "$URL" twin.yaml) > "$TMP/t1" 2>&1 &
p1=$!
(cd "$W/up" && SKAMPI_TOKEN=$T "$DB" push --url "$URL" twin.yaml) > "$TMP/t2" 2>&1
wait $p1
sort "$TMP/t1" "$TMP/t2" > "$TMP/twins"
printf '%s\n' "twin.yaml: already on the server as run 16 (same content), nothing imported" \
  "twin.yaml: created run 16 on the server" | diff -u - "$TMP/twins" ||
  fail "two uploads of one file at once"

# no token, another scheme, too large: the answer itself
timeout 120 python3 - "$URL" "$T" "$W/up/again.yaml" > "$TMP/py" 2>&1 <<'PY' || fail "python: $(cat "$TMP/py")"
import json, sys, urllib.error, urllib.request
url, tok = sys.argv[1], sys.argv[2]
def post(headers, data):
    req = urllib.request.Request(url + "/api/runs?name=x.yaml", data=data,
                                 method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()
body = b"schema_version: 1\n"
bad = 0
st, h, b = post({"Authorization": "Bearer " + tok},
                open(sys.argv[3], "rb").read())
j = json.loads(b)
if (st, set(j), j.get("run"), j.get("status")) != \
        (200, {"run", "status", "message"}, 1, "duplicate") or \
        not j["message"].startswith("skampi-db: x.yaml: already in the database as run 1"):
    print("duplicate ->", st, b); bad += 1
for hdr, want in (({}, 401), ({"Authorization": "Basic " + tok}, 401),
                  ({"Authorization": "Bearer"}, 401),
                  ({"Authorization": "Bearer " + tok + "x"}, 403)):
    st, h, b = post(hdr, body)
    j = json.loads(b)
    if st != want or set(j) != {"error"} or h.get("Cache-Control") != "no-store":
        print("headers", hdr.keys(), "->", st, b); bad += 1
    if want == 401 and h.get("WWW-Authenticate") != 'Bearer realm="skampi-db"':
        print("401 without WWW-Authenticate:", dict(h)); bad += 1
st, h, b = post({"Authorization": "Bearer " + tok,
                 "Content-Type": "application/x-yaml"},
                b"#" * (64 * 1024 * 1024 + 1))
if st != 413 or "larger than" not in json.loads(b)["error"]:
    print("too large ->", st, b[:200]); bad += 1
# a stranger's large body is not kept: 401 (or 403), not 413
st, h, b = post({}, b"#" * (64 * 1024 * 1024 + 1))
if st != 401:
    print("too large without a token ->", st, b[:200]); bad += 1
st, h, b = post({"Authorization": "Bearer " + tok + "0"},
                b"#" * (64 * 1024 * 1024 + 1))
if st != 403:
    print("too large with a wrong token ->", st, b[:200]); bad += 1
st, h, b = post({"Authorization": "Bearer " + tok}, b"")
if st != 422:
    print("empty ->", st, b[:200]); bad += 1
sys.exit(1 if bad else 0)
PY

# what went in: two runs, byte for byte; nothing of bad.yaml
[ "$(db list | wc -l)" = $((runs_before + 2)) ] || fail "runs: $(db list)"
db export 15 -o "$TMP/back.yaml" > /dev/null 2>&1 || fail "export 15"
cmp -s "$TMP/back.yaml" "$W/up/new.yaml" || fail "run 15 differs from new.yaml"
db show 15 | grep -q 'new.yaml' || fail "run 15 has not the upload's name"
# the API reads the new run at once
timeout 60 python3 -c '
import json, sys, urllib.request
j = json.load(urllib.request.urlopen(sys.argv[1] + "/api/runs/15", timeout=30))
sys.exit(0 if j["id"] == 15 else 1)' "$URL" || fail "GET /api/runs/15"

# a skampi-run directory goes as a campaign archive: its three runs and
# merged.yaml (201 with the merged run), the same again (200), one with
# a bad run (422, the located message, nothing of it stored)
mkdir -p "$W/up/camp" "$W/up/camp2"
for i in 1 2 3; do
  scale pingpong 1.1 "$SRC/tests/tools/runs/b$i.yaml" > "$W/up/camp/run-0$i.yaml"
  echo "run-0$i.yaml seed=$i status=0" >> "$W/up/camp/runs.txt"
done
(cd "$W/up/camp" && "$MERGE" -o merged.yaml run-01.yaml run-02.yaml run-03.yaml) ||
  fail "skampi-merge"
cp "$W/up/camp/runs.txt" "$W/up/camp/run-0"[12].yaml "$W/up/camp2/"
sed '50s/mean: .*/mean: fast/' "$SRC/tests/tools/runs/a4.yaml" > "$W/up/camp2/run-03.yaml"
: > "$TMP/out"
SKAMPI_TOKEN=$T push --url "$URL" camp camp/
SKAMPI_TOKEN=$T push -q --url "$URL" camp2
cat > "$TMP/want" <<'EOF2'
$ skampi-db push --url URL camp camp/
camp: created run 20 on the server
camp/: already on the server as run 20 (same content), nothing imported
[exit 0]
$ skampi-db push -q --url URL camp2
skampi-db: error: camp2: not imported: the server answered 422:
  camp2.tar/run-03.yaml:50:15: error: 'mean' must be a number, not 'fast'
EOF2
head -n 7 "$TMP/out" | diff -u "$TMP/want" - || fail "push a directory"
[ "$(db list | wc -l)" = $((runs_before + 6)) ] || fail "runs after the campaign: $(db list)"
db show 20 | grep -q 'camp.tar/merged.yaml' || fail "run 20 is not the campaign's merged file"
# push --tag: the server labels every run of the upload (as import --tag
# does); a bad tag is refused with 400 before anything is imported
mkdir -p "$W/up/tagged"
scale pingpong 1.2 "$SRC/tests/tools/runs/b4.yaml" > "$W/up/tagged/t.yaml"
scale pingpong 1.3 "$SRC/tests/tools/runs/b4.yaml" > "$W/up/tagged/u.yaml"
(cd "$W/up/tagged" && SKAMPI_TOKEN=$T "$DB" push -q --url "$URL" \
  --tag phase=after --tag 'who=a b' t.yaml) || fail "push --tag"
db list --tag phase=after --tag 'who=a b' | grep -q 'phase=after who=a b' ||
  fail "push --tag: the run is not labelled: $(db list)"
(cd "$W/up/tagged" && SKAMPI_TOKEN=$T "$DB" push -q --url "$URL" \
  --tag '=x' u.yaml) > "$TMP/o" 2>&1 && fail "push of a bad tag went in"
grep -qx "skampi-db: error: --tag takes KEY=VALUE, not '=x'" "$TMP/o" ||
  fail "push of a bad tag: $(cat "$TMP/o")"
timeout 60 python3 - "$URL" "$T" "$W/up/tagged/u.yaml" <<'PY' ||
import sys, urllib.error, urllib.request
url, tok, path = sys.argv[1:4]
for q, want in (("tag=%3Dx", "bad tag: a tag is KEY=VALUE"),
                ("tag=a%3D%0A", "bad tag: a tag holds no control character"),
                ("&".join(["tag=k%d%%3Dv" % i for i in range(17)]),
                 "at most 16 tags label an upload")):
    req = urllib.request.Request(url + "/api/runs?name=u.yaml&" + q,
                                 data=open(path, "rb").read(),
                                 headers={"Authorization": "Bearer " + tok})
    try:
        urllib.request.urlopen(req, timeout=30)
        sys.exit("bad tags %s taken" % q)
    except urllib.error.HTTPError as e:
        body = e.read().decode()
        if e.code != 400 or want not in body:
            sys.exit("bad tags %s: %d %s" % (q, e.code, body))
PY
  fail "the server takes bad tags"
stop_server
[ "$SERVER_RC" = 0 ] || fail "serve exited with $SERVER_RC"
for st in 201 200 422 401 403 413; do
  grep -q "^POST /api/runs $st " "$TMP/server.log" || fail "no log line 'POST /api/runs $st'"
done
grep -q "$T" "$TMP/server.log" && fail "the token is in the server's log"
exit $((failures > 0))
