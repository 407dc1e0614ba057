#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# readme-run.sh -- every command of README.md, run as written: each line
# of its ```sh blocks and each command it names in its text (`skampi-db
# ...`, `skampi-run ...`, `mpiexec ...`).  The commands are read from
# README.md itself: one this test does not know fails it, so a command
# added to the README must be added here.
#
# What is not the README's text:
# - the programs are this build's (links in a directory first on PATH;
#   `mpiexec` is MPICH's, the MPI skampi is built with);
# - `default` is found first in a directory of the test
#   (SKAMPI_SUITE_PATH): the shipped suites/default.skampi with its
#   settings, cut to three of its suites (ping-pong, bcast, barrier), and
#   every suite runs quick (SKAMPI_TEST_QUICK=2: 2 repetitions a point,
#   about 6 points a suite), so that the 31 runs take a minute or two,
#   not half an hour on a busy machine;
# - the build commands (.ci/install-deps, autoreconf, ./configure, make)
#   are what made this build: in the copy of the clone they run in, they
#   only record that they were called, in order, with the README's
#   arguments;
# - the placeholders are filled in: SKAMPI_TOKEN=... with the token that
#   `token add alice` printed, https://bench.example.org with the address
#   of the server the README starts (127.0.0.1), /var/www/html/bench with
#   a directory of the test, results.yaml and run/ with a run and a
#   campaign of the commands before;
# - the server commands (serve, serve --allow-upload --listen
#   0.0.0.0:8077) run in the background, are asked for their first page
#   and stopped; where port 8077 is taken by another program, the test
#   runs them on a free port instead and says so.
# Asserted: each command's exit status (compare's 0, 5 or 6: no change,
# a regression, inconclusive), the files it writes (result files, PDFs
# that pdfinfo reads, the published site), the runs in the database.
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
SRC=$(cd "$top_srcdir" && pwd)
BUILD=$(cd "$top_builddir" && pwd)
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
note() { echo "readme-run: $*"; }
# skampi-db is not built where configure left it out (--disable-db, or
# its libraries missing: SK_WITH_DB=no, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "SKIP: skampi-db is not built (configure: --disable-db, or SQLite, libcurl, libmicrohttpd or dygraphs missing)"
  exit 77
fi
command -v mpiexec.mpich > /dev/null 2>&1 || { echo "no mpiexec.mpich"; exit 77; }
# the README's commands name MPICH's launcher: a build against another
# MPI (the CI's Open MPI step) cannot run them as written
case $("$BUILD/src/skampi" --list 2> /dev/null | sed -n '1s/^MPI library: //p') in
  MPICH*) ;;
  *) echo "SKIP: skampi is built with another MPI than the README's MPICH"; exit 77 ;;
esac
command -v pdfinfo > /dev/null 2>&1 || { echo "no pdfinfo"; exit 77; }
PY=$(command -v python3) || { echo "no python3"; exit 77; }
mkdir -p "$BUILD/tests/install"
TMP=$(mktemp -d "$BUILD/tests/install/readme.XXXXXX") || exit 99
SERVER_PID=
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2> /dev/null; rm -rf "$TMP"' EXIT

# ---- the commands of README.md ----------------------------------------
# the lines of its sh blocks (comments and blank lines left out), then
# its inline commands (a code span over two lines joined)
awk '/^```sh$/ { on = 1; next } /^```/ { on = 0; next }
     on && !/^[ \t]*#/ && NF' "$SRC/README.md" > "$TMP/blocks"
awk '/^```/ { on = !on; print ""; next } !on' "$SRC/README.md" |
  tr '\n' ' ' | grep -o '`[^`]*`' | tr -d '`' |
  grep -E '^(skampi-db|skampi-run|mpiexec) ' > "$TMP/inline"
cat "$TMP/blocks" "$TMP/inline" > "$TMP/readme"
# the forms that are not commands: `...` as the arguments, a NAME to
# fill in
grep -v -e ' \.\.\.$' -e ' DIR$' "$TMP/readme" > "$TMP/commands"
n=$(wc -l < "$TMP/commands")
[ "$n" -ge 15 ] || fail "only $n commands read from README.md"

