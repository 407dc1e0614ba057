#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# upload-archive.sh -- a campaign archive (the tar of a skampi-run
# directory, as `tar -cf` makes it) through sk_upload_import()
# (tests/db/upload_file, as the server calls it): the same runs,
# campaign and rows as `skampi-db import DIR`; the same archive again is
# a duplicate; a bad file inside refuses the whole archive; hostile
# archives (truncated, path traversal, a huge declared size, a symbolic
# link, a bad checksum, two directories, runs.txt naming a missing run,
# more than 4096 entries)
# are refused with a located message and leave no row.
. "${top_srcdir:-.}/tests/db/lib.sh"
UP=$BUILD/tests/db/upload_file
W=$TMP/w
mkdir -p "$W/camp"
i=0
for f in b1 b2 b3; do
  i=$((i + 1))
  cp "$SRC/tests/tools/runs/$f.yaml" "$W/camp/run-0$i.yaml"
  echo "run-0$i.yaml seed=$i status=0" >> "$W/camp/runs.txt"
done
(cd "$W/camp" && "$MERGE" -o merged.yaml run-01.yaml run-02.yaml run-03.yaml) ||
  fail "skampi-merge failed"
echo "a log, not a result" > "$W/camp/skampi-run.log"
mkdir "$W/camp/report" && cp "$W/camp/run-01.yaml" "$W/camp/report/x.yaml"
(cd "$W" && tar -cf camp.tar camp) || fail "tar -cf"

# taken: as import DIR
"$UP" "$TMP/up.db" "$W/camp.tar" > "$TMP/up.out" || fail "upload_file exit $?"
"$DB" --db "$TMP/im.db" import "$W/camp" > "$TMP/im.out" || fail "import DIR"
sed -n 1p "$TMP/up.out" | grep -qx "status 0 run 4" ||
  fail "archive: $(cat "$TMP/up.out")"
sed 1d "$TMP/up.out" | sed -e 's/^skampi-db: //' -e "s|^$W/camp.tar/|$W/camp/|" |
  diff -u "$TMP/im.out" - || fail "archive: said differently from import DIR"
[ "$("$CHECK" "$TMP/up.db" counts)" = "$("$CHECK" "$TMP/im.db" counts)" ] ||
  fail "rows: $("$CHECK" "$TMP/up.db" counts) vs $("$CHECK" "$TMP/im.db" counts)"
"$DB" --db "$TMP/up.db" list > "$TMP/up.list"
"$DB" --db "$TMP/im.db" list > "$TMP/im.list"
diff -u "$TMP/im.list" "$TMP/up.list" || fail "list differs from import DIR"

# again: nothing new
"$UP" "$TMP/up.db" "$W/camp.tar" > "$TMP/up.out"
sed -n 1p "$TMP/up.out" | grep -qx "status 1 run 4" ||
  fail "again: $(cat "$TMP/up.out")"
grep -qF "camp.tar/run-02.yaml: already in the database as run 2 (same content)" "$TMP/up.out" ||
  fail "again: $(cat "$TMP/up.out")"

# a bad file inside: nothing of the archive stored (run-01 would be new)
cp -r "$W/camp" "$W/bad" && cp "$SRC/tests/tools/runs/a1.yaml" "$W/bad/run-01.yaml"
sed -i '50s/mean: .*/mean: fast/' "$W/bad/run-03.yaml"
(cd "$W" && tar -cf bad.tar bad)
before=$("$CHECK" "$TMP/up.db" counts)
"$UP" "$TMP/up.db" "$W/bad.tar" > "$TMP/up.out"
sed -n 1p "$TMP/up.out" | grep -qx "status 2 run 0" || fail "bad: $(cat "$TMP/up.out")"
grep -q "bad.tar/run-03.yaml:50:[0-9]*: error: " "$TMP/up.out" ||
  fail "bad: not located: $(cat "$TMP/up.out")"
grep -qF "bad.tar: nothing of the archive was imported" "$TMP/up.out" ||
  fail "bad: $(cat "$TMP/up.out")"
[ "$("$CHECK" "$TMP/up.db" counts)" = "$before" ] || fail "bad: rows left"

# hostile archives, made by Python's tarfile and by hand
python3 - "$W" <<'PY' || fail "making the hostile archives"
import io, sys, tarfile
W = sys.argv[1]
run = open(W + "/camp/run-01.yaml", "rb").read()
def make(name, entries, fmt=tarfile.USTAR_FORMAT):
    b = io.BytesIO()
    with tarfile.open(fileobj=b, mode="w", format=fmt) as t:
        for e in entries:
            t.addfile(*e)
    open(W + "/" + name, "wb").write(b.getvalue())
    return b.getvalue()
