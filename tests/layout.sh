#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# layout.sh -- the tree keeps the shape doc/hacking.md describes.
#
#  1. lib/ includes nothing of the programs; src/ (skampi, the MPI
#     program) includes lib/ and itself; report/ (skampi-report)
#     includes lib/ and itself; campaign/ (skampi-run, skampi-merge)
#     includes lib/ and itself; db/ (skampi-db) includes lib/, itself
#     and report/ (its drawings use skampi-report's gnuplot pieces); a
#     quoted #include is looked up in the folders of the tree;
#  1b. db/'s layers call downward only: a file includes the headers of
#     its own layer and of the layers below it, never of one above or
#     beside it.  From the bottom: store (the only SQL, and the only
#     place that includes <sqlite3.h>), ingest and analysis (side by
#     side), web and push (side by side), publish, cmd, then db/main.c;
#     db/dbstatus.h stands below them all;
#  2. no include guard is used by two headers, no header name by two
#     folders;
#  3. no source file is compiled into more than one object: a .c file is
#     named in one *_SOURCES list of the makefile fragments at most;
#  4. neither the engine nor the report knows an instance by identity:
#     no comparison with an instance's function or descriptor
#     (== sk_coll_..., != &sk_inst_...) outside the instance table;
#  5. no issue numbers in the tree: a comment says why, not which ticket;
#  6. every C file includes <config.h> first (the feature macros of
#     configure.ac, so the tree builds with -std=c11 as with the default);
#  7. every file a comment names exists, and a file's first comment
#     ("NAME -- what it is") names the file itself.  A file named is a
#     word of a comment (C: /* */ and //; shell, make, awk, Python: after
#     a #) that ends in .c .h .def .sh .skampi .md .mk .y .l .py or .awk;
#     with a / it is a path from the top of the tree or from the
#     commenting file's folder, without one the name of a file anywhere
#     in the tree.  Not files: a word after '<' (<stdio.h>), a pattern
#     with a capitalised placeholder (NAME.skampi, tests/parse/ok-KEY.skampi,
#     test_MODULE.c), and the names of the sk_comment_ok list below
#     (made by the build, or another project's header);
#  8. an array grows by lib/grow.h (sk_grow, SK_GROW), not by a realloc()
#     of its own: realloc() is called by lib/grow.c, and once each by the
#     builders of one string or byte buffer of exact size listed in
#     sk_realloc_ok below, nowhere else.
#  9. a suite key's name is written once, in its lib/keys.def row: no
#     string literal of the C code outside comments is a key's name
#     ("Outlier_Filter"); the code names it by its id, SK_KEY_<id> of
#     lib/suitekey.h (sk_suitekey_name(), sk_rfile_key()), which the
#     compiler ties to the row.
# 10. no function keeps its result in a static buffer (a `static char
#     x[N]` in a function body): text goes into the caller's buffer or
#     comes from a constant table;
# 11. a prefix is one module's: the sk_pattern_ functions are defined in
#     src/patterns/ only (lib/instance.c's table is sk_instance_pattern*).
# 12. every function a comment names ("sk_name()") is a name of the code:
#     the comment of a function renamed or removed goes with it.
# 13. every source file has the licence line "SPDX-License-Identifier:
#     BSD-3-Clause" among its first three lines (build-aux/spdx.sh says
#     which files are source files, and adds the line).
# No build products are read, so the test also holds in make distcheck.
set -u
src=$(cd "${top_srcdir:-.}" && pwd)
cd "$src" || exit 99
# In a git checkout the rules read the tree's own files (tracked, or new
# and not ignored), copied aside: a build in the source tree (the
# README's ./configure && make check) leaves generated files there (the
# parser and lexer of bison and flex, the paths header of configure) and
# other tests' temporary folders come and go while this one runs.
# (Only where the tree is a checkout's top: a tarball unpacked inside
# another checkout, as make distcheck does, is read as it is.)
if command -v git > /dev/null 2>&1 &&
   [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
  copy=$(mktemp -d "${TMPDIR:-/tmp}/sk-layout.XXXXXX") || exit 99
  trap 'rm -rf "$copy"' EXIT
  git ls-files -co --exclude-standard -z |
    tar --null --ignore-failed-read -T - -cf - 2> /dev/null |
    tar -xf - -C "$copy" || exit 99
  cd "$copy" || exit 99
fi
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# The parser and lexer bison and flex made, which a release tarball
# carries (grammar/local.mk): not the tree's own code, left out of the
# rules that read code and comments (a find's tests, unquoted).
sk_generated="! -path grammar/parser.c ! -path grammar/parser.h ! -path grammar/lexer.c ! -path grammar/lexer.h"

db_layers="store ingest analysis web push publish cmd"
code_dirs="lib src src/lang src/engine src/patterns campaign db $(for l in $db_layers; do printf 'db/%s ' "$l"; done)report grammar"

# The folder that holds header NAME, or "" (a system or generated one).
where() {
  for d in $code_dirs; do
    [ -f "$d/$1" ] && { echo "$d"; return; }
  done
}

# The program a folder belongs to: its first component (src/lang -> src).
program() { echo "${1%%/*}"; }

# The height of a layer of db/ (db/main.c is above all, dbstatus.h below).
db_level() {
  case $1 in
    db/store) echo 1 ;; db/ingest|db/analysis) echo 2 ;;
    db/web|db/push) echo 3 ;; db/publish) echo 4 ;; db/cmd) echo 5 ;;
    db) echo 6 ;; *) echo 0 ;;
  esac
}

