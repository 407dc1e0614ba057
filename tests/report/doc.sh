# SPDX-License-Identifier: BSD-3-Clause
# doc.sh -- the documentation of skampi-report holds: the parameter-file
# example of doc/report.md works on the fixtures, every option of --help
# is documented in both places, and the man page renders without warnings.
. "$top_srcdir/tests/report/lib.sh"
cd "$FIX" || exit 99
md="$SRC/doc/report.md"
man1="$SRC/doc/skampi-report.1"

# The first yaml block after "## The parameter file", run as written
# (it names the fixtures by base name).
awk '/^## The parameter file/ { p = 1 } p && /^```yaml/ { y = 1; next }
     y && /^```/ { exit } y { print }' "$md" >"$TMP/example.yaml"
[ -s "$TMP/example.yaml" ] || fail "no parameter-file example in $md"
if command -v "$GNUPLOT" >/dev/null 2>&1 && command -v pdfinfo >/dev/null; then
  "$REPORT" results/cluster-a.yaml results/cluster-b.yaml \
    -p "$TMP/example.yaml" -o "$TMP/example.pdf" 2>"$TMP/err" ||
    fail "doc example: $(cat "$TMP/err")"
  want=$(expected_pages -p "$TMP/example.yaml" results/cluster-a.yaml \
    results/cluster-b.yaml)
  got=$(pdf_pages "$TMP/example.pdf")
  [ "$got" = "$want" ] || fail "doc example: $got pages, expected $want"
  echo "doc example: $got pages"
else
  echo "doc example: not drawn (no gnuplot or pdfinfo)"
fi

# Every long option of --help appears in doc/report.md and the man page.
for opt in $("$REPORT" --help | grep -o -- '--[a-z]*' | sort -u); do
  grep -q -- "\`$opt" "$md" || fail "$opt not in doc/report.md"
  grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$man1" ||
    fail "$opt not in skampi-report.1"
done

# Every exit status of report.h is documented.
for rc in $(sed -n 's/^#define SK_REPORT_E*[A-Z]* \([0-9]\).*/\1/p' \
  "$SRC/report/report.h"); do
  grep -q "^| $rc |" "$md" || fail "exit status $rc not in doc/report.md"
  grep -q "^\.B $rc\$" "$man1" || fail "exit status $rc not in skampi-report.1"
done

if command -v man >/dev/null 2>&1; then
  LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l \
    -Tutf8 -Z "$man1" >/dev/null 2>"$TMP/man.err" || fail "man failed"
  [ -s "$TMP/man.err" ] && fail "man warnings: $(cat "$TMP/man.err")"
  echo "man page renders without warnings"
else
  echo "man page: not checked (no man)"
fi

[ "$failures" = 0 ] || exit 1
exit 0