def reg(name, data=run):
    i = tarfile.TarInfo(name); i.size = len(data); return (i, io.BytesIO(data))
def link(name, target, kind):
    i = tarfile.TarInfo(name); i.type = kind; i.linkname = target; return (i,)
good = make("good.tar", [reg("c/run-01.yaml")])
open(W + "/truncated.tar", "wb").write(good[:1000])
open(W + "/noend.tar", "wb").write(good[:512 + (len(run) + 511) // 512 * 512])
make("traversal.tar", [reg("../../etc/run-01.yaml")])
make("absolute.tar", [reg("/tmp/run-01.yaml")])
make("symlink.tar", [link("c/run-01.yaml", "/etc/passwd", tarfile.SYMTYPE)])
make("hardlink.tar", [reg("c/a.yaml"), link("c/b.yaml", "c/a.yaml", tarfile.LNKTYPE)])
make("twodirs.tar", [reg("c/run-01.yaml"), reg("d/run-02.yaml")])
make("missing.tar", [reg("c/runs.txt", b"run-01.yaml\nrun-09.yaml\n"), reg("c/run-01.yaml")])
make("empty.tar", [reg("c/notes.txt", b"hello\n")])
def dirent(name):
    i = tarfile.TarInfo(name); i.type = tarfile.DIRTYPE; return (i,)
make("many.tar", [dirent("c/d%d" % k) for k in range(4097)])
huge = bytearray(good)
huge[124:136] = b"77777777777\0"
huge[148:156] = b"        "
huge[148:155] = b"%06o\0" % sum(huge[:512])
open(W + "/huge.tar", "wb").write(huge)
bad = bytearray(good)
bad[0:1] = b"d"
open(W + "/checksum.tar", "wb").write(bad)
# a full prefix (155 bytes), its '/' and a full name (100): 256 bytes
long = bytearray(good)
long[0:100] = b"a" * 100
long[345:500] = b"b" * 155
long[148:156] = b"        "
long[148:155] = b"%06o\0" % sum(long[:512])
open(W + "/longname.tar", "wb").write(long)
make("duplicate.tar", [reg("c/run-01.yaml"), reg("c/run-01.yaml")])
PY
cd "$W" || exit 99
while read -r f want; do
  before=$("$CHECK" "$TMP/up.db" counts)
  "$UP" "$TMP/up.db" "$f" > "$TMP/up.out" 2> "$TMP/up.err" || fail "$f: exit $?"
  [ -s "$TMP/up.err" ] && fail "$f: stderr $(cat "$TMP/up.err")"
  sed -n 1p "$TMP/up.out" | grep -qx "status 2 run 0" || fail "$f: $(cat "$TMP/up.out")"
  sed -n 2p "$TMP/up.out" | grep -qxF "skampi-db: error: $f: not a campaign archive: $want" ||
    fail "$f: $(sed -n 2p "$TMP/up.out") (wanted: $want)"
  [ "$("$CHECK" "$TMP/up.db" counts)" = "$before" ] || fail "$f: rows left"
done <<'LIST'
truncated.tar byte 0, entry 1 'c/run-01.yaml': declares 2091 bytes, but only 488 follow (truncated, or a false size)
noend.tar byte 3072: the archive is truncated (it ends without its end-of-archive blocks)
traversal.tar byte 0, entry 1 '../../etc/run-01.yaml': a name with '..'
absolute.tar byte 0, entry 1 '/tmp/run-01.yaml': an absolute name (a leading '/')
symlink.tar byte 0, entry 1 'c/run-01.yaml': an entry of type '2' (a symbolic link); only regular files and directories are taken
hardlink.tar byte 3072, entry 2 'c/b.yaml': an entry of type '1' (a hard link); only regular files and directories are taken
twodirs.tar byte 3072, entry 2 'd/run-02.yaml': files of more than one directory (an archive holds one skampi-run directory)
missing.tar byte 10240: runs.txt names 'run-09.yaml', which the archive does not hold
empty.tar byte 10240: the archive holds no result file (*.yaml)
huge.tar byte 0, entry 1 'c/run-01.yaml': declares 8589934591 bytes, but only 9728 follow (truncated, or a false size)
checksum.tar byte 0, entry 1 'd/run-01.yaml': the header's checksum does not match
many.tar byte 2097152, entry 4097 'c/d4096/': more than 4096 entries
longname.tar byte 0, entry 1 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa': a name longer than 255 bytes
duplicate.tar byte 10240: two entries named 'run-01.yaml'
LIST
exit $((failures > 0))