# 1. Includes across folders.
for f in $(find lib src report campaign db -name '*.[ch]'); do
  dir=${f%/*}
  for h in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
    case $h in */*) fail "$f includes '$h' by a path"; continue ;; esac
    at=$(where "$h")
    [ -n "$at" ] || continue
    [ "$h" = dbstatus.h ] && at=db/status
    from=$(program "$dir"); to=$(program "$at")
    case $from:$to in
      lib:lib|src:src|report:report|campaign:campaign|db:db) ;;
      # the parser's and lexer's headers (a tarball carries them)
      src:grammar) ;;
      src:lib|report:lib|campaign:lib|db:lib|db:report) ;;
      lib:*) fail "$f includes $at/$h (lib/ sees itself only)"; continue ;;
      db:*) fail "$f includes $at/$h (db/ sees lib/, report/ and itself only)"; continue ;;
      *) fail "$f includes $at/$h ($from/ sees lib/ and itself only)"; continue ;;
    esac
    [ "$from" = db ] || continue
    # 1b. db/'s layers: downward, or within the layer.
    lf=$(db_level "$dir"); lt=$(db_level "$at")
    [ "$h" = dbstatus.h ] && lt=0
    if [ "$dir" != "$at" ] && [ "$lt" -ge "$lf" ]; then
      fail "$f includes $at/$h: db/ layers call downward only (${dir#db/} is at $lf, ${at#db/} at $lt)"
    fi
  done
done
# SQL in the storage layer only.
hits=$(grep -ln 'sqlite3\.h' $(find db lib report src campaign -name '*.[ch]') |
       grep -v '^db/store/')
[ -z "$hits" ] || fail "<sqlite3.h> outside db/store/ (the only SQL): $hits"

# Header names are unique across the folders, so that a quoted #include
# names one file whatever the include path.
dups=$(find lib src report campaign db grammar -name '*.h' | sed 's|.*/||' | sort | uniq -d)
[ -z "$dups" ] || fail "headers of the same name in two folders: $dups"

# 2. Include guards: the first #ifndef of every header.
guards=$(for h in $(find lib src report campaign db -name '*.h'); do
  g=$(sed -n 's/^#ifndef[ \t]*\([A-Z0-9_]*_H\)[ \t]*$/\1/p' "$h" | head -n 1)
  [ -n "$g" ] || { echo "NOGUARD $h"; continue; }
  echo "$g $h"
done)
echo "$guards" | awk '$1 == "NOGUARD" { print "FAIL: " $2 " has no include guard" }
  { n[$1]++; w[$1] = w[$1] " " $2 }
  END { for (g in n) if (g != "NOGUARD" && n[g] > 1)
          print "FAIL: include guard " g " is used by" w[g] }' > layout.guards.$$
