#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# readme.sh -- README.md names the Debian packages its commands install
# (the base list of .ci/install-deps, which a release tarball lacks; then
# doc/install.md's list stands in for it) and every man page of doc/;
# doc/install.md names the same packages.
set -u
srcdir=${top_srcdir:-.}
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# words FILE REGEX: the words from the end of the first match of REGEX
# up to the next ` (over several lines), one per line, sorted.
words() {
  awk -v re="$2" '
    !on && match($0, re) { on = 1; $0 = substr($0, RSTART + RLENGTH) }
    on { s = s " " $0; if (index($0, "`")) exit }
    END { sub(/`.*/, "", s); print s }' "$1" | tr -s ' ' '\n' |
    sed '/^$/d' | sort
}

readme=$(words "$srcdir/README.md" 'installs the Debian packages `')
install=$(words "$srcdir/doc/install.md" 'install-deps` installs: `')
[ -n "$readme" ] || bad "README.md names no packages of .ci/install-deps"
[ "$readme" = "$install" ] ||
  bad "README.md and doc/install.md name different packages"
deps=$srcdir/.ci/install-deps
if [ -f "$deps" ]; then
  base=$(sed -n '/^PKGS="/,/"/p' "$deps" | tr -d '"' | sed 's/^PKGS=//' |
         tr -s ' ' '\n' | sed '/^$/d' | sort)
  [ "$readme" = "$base" ] ||
    bad "README.md's packages are not those of .ci/install-deps"
fi

for page in "$srcdir"/doc/*.1 "$srcdir"/doc/*.5; do
  grep -q "doc/${page##*/}\`" "$srcdir/README.md" ||
    bad "README.md does not list the man page doc/${page##*/}"
done
exit $fail