# KNOWN: the commands this test runs, as README.md writes them
KNOWN=$TMP/known
: > "$KNOWN"
# run DIR COMMAND: COMMAND (README.md's text, placeholders filled in by
# the caller through FILLED) in DIR; its status into rc, its output into
# $TMP/out
FILLED=
run() {
  dir=$1 cmd=$2
  printf '%s\n' "$cmd" >> "$KNOWN"
  grep -qxF -- "$cmd" "$TMP/commands" ||
    fail "not a command of README.md (any more?): $cmd"
  line=${FILLED:-$cmd}
  (cd "$dir" && sh -c "$line") > "$TMP/out" 2>&1
  rc=$?
  FILLED=
}
ok() {    # the command ran with status 0
  [ "$rc" = 0 ] || { fail "exit status $rc: $cmd"; sed 's/^/  /' "$TMP/out" >&2; }
}

# ---- the environment -----------------------------------------------------
mkdir -p "$TMP/bin" "$TMP/clone/.ci" "$TMP/clone/src" "$TMP/clone/report" \
  "$TMP/home" || exit 99
for p in src/skampi report/skampi-report campaign/skampi-run \
         campaign/skampi-merge db/skampi-db; do
  [ -x "$BUILD/$p" ] || { echo "no $BUILD/$p"; exit 99; }
  ln -s "$BUILD/$p" "$TMP/bin/${p##*/}"
done
# mpiexec: the launcher of the MPI skampi is built with
cat > "$TMP/bin/mpiexec" <<'EOF'
#!/bin/sh
exec mpiexec.mpich "$@"
EOF
# the build's commands in the clone: what made this build; they record
# their calls
LOG=$TMP/calls
for p in autoreconf make; do
  printf '#!/bin/sh\necho "%s${*:+ $*}" >> "%s"\n' "$p" "$LOG" > "$TMP/bin/$p"
done
printf '#!/bin/sh\necho ".ci/install-deps${*:+ $*}" >> "%s"\n' "$LOG" \
  > "$TMP/clone/.ci/install-deps"
printf '#!/bin/sh\necho "./configure${*:+ $*}" >> "%s"\n' "$LOG" \
  > "$TMP/clone/configure"
chmod +x "$TMP/bin/"* "$TMP/clone/.ci/install-deps" "$TMP/clone/configure"
ln -s "$BUILD/src/skampi" "$TMP/clone/src/skampi"
ln -s "$BUILD/report/skampi-report" "$TMP/clone/report/skampi-report"
# `default`: the shipped suite's settings, three of its suites
mkdir -p "$TMP/suites" || exit 99
sed -n '1,/^@MEASUREMENTS/p' "$SRC/suites/default.skampi" > "$TMP/suites/default.skampi"
grep -E '^(Pingpong_Send_Recv|MPI_Bcast|MPI_Barrier) \{' "$SRC/suites/default.skampi" \
  >> "$TMP/suites/default.skampi"
[ "$(grep -c ' { Type = ' "$TMP/suites/default.skampi")" = 3 ] ||
  { echo "suites/default.skampi lacks ping-pong, bcast or barrier"; exit 99; }
PATH=$TMP/bin:$PATH
HOME=$TMP/home
SKAMPI_TEST_QUICK=2
SKAMPI_SUITE_PATH=$TMP/suites
export PATH HOME SKAMPI_TEST_QUICK SKAMPI_SUITE_PATH
unset SKAMPI_DB SKAMPI_TOKEN SKAMPI SKAMPI_MERGE SKAMPI_REPORT \
  SKAMPI_DB_PROGRAM MPIEXEC SOURCE_DATE_EPOCH

# ---- Run the default suite ----------------------------------------------
run "$TMP/clone" '.ci/install-deps && autoreconf -fi && ./configure && make && mpiexec.mpich -n 2 src/skampi default && report/skampi-report skampi.yaml -o report.pdf'
ok
printf '%s\n' .ci/install-deps 'autoreconf -fi' ./configure make \
  > "$TMP/want"
diff -u "$TMP/want" "$LOG" > /dev/null 2>&1 ||
  fail "the build commands: $(cat "$LOG")"
for f in skampi.yaml skampi.log report.pdf; do
  [ -s "$TMP/clone/$f" ] || fail "the default suite wrote no $f"
done
pdfinfo "$TMP/clone/report.pdf" > /dev/null 2>&1 || fail "report.pdf does not read"
grep -q '^- name: Pingpong_Send_Recv$' "$TMP/clone/skampi.yaml" ||
  fail "skampi.yaml has no Pingpong_Send_Recv"