[ -s layout.guards.$$ ] && { cat layout.guards.$$; failures=$((failures + 1)); }
rm -f layout.guards.$$

# 3. Sources named in two *_SOURCES lists (continuation lines joined).
frags="Makefile.am $(find . -name local.mk | sed 's|^\./||')"
cat $frags | awk '
  { line = $0 }
  cont { buf = buf " " line } !cont { buf = line }
  { cont = sub(/\\$/, "", buf) }
  !cont && buf ~ /^[A-Za-z0-9_]*_SOURCES[ \t]*\+?=/ {
    var = buf; sub(/[ \t]*\+?=.*/, "", var)
    sub(/^[^=]*=/, "", buf)
    n = split(buf, w, /[ \t]+/)
    for (i = 1; i <= n; i++)
      if (w[i] ~ /\.c$/) {
        tgt = var; sub(/^nodist_/, "", tgt)
        if ((w[i] in seen) && seen[w[i]] != tgt)
          print "FAIL: " w[i] " is compiled for " seen[w[i]] " and " tgt
        seen[w[i]] = tgt
      }
  }' > layout.sources.$$
[ -s layout.sources.$$ ] && { cat layout.sources.$$; failures=$((failures + 1)); }
rm -f layout.sources.$$

# 4. Instances known by identity.
hits=$(grep -nE '[!=]=[ \t]*&?sk_(coll|inst|pp|mw|simple|by)_[a-z_]+' \
         $(find lib src report campaign db -name '*.[ch]') 2>/dev/null)
[ -z "$hits" ] || fail "an instance compared by identity (use a property of its row):
$hits"

# 5. Issue numbers.
hits=$(grep -rnIiE '\bissues? #?[0-9]+\b' --exclude-dir=.git \
         --exclude-dir='_*' --exclude-dir='build*' --exclude='*.in' \
         --exclude=configure --exclude='*.log' --exclude='*.trs' \
         --exclude='parser.[ch]' --exclude='lexer.[ch]' \
         lib src report campaign db grammar suites tests doc README.md Makefile.am \
         configure.ac .ci 2>/dev/null | grep -v '^tests/layout\.sh:')
[ -z "$hits" ] || fail "issue numbers in the tree:
$hits"

# 6. config.h first.
for f in $(find lib src report campaign db tests -name '*.c'); do
  first=$(grep -m 1 '^#include' "$f")
  [ "$first" = "#include <config.h>" ] ||
    fail "$f: the first #include is '$first', not <config.h>"
done

# 7. Files named in comments.  The tree's files: every path below the
# top but version control and build trees (_*, build* but build-aux); skpaths.h is
# made in the build tree (lib/local.mk).
sk_comment_ok="config.h parser.c parser.h lexer.c lexer.h sqlite3.h skpaths.h lib/skpaths.h"
find . \( -name .git -o -name '_*' -o \( -name 'build*' ! -name build-aux \) \) \
  -prune -o -type f \
  -print | sed 's|^\./||' > layout.tree.$$
scanned=$(find lib src report campaign db grammar tests doc suites \
  \( -name '_*' -o -name 'build*' \) -prune -o -type f $sk_generated \
  \( -name '*.[chyl]' -o -name '*.def' -o -name '*.sh' -o -name '*.mk' \
     -o -name '*.py' -o -name '*.awk' \) -print; echo Makefile.am configure.ac)
