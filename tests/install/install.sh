#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# install.sh -- make install into a prefix under the build directory: the
# programs, the suites, the man pages and the docs land where they should
# (every doc/*.md and suites/*.skampi, and doc/install.md's table names
# what is installed), the installed skampi finds a shipped suite by name
# (from any directory), the installed skampi-report runs, the installed
# skampi-db serves the web interface's files, a copy of the installation
# moved elsewhere finds its suites and web files beside its programs,
# and make uninstall removes every file.
set -u
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
srcdir=$(cd "${top_srcdir:-.}" && pwd) || exit 99
tmp=$(mktemp -d "$builddir/sk-install.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
inst=$tmp/inst
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# prefix= on the make command line moves every installation directory
# that configure derived from the prefix, without configuring again.
# It builds nothing: the build is left as make made it (the paths header
# of configure's directories, lib/skpaths.h, and the programs), so that
# a `make install` after make check installs what make built.
built() {  # the header and the programs, with their times
  (cd "$builddir" && cksum lib/skpaths.h &&
   ls -l --time-style=full-iso src/skampi report/skampi-report \
     campaign/skampi-merge campaign/skampi-run)
}
built > "$tmp/built.before" 2>&1 || { cat "$tmp/built.before"; exit 99; }
${MAKE:-make} -s -C "$builddir" install prefix="$inst" >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; echo "FAIL: make install"; exit 1; }
built > "$tmp/built.after" 2>&1
diff "$tmp/built.before" "$tmp/built.after" > "$tmp/built.diff" ||
  { cat "$tmp/built.diff"; bad "make install prefix=$inst changed the build"; }
grep -q "$tmp" "$builddir/lib/skpaths.h" &&
  bad "lib/skpaths.h names make check's prefix: $(cat "$builddir/lib/skpaths.h")"

for f in bin/skampi bin/skampi-report bin/skampi-merge bin/skampi-run; do
  [ -x "$inst/$f" ] || bad "$f is not installed"
done
for f in share/skampi/default.skampi share/skampi/fig1.skampi \
         share/man/man1/skampi.1 share/man/man1/skampi-report.1 \
         share/man/man1/skampi-merge.1 share/man/man1/skampi-run.1 \
         share/man/man5/skampi.5 \
         share/doc/skampi/README.md share/doc/skampi/suite-language.md \
         share/doc/skampi/install.md share/doc/skampi/batch.md \
         share/doc/skampi/gallery.md; do
  [ -f "$inst/$f" ] || bad "$f is not installed"
done
# the bash completion, under each program's name (completion/local.mk)
comp=$inst/share/bash-completion/completions
cmp -s "$comp/skampi" "$srcdir/completion/skampi.bash" ||
  bad "the bash completion is not installed as $comp/skampi"
names="skampi-report skampi-run skampi-merge"
[ "${SK_WITH_DB:-yes}" = no ] || names="$names skampi-db"
for n in $names; do
  [ "$(readlink "$comp/$n")" = skampi ] || bad "$comp/$n is no link to skampi"
done
[ "${SK_WITH_DB:-yes}" = no ] && [ -e "$comp/skampi-db" ] &&
  bad "the completion of skampi-db is installed without skampi-db"
ls "$inst"/share/doc/skampi/gallery/*.png >/dev/null 2>&1 ||
  bad "the gallery's pictures are not installed"
# Every page of doc/ and every suite of suites/, not a list kept here: a
# page or a suite added without its install line fails.
for f in "$srcdir"/doc/*.md; do
  [ -f "$inst/share/doc/skampi/${f##*/}" ] ||
    bad "doc/${f##*/} is not installed"
done
for f in "$srcdir"/suites/*.skampi; do
  [ -f "$inst/share/skampi/${f##*/}" ] ||
    bad "suites/${f##*/} is not installed"
done

# doc/install.md's table of what make install installs names every
# program, suite and man page installed.
table=$(sed -n '/^## What .make install. installs/,/^## /p' \
  "$srcdir/doc/install.md")
