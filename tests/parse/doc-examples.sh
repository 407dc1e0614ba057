#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# doc-examples.sh -- every ```skampi block of doc/suite-language.md is a
# valid suite file: `skampi --check` accepts it.
set -u
srcdir=${top_srcdir:-.}
doc=$srcdir/doc/suite-language.md
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-doc.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# example-N.skampi for the N-th block; its first line number for messages
awk -v dir="$tmp" '
  /^```skampi[ \t]*$/ { n++; f = sprintf("%s/example-%d.skampi", dir, n);
                        printf "" > f; print NR + 1 > (f ".line"); inb = 1; next }
  /^```/ && inb      { inb = 0; close(f); next }
  inb                { print > f }
' "$doc"
n=$(ls "$tmp"/example-*.skampi 2>/dev/null | wc -l)
if [ "$n" -lt 10 ]; then
  echo "FAIL: only $n skampi examples found in $doc"
  exit 1
fi
fail=0
for f in "$tmp"/example-*.skampi; do
  if ! "$skampi" --check "$f" >/dev/null 2>"$tmp/err"; then
    echo "FAIL: the example at $doc:$(cat "$f.line") does not check:"
    cat "$tmp/err"
    fail=1
  fi
done
echo "$n examples checked"
exit $fail
