# SPDX-License-Identifier: BSD-3-Clause
# errors.sh -- every bad input gives its documented message and exit
# status, and no PDF (partial or old-overwritten) is left behind.
. "$top_srcdir/tests/report/lib.sh"
cd "$FIX" || exit 99
out="$TMP/out/report.pdf"
mkdir "$TMP/out"

# expect NAME STATUS EXPECTED-STDERR-FILE COMMAND...
expect() {
  name=$1 status=$2 want=$3
  shift 3
  "$@" 2>"$TMP/stderr" >"$TMP/stdout"
  rc=$?
  [ "$rc" = "$status" ] || fail "$name: exit status $rc, expected $status"
  if ! cmp -s "$want" "$TMP/stderr"; then
    fail "$name: stderr differs:"
    diff "$want" "$TMP/stderr" >&2
  fi
  left=$(ls -A "$TMP/out")
  [ -z "$left" ] || fail "$name: left behind: $left"
  rm -f "$TMP/out"/* "$TMP/out"/.[!.]* 2>/dev/null
}

# expect_text NAME STATUS TEXT COMMAND...: as expect, the text inline.
expect_text() {
  name=$1 status=$2
  printf '%s\n' "$3" >"$TMP/want"
  shift 3
  expect "$name" "$status" "$TMP/want" "$@"
}

# Bad result files and parameter files: bad/NAME.yaml, message in
# bad/NAME.err.  params-* are parameter files for results/cluster-a.yaml.
for f in bad/*.yaml; do
  name=$(basename "$f" .yaml)
  case $name in
  params-*) expect "$name" 1 "bad/$name.err" \
              "$REPORT" results/cluster-a.yaml -p "$f" -o "$out" ;;
  *) expect "$name" 1 "bad/$name.err" "$REPORT" "$f" -o "$out" ;;
  esac
done

expect_text missing-file 1 \
  "skampi-report: error: cannot read 'results/no-such-file.yaml': No such file or directory" \
  "$REPORT" results/no-such-file.yaml -o "$out"

# Every bad file of one run is reported, not only the first.
cat bad/newer-schema.err bad/not-a-number.err >"$TMP/two.err"
expect two-bad-files 1 "$TMP/two.err" \
  "$REPORT" bad/newer-schema.yaml results/cluster-a.yaml \
  bad/not-a-number.yaml -o "$out"

# The command line (exit status 2).
expect_text unknown-option 2 \
  "skampi-report: error: unknown option '--colour' (see skampi-report --help)" \
  "$REPORT" --colour=red results/cluster-a.yaml -o "$out"
expect_text unknown-short-option 2 \
  "skampi-report: error: unknown option '-x' (see skampi-report --help)" \
  "$REPORT" -x results/cluster-a.yaml -o "$out"
expect_text missing-argument 2 \
  "skampi-report: error: missing argument to option '-o' (see skampi-report --help)" \
  "$REPORT" results/cluster-a.yaml -o
expect_text missing-csv-argument 2 \
  "skampi-report: error: missing argument to option '--csv' (see skampi-report --help)" \
  "$REPORT" results/cluster-a.yaml --csv
expect_text no-input 2 \
  "skampi-report: error: no result file given (see skampi-report --help)" \
  "$REPORT" -o "$out"

# gnuplot: missing, or failing with its own message (exit status 3).
expect_text no-gnuplot 3 \
  "skampi-report: error: cannot run gnuplot '$TMP/no-gnuplot': No such file or directory (install gnuplot or set GNUPLOT to its path)" \
  env GNUPLOT="$TMP/no-gnuplot" "$REPORT" results/cluster-a.yaml -o "$out"
cat >"$TMP/bad-gnuplot" <<'FAKE'
#!/bin/sh
# Behaves like gnuplot meeting an error half-way: some output, then exit 1.
echo "plotting into the output file" >/dev/null
printf '%s\n' "\"$1\" line 12: unknown or ambiguous terminal type" >&2
exit 1
FAKE
chmod +x "$TMP/bad-gnuplot"
cat >"$TMP/want" <<WANT
skampi-report: error: gnuplot '$TMP/bad-gnuplot' failed (exit status 1); it said:
"$TMP/script.gp" line 12: unknown or ambiguous terminal type
WANT
expect failing-gnuplot 3 "$TMP/want" env GNUPLOT="$TMP/bad-gnuplot" \
  "$REPORT" results/cluster-a.yaml -o "$out" --script "$TMP/script.gp"

# A failed run leaves an existing PDF as it was.
echo "%PDF- old report" >"$TMP/old.pdf"
GNUPLOT="$TMP/bad-gnuplot" "$REPORT" results/cluster-a.yaml \
  -o "$TMP/old.pdf" 2>/dev/null
[ "$(cat "$TMP/old.pdf")" = "%PDF- old report" ] || fail "old PDF overwritten"
[ -z "$(find "$TMP" -name '*old.pdf.*')" ] || fail "temporary PDF left"

expect_text no-output-dir 3 \
  "skampi-report: error: cannot create a temporary file for '$TMP/out/none/report.pdf': No such file or directory" \
  "$REPORT" results/cluster-a.yaml -o "$TMP/out/none/report.pdf"

# --help and --version succeed quietly.
"$REPORT" --help >"$TMP/help" 2>&1 || fail "--help exit status"
grep -q '^Usage: skampi-report RESULT.yaml' "$TMP/help" || fail "--help text"
grep -q 'Exit status: 0 success, 1 bad result or parameter file, 2 bad' \
  "$TMP/help" || fail "--help lists the exit statuses"
"$REPORT" --version >"$TMP/version" 2>&1 || fail "--version exit status"
grep -Eq '^skampi-report [0-9]+\.[0-9]+' "$TMP/version" || fail "--version"

echo "$(ls bad/*.yaml | wc -l) bad files and 12 other failures checked"
[ "$failures" = 0 ] || exit 1
exit 0