for f in "$inst"/bin/* "$inst"/share/skampi/*; do
  case $table in *"\`${f##*/}\`"*) ;;
    *) bad "doc/install.md's table lacks ${f##*/}" ;; esac
done
for f in "$inst"/share/man/man*/*; do
  page=${f##*/}
  case $table in *"\`${page%.*}(${page##*.})\`"*) ;;
    *) bad "doc/install.md's table lacks ${page%.*}(${page##*.})" ;; esac
done

# The installed skampi, run from elsewhere, takes the installed suite.
mkdir "$tmp/elsewhere" && cd "$tmp/elsewhere" || exit 99
"$inst/bin/skampi" --check default >"$tmp/plan" 2>"$tmp/err" ||
  { cat "$tmp/err"; bad "installed skampi --check default failed"; }
want="file: $(cd "$inst/share/skampi" && pwd -P)/default.skampi"
got=$(sed -n 1p "$tmp/plan")
[ "$got" = "$want" ] || bad "--check default read '$got', want '$want'"
grep -q '^suites:' "$tmp/plan" || bad "--check default printed no plan"
"$inst/bin/skampi" --check --suite fig1 >"$tmp/plan" 2>"$tmp/err" ||
  bad "installed skampi --check --suite fig1 failed"
"$inst/bin/skampi-report" --help >"$tmp/help" 2>&1 ||
  bad "installed skampi-report --help failed"
grep -q '^Usage: skampi-report ' "$tmp/help" ||
  bad "installed skampi-report --help printed no usage"

# The installed skampi-db serves the installed script and style, also
# from a copy of the installation moved elsewhere (the data directory is
# found beside the program, not only where it was configured).
serve_app() {  # serve_app BINDIR: app.js as served, into $tmp/app.js
  "$1/skampi-db" --db "$tmp/t.db" serve --listen 127.0.0.1:0 \
    2>"$tmp/serve.log" &
  pid=$!
  url= n=0
  while [ -z "$url" ] && [ $n -lt 200 ] && kill -0 $pid 2>/dev/null; do
    url=$(sed -n 's|^skampi-db: listening on \(http://[0-9.:]*\)/$|\1|p' \
          "$tmp/serve.log")
    [ -n "$url" ] || sleep 0.1
    n=$((n + 1))
  done
  rm -f "$tmp/app.js"
  [ -n "$url" ] && python3 -c 'import sys, urllib.request as u
open(sys.argv[2], "wb").write(u.urlopen(sys.argv[1], timeout=60).read())' \
    "$url/static/app.js" "$tmp/app.js"
  kill $pid 2>/dev/null
  wait $pid 2>/dev/null
}
# Where configure left skampi-db out (SK_WITH_DB=no, tests/local.mk),
# neither it, its man page nor its web files are installed.
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "install.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): nothing of it may be installed"
  for f in bin/skampi-db share/man/man1/skampi-db.1 share/skampi/web; do
    [ -e "$inst/$f" ] && bad "$f is installed without skampi-db"
  done
  cp -R "$inst" "$tmp/moved"
else
"$inst/bin/skampi-db" --db "$tmp/t.db" token add web >/dev/null 2>&1   # makes the database
serve_app "$inst/bin"
cmp -s "$tmp/app.js" "$inst/share/skampi/web/app.js" ||
  { cat "$tmp/serve.log"; bad "the installed skampi-db does not serve app.js"; }
cp -R "$inst" "$tmp/moved"
serve_app "$tmp/moved/bin"
cmp -s "$tmp/app.js" "$inst/share/skampi/web/app.js" ||
  { cat "$tmp/serve.log"; bad "a moved installation's skampi-db does not serve app.js"; }
fi
(cd "$tmp/elsewhere" && "$tmp/moved/bin/skampi" --check default) \
  >"$tmp/plan" 2>"$tmp/err" || bad "a moved installation's skampi --check default"
want="file: $(cd "$tmp/moved/share/skampi" && pwd -P)/default.skampi"
got=$(sed -n 1p "$tmp/plan")
[ "$got" = "$want" ] || bad "the moved skampi read '$got', want '$want'"
rm -rf "$tmp/moved"

cd "$builddir" || exit 99
${MAKE:-make} -s -C "$builddir" uninstall prefix="$inst" >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; bad "make uninstall"; }
left=$(find "$inst" -type f | sed "s|^$inst/||")
[ -z "$left" ] || bad "make uninstall left: $left"
exit $fail
