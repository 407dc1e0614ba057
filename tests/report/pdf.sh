# SPDX-License-Identifier: BSD-3-Clause
# pdf.sh -- skampi-report turns result files into a PDF whose page count
# follows from the inputs, every page of which renders, and nothing else
# is left behind.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cd "$FIX" || exit 99

# running_warnings ARGS...: the one warning each input that says
# "status: running" gets: no run writes these fixtures, so they are
# incomplete (doc/output-format.md, "A file that says running").
running_warnings() {
  for f in "$@"; do
    [ -f "$f" ] && sed -n '/^run:/,/^[a-z]/p' "$f" |
      grep -qx '  status: running' &&
      echo "skampi-report: warning: $f is incomplete: its run.status says running, but no run is writing it (killed, or copied while it ran); it holds the suites completed before"
  done | sort
}

# run NAME [ARGS...]: one report; checks exit status, silence (but for
# the warnings above), pages.
run() {
  name=$1
  shift
  out="$TMP/$name.pdf"
  if ! "$REPORT" "$@" -o "$out" 2>"$TMP/$name.err"; then
    fail "$name: exit status $? ($(cat "$TMP/$name.err"))"
    return
  fi
  [ "$(sort "$TMP/$name.err")" = "$(running_warnings "$@")" ] ||
    fail "$name: unexpected stderr: $(cat "$TMP/$name.err")"
  [ -s "$out" ] || { fail "$name: no PDF"; return; }
  want=$(expected_pages "$@")
  got=$(pdf_pages "$out")
  [ "$got" = "$want" ] || fail "$name: $got pages, inputs imply $want"
  mkdir "$TMP/$name.pages"
  if ! pdftoppm -png -r 20 "$out" "$TMP/$name.pages/p" 2>"$TMP/$name.render"; then
    fail "$name: pdftoppm failed: $(cat "$TMP/$name.render")"
  fi
  [ -s "$TMP/$name.render" ] && fail "$name: pdftoppm: $(cat "$TMP/$name.render")"
  rendered=$(find "$TMP/$name.pages" -name '*.png' -size +0 | wc -l)
  [ "$rendered" = "$want" ] || fail "$name: $rendered of $want pages rendered"
  echo "$name: $got pages"
}

run cluster-a results/cluster-a.yaml
run cluster-b results/cluster-b.yaml
run comparison results/cluster-a.yaml results/cluster-b.yaml
run groups -p groups.yaml results/cluster-a.yaml results/cluster-b.yaml
run unknown-keys extra/unknown-keys.yaml
run empty-run extra/empty-run.yaml
run many-suites extra/many-suites.yaml
# real runs of tests/report/real/real.skampi: MPICH, and MPICH against
# Open MPI on one machine
run real-mpich real/mpich.yaml
run real-libraries real/mpich.yaml real/openmpi.yaml
run everything results/*.yaml extra/*.yaml

# Every result fixture, alone: the lead adds files from real runs here.
for f in results/*.yaml; do
  run "alone-$(basename "$f" .yaml)" "$f"
done

# The parameter file switches page families off.
cat >"$TMP/only-groups.yaml" <<'PARAMS'
suite_pages: false
comparison_pages: false
groups:
  - title: Sendrecv on both clusters
    suites: MPI_Sendrecv
    yscale: linear
PARAMS
run only-groups -p "$TMP/only-groups.yaml" results/cluster-a.yaml \
  results/cluster-b.yaml

# Temporary files: none left next to the PDF or in TMPDIR.
left=$(find "$TMP" -name '*.pdf.*' | wc -l)
[ "$left" = 0 ] && echo "no temporary PDF left" ||
  fail "temporary PDF files left: $(find "$TMP" -name '*.pdf.*')"
mkdir "$TMP/tmpdir"
TMPDIR="$TMP/tmpdir" "$REPORT" results/cluster-a.yaml -o "$TMP/t.pdf" ||
  fail "run with TMPDIR"
[ -z "$(ls -A "$TMP/tmpdir")" ] || fail "left in TMPDIR: $(ls -A "$TMP/tmpdir")"

# --script keeps a script that gnuplot can run again to the same pages.
"$REPORT" results/cluster-a.yaml -o "$TMP/s.pdf" --script "$TMP/s.gp" ||
  fail "--script run"
[ -s "$TMP/s.gp" ] || fail "--script: no script"
grep -q "^set terminal pdfcairo" "$TMP/s.gp" || fail "--script: not a pdfcairo script"

# Colours follow the file: every curve labelled with a file's label (its
# own pages, comparisons, groups over several files) has one colour, and
# the two files differ.
"$REPORT" results/cluster-a.yaml results/cluster-b.yaml -p groups.yaml \
  -o "$TMP/c.pdf" --script "$TMP/c.gp" || fail "colour run"
colours() {
  grep "title '[^']*$1'" "$TMP/c.gp" |
    sed -n "s/.*lc rgb '\(#[0-9a-f]*\)'.*/\1/p" | sort -u
}
ca=$(colours "Cluster A, MPICH 4.0.2")
cb=$(colours "Cluster B, Open MPI 4.1.4")
[ "$(echo "$ca" | wc -w)" = 1 ] || fail "cluster A drawn in colours: $ca"
[ "$(echo "$cb" | wc -w)" = 1 ] || fail "cluster B drawn in colours: $cb"
[ "$ca" != "$cb" ] || fail "both clusters drawn in $ca"
echo "colours: cluster A $ca, cluster B $cb"

# A real gnuplot that fails: its own message reaches the user, no PDF.
cat >"$TMP/broken-gnuplot" <<WRAP
#!/bin/sh
exec "$(command -v "$GNUPLOT")" -e "set terminal nosuchterm" "\$@"
WRAP
chmod +x "$TMP/broken-gnuplot"
GNUPLOT="$TMP/broken-gnuplot" "$REPORT" results/cluster-a.yaml \
  -o "$TMP/broken.pdf" 2>"$TMP/broken.err"
rc=$?
[ "$rc" = 3 ] || fail "broken gnuplot: exit status $rc"
head -n 1 "$TMP/broken.err" | grep -qx "skampi-report: error: gnuplot '$TMP/broken-gnuplot' failed (exit status 1); it said:" ||
  fail "broken gnuplot: $(head -n 1 "$TMP/broken.err")"
grep -q "unknown or ambiguous terminal type" "$TMP/broken.err" ||
  fail "broken gnuplot: its message is missing: $(cat "$TMP/broken.err")"
[ -z "$(find "$TMP" -name 'broken.pdf*')" ] || fail "broken gnuplot: PDF left"

[ "$failures" = 0 ] || exit 1
exit 0
