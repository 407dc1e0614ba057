#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# suites.sh -- every shipped suite file passes `skampi --check` and
# resolves to a plan that names it and has at least one suite.
set -u
srcdir=${top_srcdir:-.}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-suites.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0
absrc=$(cd "$srcdir" && pwd) || exit 99
for f in "$srcdir"/suites/*.skampi; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  # checked from a directory skampi may write in (a read-only source
  # tree, as in make distcheck, would refuse io.skampi's `@IO_DIRECTORY .`)
  rel=$absrc/suites/$(basename "$f")
  if ! (cd "$tmp" && "$skampi" --check "$rel") >"$tmp/out" 2>"$tmp/err"
  then
    # A suite of instances the MPI library lacks (persistent collectives
    # under an MPI-3.1 library) is refused for exactly that: every error
    # names a type that --list marks unavailable.
    grep ': error: ' "$tmp/err" > "$tmp/errors"
    bad=$(grep -v ": error: Type '[A-Za-z_0-9]*' is unavailable: " \
          "$tmp/errors" | wc -l)
    for t in $(sed -n "s/.*: error: Type '\([A-Za-z_0-9]*\)' is unavailable: .*/\1/p" \
               "$tmp/errors"); do
      "$skampi" --list | awk -v t="$t" '$2 == t && $7 == "unavailable" { ok = 1 }
        END { exit !ok }' || bad=$((bad + 1))
    done
    if [ -s "$tmp/errors" ] && [ "$bad" -eq 0 ]; then
      echo "note: $rel: its instances this MPI library lacks are refused"
      continue
    fi
    echo "FAIL: skampi --check $rel:"
    cat "$tmp/err"
    fail=1
    continue
  fi
  if [ -s "$tmp/err" ] || ! grep -qx "file: $rel" "$tmp/out" ||
     ! grep -q '^- name: ' "$tmp/out"; then
    echo "FAIL: $rel: no clean plan"
    cat "$tmp/out" "$tmp/err"
    fail=1
  fi
done
[ "$n" -gt 0 ] || { echo "FAIL: no suites/*.skampi found"; exit 1; }
# Fig. 1 of the paper resolves as the paper says: a vector of MPI_INT,
# lengths 0 up to the largest that fits in 8192 KiB for ping-pong, in the
# vector layout (1.5 times as wide as its data, whole units of 8 ints:
# doc/suite-language.md).
(cd "$srcdir" && "$skampi" --check suites/fig1.skampi) >"$tmp/fig1" || fail=1
for want in "    Send_Datatype_Number: 50" "    End_Argument: 2796223" \
            "  end_is_max: true" "    type: MPI_INT" \
            "    Stepwidth: 1.414213562"; do
  grep -qx "$want" "$tmp/fig1" || { echo "FAIL: fig1 lacks '$want'"; fail=1; }
done
echo "$n suite files checked"
exit $fail
