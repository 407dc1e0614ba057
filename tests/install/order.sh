#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# order.sh -- the order every package build runs, `make`, `make check`,
# `make install prefix=P`, installs programs that find P's suites, in a
# build in the source tree and in one beside it.  Each is configured,
# built, configured again with the same prefix (which left the paths
# header older than config.status, so that make check's own make install
# prefix=TMP, tests/install/install.sh, made it again for its temporary
# prefix), built, checked (the install test), installed into P; then P's
# skampi, run from another directory, takes P's default suite, and
# neither the header nor P's programs name make check's directory.
# Two whole builds (--disable-db, several minutes): only with
# SKAMPI_TEST_ORDER=1 (make check-install-order, which .ci/run runs),
# else skipped (77).
set -u
[ "${SKAMPI_TEST_ORDER:-}" = 1 ] || {
  echo "order.sh: SKAMPI_TEST_ORDER=1 runs it (make check-install-order)"
  exit 77
}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
tmp=$(mktemp -d "$builddir/sk-order.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
mpicc=$(sed -n "s/^MPICC='\(.*\)'$/\1/p" "$builddir/config.status" 2>/dev/null)
mpicc=${mpicc:-$(sed -n 's/^MPICC = //p' "$builddir/Makefile")}
# the builds here are not this make check's: none of its variables
# (TESTS=tests/install/order.sh would run this test again in each)
unset MAKEFLAGS MFLAGS MAKELEVEL SKAMPI_TEST_ORDER TESTS
make=${MAKE:-make}

# the source trees to build in: the distributed files (make distdir),
# twice (a tree configured in itself cannot be configured beside it)
$make -s -C "$builddir" distdir distdir="$tmp/src" > "$tmp/log" 2>&1 ||
  { tail -n 30 "$tmp/log"; echo "FAIL: make distdir"; exit 1; }
cp -pR "$tmp/src" "$tmp/intree" || exit 99
mkdir "$tmp/elsewhere" "$tmp/outtree" || exit 99

# one NAME SOURCE BUILD: the order, in BUILD (SOURCE itself: in the tree)
one() {
  name=$1 src=$2 b=$3 p=$tmp/P-$1
  conf() {
    (cd "$b" && "$src/configure" -q --disable-db --prefix="$tmp/conf" \
       MPICC="${mpicc:-mpicc}") > "$tmp/log" 2>&1 ||
      { cat "$tmp/log"; bad "$name: configure"; return 1; }
  }
  conf && $make -s -C "$b" -j2 > "$tmp/log" 2>&1 ||
    { tail -n 30 "$tmp/log"; bad "$name: make"; return 1; }
  conf && $make -s -C "$b" -j2 > "$tmp/log" 2>&1 ||
    { tail -n 30 "$tmp/log"; bad "$name: make after configuring again"; return 1; }
  $make -s -C "$b" check TESTS=tests/install/install.sh > "$tmp/log" 2>&1 ||
    { tail -n 30 "$tmp/log"; cat "$b/tests/install/install.log"; bad "$name: make check"; }
  $make -s -C "$b" install prefix="$p" > "$tmp/log" 2>&1 ||
    { tail -n 30 "$tmp/log"; bad "$name: make install prefix=$p"; return 1; }
  grep -q "^#define SK_PKGDATADIR \"$tmp/conf/share/skampi\"$" "$b/lib/skpaths.h" ||
    bad "$name: lib/skpaths.h: $(cat "$b/lib/skpaths.h")"
  (cd "$tmp/elsewhere" && "$p/bin/skampi" --check default) > "$tmp/plan" 2>&1 ||
    bad "$name: P/bin/skampi --check default: $(cat "$tmp/plan")"
  [ "$(sed -n 1p "$tmp/plan")" = "file: $p/share/skampi/default.skampi" ] ||
    bad "$name: P's skampi took $(sed -n 1p "$tmp/plan")"
  # a name found nowhere: the directories searched, none of make check's
  (cd "$tmp/elsewhere" && "$p/bin/skampi" --check nosuchsuite) > "$tmp/none" 2>&1
  grep -q "^  $p/share/skampi$" "$tmp/none" ||
    bad "$name: P's skampi does not search P: $(cat "$tmp/none")"
  for f in "$p"/bin/*; do
    grep -q 'sk-install\.' "$f" && bad "$name: $f names make check's install directory"
  done
  grep -q 'sk-install\.' "$b/lib/skpaths.h" && bad "$name: lib/skpaths.h names make check's"
  return 0
}
one intree "$tmp/intree" "$tmp/intree"
one outtree "$tmp/src" "$tmp/outtree"
exit $fail
