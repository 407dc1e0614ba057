#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-run --push URL: a campaign of one run on 2 processes sent to
# tests/db/pushserver.py (a stand-in server on 127.0.0.1 that checks each
# request: its path, the upload's name, the bearer token from
# $SKAMPI_TOKEN, the bytes): the directory as one campaign archive;
# a server that refuses one gives exit status 5 and keeps the files; the
# refusals of the command line come before any run.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
# skampi-db is not built where configure left it out (--disable-db, or
# its libraries missing: SK_WITH_DB=no, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "SKIP: skampi-db is not built (configure: --disable-db, or SQLite, libcurl, libmicrohttpd or dygraphs missing)"
  exit 77
fi
command -v python3 > /dev/null || { echo "SKIP: no python3"; exit 77; }
RUN=$top_builddir/campaign/skampi-run
export SKAMPI_MERGE="$top_builddir/campaign/skampi-merge" \
  SKAMPI_DB_PROGRAM="$top_builddir/db/skampi-db"
suite=$top_srcdir/tests/tools/tiny.skampi
skampi=$(abs "$SKAMPI")
TOKEN=feedfacefeedfacefeedfacefeedfacefeedfacefeedfacefeedfacefeedface

refuse() {  # MESSAGE ARGS...
  msg=$1; shift
  SKAMPI=$skampi "$RUN" "$@" 2> "$work/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit status $rc, not 2"
  printf '%s\n' "$msg" | diff -u - "$work/err" || fail "$*: message"
}
SKAMPI_TOKEN=$TOKEN refuse "skampi-run: error: --push takes an http:// or https:// URL, not 'ftp://x/' (see skampi-run --help)" \
  -n 1 --push ftp://x/ "$suite" -o "$work/x"
SKAMPI_TOKEN= refuse "skampi-run: error: --push needs the upload token in \$SKAMPI_TOKEN (see skampi-run --help)" \
  -n 1 --push http://127.0.0.1:9/ "$suite" -o "$work/x"
[ -e "$work/x" ] && fail "a refused command line made its directory"

# server DIR ANSWER...: the stand-in, its port in $port
server() {
  pf=$(abs "$work/port.$1")
  shift
  python3 "$top_srcdir/tests/db/pushserver.py" "$pf" "$TOKEN" "$pf.log" "$@" &
  spid=$!
  i=0
  while [ ! -s "$pf" ] && [ $i -lt 600 ] && kill -0 $spid 2> /dev/null; do
    sleep 0.1
    i=$((i + 1))
  done
  [ -s "$pf" ] || fail "the stand-in server did not start"
  port=$(cat "$pf")
}

out=$(abs "$work/out")
server 1 "$out|201|{\"run\":5}"
SKAMPI=$skampi SKAMPI_TOKEN=$TOKEN "$RUN" -n 1 --seed 3 --no-report \
  --launcher "$MPIEXEC -n 2" --push "http://127.0.0.1:$port" "$suite" \
  -o "$out" > "$work/stdout" 2> "$work/stderr" ||
  fail "skampi-run --push failed: $(cat "$work/stderr")"
wait $spid
[ "$(cat "$work/port.1.log")" = "done 1" ] ||
  fail "the stand-in saw: $(cat "$work/port.1.log")"
printf '%s\n' "$out: created run 5 on the server" | diff -u - "$work/stdout" ||
  fail "push lines"
grep -q "$TOKEN" "$work/stdout" "$work/stderr" && fail "the token was printed"

out=$(abs "$work/out2")
server 2 "$out|403|{\"error\":\"the token is revoked\"}"
SKAMPI=$skampi SKAMPI_TOKEN=$TOKEN "$RUN" -n 1 --seed 3 --no-report \
  --launcher "$MPIEXEC -n 2" --push "http://127.0.0.1:$port/" "$suite" \
  -o "$out" > "$work/stdout" 2> "$work/stderr"
rc=$?
wait $spid
[ "$rc" -eq 5 ] || fail "refused push: exit status $rc, not 5"
tail -n 1 "$work/stderr" | grep -qxF "skampi-run: error: pushing '$out' to 'http://127.0.0.1:$port/' failed (the runs are kept; send them again with: skampi-db push --url 'http://127.0.0.1:$port/' '$out')" ||
  fail "refused push: $(cat "$work/stderr")"
grep -qxF "skampi-db: error: $out: not imported: the server answered 403:" "$work/stderr" ||
  fail "refused push: the server's answer not shown"
[ -s "$out/run-01.yaml" ] && [ -s "$out/merged.yaml" ] || fail "files not kept"
exit 0
