#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# spdx.sh -- the licence line of every source file of the tree (LICENSE).
#
#   sh build-aux/spdx.sh           add the line where it is missing
#   sh build-aux/spdx.sh --check   list the files without it; exit 1 if any
#   sh build-aux/spdx.sh --list    list the files that must have it
#
# Run it from anywhere in the tree, as often as you like: a file that
# has the line is left as it is.  The line is the file's first, or its
# second after a "#!" line, written as a comment of the file's language:
#   /* SPDX-License-Identifier: BSD-3-Clause */   C, headers, .def, .l, .y, css
#   // SPDX-License-Identifier: BSD-3-Clause      JavaScript
#   .\" SPDX-License-Identifier: BSD-3-Clause     man pages
#   # SPDX-License-Identifier: BSD-3-Clause       everything else: shell,
#        Python, awk, make, configure.ac, suite files, scripts without a suffix
# The file's naming comment ("NAME -- what it is") follows it, which
# tests/layout.sh (rule 7) reads past the licence line.
#
# Which files: in a git checkout the tracked ones and the new ones git
# does not ignore, else every file below the top but build trees; of
# them the source files (by suffix; a .in or a script of .ci/ by its
# "#!" line).  Not: the test
# inputs and golden outputs (suite files below tests/, whose diagnostics
# quote their line numbers; the hostile corpora; result files, .expected),
# the SKaMPI paper's own example (suites/fig1.skampi),
# the generated parser and lexer a release tarball carries, and what
# Autotools or a build makes.  tests/layout.sh (rule 13) fails on a file
# this script would change (it runs --check).
set -u
spdx='SPDX-License-Identifier: BSD-3-Clause'
mode=fix
case ${1-} in
  --check) mode=check ;;
  --list) mode=list ;;
  '') ;;
  *) echo "usage: sh build-aux/spdx.sh [--check|--list]" >&2; exit 2 ;;
esac
here=$(dirname "$0")
cd "$here/.." || exit 2

# The files of the tree, one a line.
sk_spdx_files() {
  if command -v git > /dev/null 2>&1 &&
     [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
    git ls-files -co --exclude-standard
  else
    find . \( -name .git -o -name '_*' -o \( -name 'build-*' ! -name build-aux \) \
              -o -name 'sk-*' -o -name autom4te.cache \) -prune -o -type f -print |
      sed 's|^\./||'
  fi
}

# The comment that carries the line in FILE, or nothing: not a source file.
sk_spdx_style() {
  case $1 in
    _*|build-*) return ;;   # build trees a .gitignore does not name
    tests/*.skampi|tests/hostile/*/*|tests/fuzz/corpus*) return ;;
    # the example of Fig. 1 of the SKaMPI paper, shipped as it is printed
    # there (not ours to license, and meant to run unchanged)
    suites/fig1.skampi) return ;;
    grammar/parser.[ch]|grammar/lexer.[ch]|config.h|lib/skpaths.h) return ;;
    build-aux/*) [ "$1" = build-aux/spdx.sh ] || return ;;
    m4/*|aclocal.m4|configure|Makefile.in|*/Makefile.in) return ;;
  esac
  case $1 in
    *.[chly]|*.def|*.css) echo c ;;
    *.js) echo cxx ;;
    *.[1-8]) echo roff ;;
    *.sh|*.py|*.awk|*.mk|*.am|*.ac|*.skampi) echo hash ;;
    *.in) head -c 2 "$1" | grep -q '^#!' && echo hash ;;
    # the CI's scripts have no suffix (a build's config.status has a
    # "#!" line too: only .ci/ is looked at)
    .ci/*.*) ;;
    .ci/*) head -c 2 "$1" | grep -q '^#!' && echo hash ;;
  esac
}

# Whether FILE has the line among its first three.
sk_spdx_has() {
  head -n 3 "$1" | grep -q "$spdx"
}

# Writes the line into FILE in comment STYLE (after a "#!" line).
sk_spdx_add() {
  case $2 in
    c) line="/* $spdx */" ;;
    cxx) line="// $spdx" ;;
    roff) line=".\\\" $spdx" ;;
    *) line="# $spdx" ;;
  esac
  tmp="$1.spdx$$"
  if head -c 2 "$1" | grep -q '^#!'; then
    { head -n 1 "$1"; printf '%s\n' "$line"; tail -n +2 "$1"; } > "$tmp"
  else
    { printf '%s\n' "$line"; cat "$1"; } > "$tmp"
  fi || { rm -f "$tmp"; return 1; }
  # keep the file's mode (scripts stay executable)
  chmod "$(stat -c %a "$1")" "$tmp" && mv -f "$tmp" "$1"
}

missing=0
for f in $(sk_spdx_files); do
  [ -f "$f" ] || continue
  style=$(sk_spdx_style "$f")
  [ -n "$style" ] || continue
  case $mode in
    list) echo "$f"; continue ;;
  esac
  sk_spdx_has "$f" && continue
  case $mode in
    check) echo "$f"; missing=$((missing + 1)) ;;
    fix) sk_spdx_add "$f" "$style" && echo "spdx.sh: added the licence line to $f" ;;
  esac
done
[ "$missing" -eq 0 ]