awk -v ok=" $sk_comment_ok " '
  # the words of TEXT that name files, each checked
  function scan(text,    w, re, dir) {
    re = "<?[A-Za-z0-9_][A-Za-z0-9_./+-]*[.](c|h|def|sh|skampi|md|mk|y|l|py|awk)([^A-Za-z0-9_]|$)"
    while (match(text, re)) {
      w = substr(text, RSTART, RLENGTH)
      text = substr(text, RSTART + RLENGTH)
      sub(/[^A-Za-z0-9_]$/, "", w)
      sub(/^[.]\//, "", w)
      if (w ~ /^</ || w ~ /(^|[-_\/.])[A-Z][A-Z0-9]*([-_\/.]|$)/ ||
          index(ok, " " w " "))
        continue
      dir = FILENAME; sub(/\/[^\/]*$/, "", dir)
      if (index(w, "/") ? !((w in path) || ((dir "/" w) in path)) \
                        : !(w in base))
        print "FAIL: " FILENAME ":" FNR ": " w ": no such file"
    }
  }
  # first the tree: every path and every file name
  FILENAME == tree { path[$0] = 1; n = split($0, part, "/")
                     base[part[n]] = 1; next }
  FNR == 1 { inc = 0; c = FILENAME ~ /[.]([chyl]|def)$/ }
  c {
    line = $0; text = ""
    while (line != "") {
      if (inc) {
        e = index(line, "*/")
        if (e == 0) { text = text " " line; line = "" }
        else { text = text " " substr(line, 1, e - 1)
               line = substr(line, e + 2); inc = 0 }
      } else {
        b = index(line, "/*"); d = index(line, "//")
        if (d > 0 && (b == 0 || d < b)) { text = text " " substr(line, d + 2)
                                          line = "" }
        else if (b > 0) { line = substr(line, b + 2); inc = 1 }
        else line = ""
      }
    }
    if (text != "") scan(text)
    next
  }
  match($0, /(^|[ \t])#/) { scan(substr($0, RSTART + RLENGTH)) }
' tree=layout.tree.$$ layout.tree.$$ $scanned > layout.named.$$
if [ -s layout.named.$$ ]; then
  cat layout.named.$$
  failures=$((failures + 1))
fi
rm -f layout.named.$$ layout.tree.$$
# The first comment's "NAME -- " is the file's own name.
# (The licence line of rule 13 does not count: it comes before.)
hits=$(awk 'FNR == 1 { n = 0 } /SPDX-License-Identifier:/ { next } { n++ }
  n <= 4 && match($0, /^(\/\*| \*|#|\/\/) *[A-Za-z0-9_.+-]+[.][A-Za-z0-9]+ -- /) {
    w = substr($0, 1, RLENGTH - 4); sub(/^(\/\*| \*|#|\/\/) */, "", w)
    f = FILENAME; sub(/.*\//, "", f)
    if (!(FILENAME in seen) && w != f)
      print FILENAME ": its first comment names it " w
    seen[FILENAME] = 1 }' $scanned)
[ -z "$hits" ] || fail "$hits"

# 8. realloc() outside lib/grow.c: FILE:COUNT must be in the list.
sk_realloc_ok="lib/rfile_load.c:1 db/ingest/tar.c:1 db/store/store_query.c:1 db/web/webdata.c:1"
for hit in $(grep -c '\brealloc(' $(find lib src report campaign db grammar \
               -name '*.c' ! -path lib/grow.c $sk_generated) | grep -v ':0$'); do
  case " $sk_realloc_ok " in
    *" $hit "*) ;;
    *) fail "${hit%:*} calls realloc() (grow an array with lib/grow.h)" ;;
  esac
done

# 9. Suite keys by name: the names of keys.def's rows, then every string
# literal of the code that is not in a comment.
hits=$(awk '
  FILENAME == "lib/keys.def" {
    if (match($0, /^SK_KEY\([A-Z0-9_]+, *"[^"]+"/)) {
      w = substr($0, RSTART, RLENGTH); sub(/^[^"]*"/, "", w); sub(/"$/, "", w)
      key["\"" w "\""] = 1
    }
    next
  }
  FNR == 1 { inc = 0 }
  {
    line = $0; code = ""
    while (line != "") {
      if (inc) { e = index(line, "*/"); if (e == 0) line = ""
                 else { line = substr(line, e + 2); inc = 0 } ; continue }
      b = index(line, "/*"); d = index(line, "//")
      if (d > 0 && (b == 0 || d < b)) { code = code substr(line, 1, d - 1); line = "" }
      else if (b > 0) { code = code substr(line, 1, b - 1); line = substr(line, b + 2); inc = 1 }
      else { code = code line; line = "" }
    }
    while (match(code, /"([^"\\]|\\.)*"/)) {
      w = substr(code, RSTART, RLENGTH); code = substr(code, RSTART + RLENGTH)
      if (w in key) print FILENAME ":" FNR ": " w
    }
  }' lib/keys.def $(find lib src report campaign db -name '*.[ch]'))
[ -z "$hits" ] || fail "a suite key named by a string (use SK_KEY_<id>, lib/suitekey.h):
$hits"

# 10. Static buffers in function bodies (indented: at the top they are a
# module's state, as a signal or error handler's record).
hits=$(grep -nE '^[ \t]+static[ \t]+(unsigned[ \t]+)?char[ \t]+[A-Za-z_0-9]+[ \t]*\[' \
         $(find lib src report campaign db -name '*.c'))
[ -z "$hits" ] || fail "a static buffer in a function (write into the caller's):
$hits"

# 11. sk_pattern_ functions defined outside src/patterns/: a line that
# starts a definition (a type at the margin, the name, no ';').
hits=$(grep -nE '^[a-z].*[ *]sk_pattern_[a-z_0-9]*\(' \
         $(find lib src report campaign db -name '*.c' ! -path 'src/patterns/*') |
       grep -v ';')
[ -z "$hits" ] || fail "sk_pattern_ is src/patterns/'s prefix:
$hits"

# 12. sk_NAME() in a comment, NAME nowhere in the code (comments left
# out, tests/ included: a test's helpers are named too).
hits=$(awk '
  FNR == 1 { inc = 0 }
  {
    line = $0; code = ""; com = ""
    while (line != "") {
      if (inc) {
        e = index(line, "*/")
        if (e == 0) { com = com " " line; line = "" }
        else { com = com " " substr(line, 1, e - 1)
               line = substr(line, e + 2); inc = 0 }
        continue
      }
      b = index(line, "/*"); d = index(line, "//")
      if (d > 0 && (b == 0 || d < b)) { code = code substr(line, 1, d - 1)
                                        com = com " " substr(line, d + 2)
                                        line = "" }
      else if (b > 0) { code = code substr(line, 1, b - 1)
                        line = substr(line, b + 2); inc = 1 }
      else { code = code line; line = "" }
    }
    while (match(code, /sk_[a-z0-9_]+/)) {
      have[substr(code, RSTART, RLENGTH)] = 1
      code = substr(code, RSTART + RLENGTH)
    }
    while (match(com, /[A-Za-z0-9_]*sk_[a-z0-9_]+\(\)/)) {
      w = substr(com, RSTART, RLENGTH - 2); com = substr(com, RSTART + RLENGTH)
      if (w ~ /^sk_/ && !(w in where)) where[w] = FILENAME ":" FNR
    }
  }
  END { for (w in where) if (!(w in have)) print where[w] ": " w "()" }' \
  $(find lib src report campaign db grammar tests \( -name '_*' -o -name 'build*' \) \
      -prune -o -type f $sk_generated \( -name '*.[chyl]' -o -name '*.def' \) -print) | sort)
[ -z "$hits" ] || fail "a comment names a function that does not exist:
$hits"

# 13. Every source file carries the licence's SPDX line (LICENSE) among
# its first three lines: build-aux/spdx.sh says which files, and adds
# the line where it is missing (sh build-aux/spdx.sh).
if [ -f build-aux/spdx.sh ]; then
  hits=$(sh build-aux/spdx.sh --check)
  [ -z "$hits" ] || fail "source files without the line SPDX-License-Identifier: BSD-3-Clause (sh build-aux/spdx.sh adds it):
$hits"
else
  fail "build-aux/spdx.sh is missing"
fi

[ "$failures" -eq 0 ] || exit 1
echo "layout: ok"