# after make install (the programs on PATH)
run "$TMP/home" 'mpiexec -n 2 skampi default'
ok
[ -s "$TMP/home/skampi.yaml" ] || fail "mpiexec -n 2 skampi default: no skampi.yaml"
# measuring again: a new result file (the finished skampi.yaml is never
# continued)
run "$TMP/home" 'mpiexec -n 2 skampi default -o after.yaml'
ok
[ -s "$TMP/home/after.yaml" ] || fail "mpiexec -n 2 skampi default -o after.yaml: no after.yaml"

# ---- Keep and compare runs ------------------------------------------------
W=$TMP/work
mkdir -p "$W"
run "$W" 'skampi-run -n 10 default -o before/ && skampi-db import --tag phase=before before/'
ok
run "$W" 'skampi-run -n 10 default -o after/ && skampi-db import --tag phase=after after/'
ok
for d in before after; do
  r=$(ls "$W/$d"/run-*.yaml 2> /dev/null | wc -l)
  [ "$r" = 10 ] || fail "$d/: $r runs, not 10"
done
skampi-db --db "$W/skampi.db" list kind=merged --format json > "$TMP/list" 2>&1
grep -q '"count":2}' "$TMP/list" || fail "not two merged runs: $(cat "$TMP/list")"
run "$W" 'skampi-db compare --baseline tag=phase=before --candidate tag=phase=after'
case $rc in
  0|5|6) ;;
  *) fail "compare: exit status $rc"; cat "$TMP/out" >&2 ;;
esac
# its verdict, whatever the machine made of the two campaigns: the
# summary of the points and the run counts of both sides
grep -q '^summary: .*(of [0-9]* points)$' "$TMP/out" &&
  grep -qx 'baseline: 10 runs, candidate: 10 runs' "$TMP/out" ||
  fail "compare printed no verdict: $(head -5 "$TMP/out")"
note "compare: exit status $rc, $(grep -m1 -E 'slower|faster|significant|inconclusive' "$TMP/out")"
run "$W" 'skampi-db plot tag=phase=before tag=phase=after kind=merged --suite Pingpong_Send_Recv -o pingpong.pdf'
ok
pdfinfo "$W/pingpong.pdf" > /dev/null 2>&1 || fail "pingpong.pdf does not read"
run "$W" 'skampi-db history all --suite Pingpong_Send_Recv --argument 4096'
ok
grep -q 'µs' "$TMP/out" || fail "history prints no times in µs: $(head -3 "$TMP/out")"

# ---- the web interface ----------------------------------------------------
# serve CMD: CMD (a serve command) in the background in $W; URL from its
# first line.  Port 8077 taken: the same on a free port.
URL=
serve() {
  line=$1
  (cd "${SERVE_DIR:-$W}" && exec sh -c "exec $line") 2> "$TMP/serve.log" &
  SERVER_PID=$!
  URL=
  i=0
  while [ $i -lt 300 ] && [ -z "$URL" ]; do
    URL=$(sed -n 's|^skampi-db: listening on \(http://[0-9.]*:[0-9]*\)/$|\1|p' "$TMP/serve.log")
    kill -0 "$SERVER_PID" 2> /dev/null || break
    [ -n "$URL" ] || sleep 0.1
    i=$((i + 1))
  done
  if [ -z "$URL" ] && grep -q 'cannot listen on .*:8077' "$TMP/serve.log"; then
    note "port 8077 is taken here: '$line' runs on a free port"
    serve "$(printf '%s' "$line" | sed 's/--listen \([0-9.]*\):8077/--listen \1:0/; s/^skampi-db serve *\(#.*\)\{0,1\}$/skampi-db serve --listen 127.0.0.1:0/')"
    return
  fi
  [ -n "$URL" ] || { fail "serve did not start: $(cat "$TMP/serve.log")"; return; }
  URL=$(printf '%s' "$URL" | sed 's|//0\.0\.0\.0:|//127.0.0.1:|')
}
stop() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2> /dev/null && wait "$SERVER_PID"
  SERVER_PID=
}
get() {    # PATH: the status of GET URL/PATH
  "$PY" -c 'import sys, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=60) as r:
        print(r.status)
except Exception as e:
    print(getattr(e, "code", e))' "$URL$1"
}
cmd='skampi-db serve          # then open http://127.0.0.1:8077/'
printf '%s\n' "$cmd" >> "$KNOWN"
grep -qxF -- "$cmd" "$TMP/commands" || fail "not a command of README.md: $cmd"
serve "$cmd"
if [ -n "$URL" ]; then
  [ "$(get /)" = 200 ] || fail "serve: GET / is not 200"
  [ "$(get "/api/runs?sel=tag%3Dphase%3Dbefore")" = 200 ] || fail "serve: /api/runs"
