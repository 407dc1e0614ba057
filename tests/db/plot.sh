#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# plot.sh -- skampi-db plot: a PDF that pdfinfo reads, an SVG that
# parses, a range (--from/--to), the log x axis by default with KiB
# ticks (--linear-x), the usage errors; and names from a
# stranger's file -- a machine called <script>alert(1)</script>, a suite
# called "';-- and a gnuplot command hidden in a library name -- that
# arrive in the SVG as escaped text and never reach gnuplot as code.
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W"
for f in a1 a2 b1; do cp "$SRC/tests/tools/runs/$f.yaml" "$W/$f.yaml"; done
# the hostile file: names in YAML's double quotes, as a stranger may write
sed -e '7s/.*/  MACHINE: "<script>alert(1)<\/script>"/' \
    -e "s/^  - name: pingpong/  - name: \"\\\\\"';--\"/" \
    -e "s/^  mpi_library: .*/  mpi_library: \"x' ; system('touch PWNED') ; print '\"/" \
    "$SRC/tests/tools/runs/a3.yaml" > "$W/evil.yaml"
printf 'my notes\n' > "$W/notes.txt.pdf"
db import -q "$W/a1.yaml" "$W/a2.yaml" "$W/b1.yaml" "$W/evil.yaml" ||
  fail "import of the fixtures failed"

: > "$TMP/out"
step suites 4
step plot all --suite pingpong -o p.pdf
step plot 1 2 --suite pingpong --suite barrier --from 8 --to 1024 -o p.svg
step plot all --suite pingpong -o p.png
step plot all -o p.pdf
step plot all --suite pingpong
step plot all --suite nosuch -o n.pdf
step plot all --suite pingpong --from 100000 -o n.pdf
step plot all --suite pingpong --from x -o n.pdf
step plot all --suite pingpong -o notes.txt.pdf
golden plot.expected
pdfinfo "$W/p.pdf" > /dev/null 2>&1 || fail "p.pdf is not a PDF"
[ -e "$W/n.pdf" ] && fail "a failed plot left n.pdf"
[ "$(cat "$W/notes.txt.pdf")" = "my notes" ] ||
  fail "plot replaced notes.txt.pdf, which is not a PDF"

svg_ok() {
  python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1"
}
svg_ok "$W/p.svg" || fail "p.svg does not parse"
grep -q 'run 2: test box' "$W/p.svg" || fail "p.svg lacks run 2's legend"
# the x axis is logarithmic by default, in bytes with KiB ticks; the
# barrier's points at argument 0 cannot be on it and are counted
grep -q '>1 KiB<' "$W/p.svg" || fail "p.svg lacks the tick 1 KiB"
grep -q 'message length \[bytes\]' "$W/p.svg" || fail "p.svg's x label"
(cd "$W" && "$DB" --db "$TMP/t.db" plot 1 2 --suite pingpong --suite barrier \
  -o both.svg) || fail "plot of pingpong and barrier failed"
grep -q '2 points at argument 0 not shown on the log axis' "$W/both.svg" ||
  fail "both.svg does not say that the points at 0 are left out"
(cd "$W" && "$DB" --db "$TMP/t.db" plot 1 2 --suite pingpong --suite barrier \
  --linear-x -o lin.svg) || fail "plot --linear-x failed"
svg_ok "$W/lin.svg" || fail "lin.svg does not parse"
grep -q 'not shown on the log axis' "$W/lin.svg" &&
  fail "lin.svg left points out on a linear axis"

# the stranger's names: escaped in the SVG, never gnuplot code
(cd "$W" && "$DB" --db "$TMP/t.db" plot 4 --suite "\"';--" -o evil.svg) ||
  fail "plot of the hostile run failed"
svg_ok "$W/evil.svg" || fail "evil.svg does not parse"
grep -q '<script' "$W/evil.svg" && fail "evil.svg holds a <script element"
# gnuplot writes < as &lt; (a > needs no escape in XML text)
grep -q '&lt;script\(>\|&gt;\)alert(1)&lt;/script' "$W/evil.svg" ||
  fail "evil.svg lacks the machine name as escaped text"
grep -q "&quot;';--\|\"';--" "$W/evil.svg" ||
  fail "evil.svg lacks the suite name as text"
grep -q "system('touch PWNED')" "$W/evil.svg" ||
  fail "evil.svg lacks the library name as text"
[ -e "$W/PWNED" ] && fail "a library name ran as gnuplot code"
(cd "$W" && "$DB" --db "$TMP/t.db" plot 4 --suite "\"';--" -o evil.pdf) ||
  fail "PDF plot of the hostile run failed"
pdfinfo "$W/evil.pdf" > /dev/null 2>&1 || fail "evil.pdf is not a PDF"
[ -e "$W/PWNED" ] && fail "a library name ran as gnuplot code"

# an SVG of someone else is not replaced
printf '<svg xmlns="http://www.w3.org/2000/svg"/>\n' > "$W/mine.svg"
(cd "$W" && "$DB" --db "$TMP/t.db" plot all --suite pingpong -o mine.svg) \
  2> "$TMP/err" && fail "plot replaced a foreign SVG"
grep -q "mine.svg" "$TMP/err" || fail "no message about mine.svg"
grep -q 'xmlns="http://www.w3.org/2000/svg"/>' "$W/mine.svg" ||
  fail "mine.svg was changed"

[ -n "${KEEP:-}" ] && { trap - EXIT; echo "kept $TMP" >&2; }
exit $((failures > 0))