fi
stop

# the server of a site, in a directory of its own (its skampi.db)
S=$TMP/site
mkdir -p "$S"
run "$S" 'skampi-db token add alice                 # on the server: prints the token once'
ok
TOKEN=$(grep -m1 -x '[0-9a-f]\{64\}' "$TMP/out")
[ -n "$TOKEN" ] || fail "token add printed no token: $(cat "$TMP/out")"
cmd='skampi-db serve --allow-upload --listen 0.0.0.0:8077'
printf '%s\n' "$cmd" >> "$KNOWN"
grep -qxF -- "$cmd" "$TMP/commands" || fail "not a command of README.md: $cmd"
SERVE_DIR=$S
serve "$cmd"
SERVE_DIR=
if [ -n "$URL" ]; then
  fill() {    # the README's placeholders filled in
    printf '%s' "$1" | sed -e "s|SKAMPI_TOKEN=\.\.\.|SKAMPI_TOKEN=$TOKEN|" \
      -e "s|https://bench\.example\.org|$URL|"
  }
  P=$TMP/push
  mkdir -p "$P/new"
  cp "$TMP/clone/skampi.yaml" "$P/results.yaml"
  cp -R "$W/before" "$P/run"
  c='SKAMPI_TOKEN=... skampi-db push --url https://bench.example.org results.yaml'
  FILLED=$(fill "$c")
  run "$P" "$c"
  ok
  c='SKAMPI_TOKEN=... skampi-db push --url https://bench.example.org run/   # a campaign, all or nothing'
  FILLED=$(fill "$c")
  run "$P" "$c"
  ok
  # a campaign of its own, pushed as it ends
  c='SKAMPI_TOKEN=... skampi-run -n 10 default -o run/ --push https://bench.example.org'
  FILLED=$(fill "$c")
  run "$P/new" "$c"
  ok
  got=$(skampi-db --db "$S/skampi.db" list --format json | sed 's/.*"count":\([0-9]*\)}/\1/')
  # results.yaml, and two campaigns of 10 runs and their merged file
  [ "$got" = 23 ] || fail "the pushes stored $got runs, not 23"
fi
stop

# not a README command: a run of the machine the README's publish chooses
skampi-db --db "$W/skampi.db" import --machine cluster1 \
  "$TMP/home/skampi.yaml" > "$TMP/out" 2>&1 || fail "import cluster1: $(cat "$TMP/out")"
c='skampi-db publish /var/www/html/bench machine=cluster1   # then copy or serve the directory'
FILLED=$(printf '%s' "$c" | sed "s|/var/www/html/bench|$TMP/bench|")
printf '%s\n' "$c" >> "$KNOWN"
grep -qxF -- "$c" "$TMP/commands" || fail "not a command of README.md: $c"
(cd "$W" && sh -c "$FILLED") > "$TMP/out" 2>&1 || fail "publish: $(cat "$TMP/out")"
FILLED=
for f in index.html suites.html plot.html history.html; do
  [ -s "$TMP/bench/$f" ] || fail "publish wrote no $f"
done

# ---- Run the tests ---------------------------------------------------------
: > "$LOG"
run "$TMP/clone" '.ci/install-deps && autoreconf -fi && ./configure && make check'
ok
printf '%s\n' .ci/install-deps 'autoreconf -fi' ./configure 'make check' \
  > "$TMP/want"
diff -u "$TMP/want" "$LOG" > /dev/null 2>&1 ||
  fail "the test commands: $(cat "$LOG")"

# ---- every command of README.md was run ------------------------------------
# (a command the text names by its start, such as `skampi-db serve`, is
# run as the start of one of those)
while IFS= read -r c; do
  grep -qxF -- "$c" "$KNOWN" || grep -qF -- "$c " "$KNOWN" ||
    fail "README.md's command is not run here: $c"
done < "$TMP/commands"
note "$n commands of README.md run"
exit $((failures > 0))
