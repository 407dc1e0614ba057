# SPDX-License-Identifier: BSD-3-Clause
# outputs.sh -- what a hostile or careless command line, suite file or
# planted file could make skampi, skampi-report and skampi-merge destroy
# (doc/robustness.md, "Security"), each asserted with its exact message,
# its exit status and the bytes of what must stay untouched:
#   skampi-report -o onto its input, --script onto its input;
#   skampi-merge -o onto one of its runs;
#   skampi --fresh -o SUITE SUITE, --fresh -o DIR;
#   an output that is a FIFO: written into, and a FIFO still;
#   a link planted at the old predictable temporary names FILE.tmp;
#   a journal that is a symbolic link;
#   @LOGFILE /tmp/x and @OUTFILE ../x, refused at check time;
#   a suite name with a newline, escaped in the log and the journal.
# Runs skampi on 2 ranks under the lock of tests/mpi/lib.sh.
. "$top_srcdir/tests/mpi/lib.sh"
REPORT="$top_builddir/report/skampi-report"
MERGE="$top_builddir/campaign/skampi-merge"
SKAMPI_CALIBRATE="1e-3,0,0,0"
export SKAMPI_CALIBRATE
skampi=$(abs "$SKAMPI")
report=$(abs "$REPORT")
merge=$(abs "$MERGE")
cp "$top_srcdir/tests/tools/runs/a1.yaml" "$work/r1.yaml" &&
cp "$top_srcdir/tests/tools/runs/a2.yaml" "$work/r2.yaml" || exit 99
work=$(abs "$work")     # for skampi_stderr and the trap, after the cd
cd "$work" || exit 99

sum() { sha256sum "$1" | cut -d' ' -f1; }
# same FILE SUM WHAT: FILE still holds the bytes it had.
same() {
  [ "$(sum "$1")" = "$2" ] || fail "$3 changed $1"
}
# said WANT WHAT: stderr is exactly WANT.
said() {
  [ "$(cat stderr)" = "$1" ] || fail "$2: stderr is '$(cat stderr)'"
}
cat > s.skampi << 'SUITE'
@MEMORY 256
@CACHEWARMUP 0
@Min_Repetition 3
@Max_Repetition 3
@LOGFILE run.log
@MEASUREMENTS
"x\nssh-ed25519 AAAA evil" { Type = Calibrate_Busywait; Variation = None; }
SUITE
r1=$(sum r1.yaml) s=$(sum s.skampi)

# skampi-report onto the result file it reports.
"$report" r1.yaml -o r1.yaml 2> stderr
[ $? -eq 3 ] || fail "report -o r1.yaml: exit status, want 3"
said "skampi-report: error: output 'r1.yaml' is the input file 'r1.yaml'; name another output" "report -o r1.yaml"
same r1.yaml "$r1" "report -o"
"$report" r1.yaml --script r1.yaml 2> stderr
[ $? -eq 3 ] || fail "report --script r1.yaml: exit status, want 3"
said "skampi-report: error: output 'r1.yaml' is the input file 'r1.yaml'; name another output" "report --script r1.yaml"
same r1.yaml "$r1" "report --script"

# skampi-merge onto one of its runs.
"$merge" r1.yaml r2.yaml -o r1.yaml 2> stderr
[ $? -eq 3 ] || fail "merge -o r1.yaml: exit status, want 3"
said "skampi-merge: error: output 'r1.yaml' is the input file 'r1.yaml'; name another output" "merge -o r1.yaml"
same r1.yaml "$r1" "merge -o"

# A FIFO as the output: written into (its reader gets the whole merged
# file), never replaced.
mkfifo fifo || exit 99
cat fifo > from-fifo &
reader=$!
"$merge" r1.yaml r2.yaml -o fifo 2> stderr || fail "merge -o fifo: exit status $? ($(cat stderr))"
wait $reader
[ -p fifo ] || fail "the FIFO was replaced"
head -n 1 from-fifo | grep -q '^schema_version: ' || fail "the FIFO's reader got '$(head -n 1 from-fifo)'"

# A link planted at the old temporary name FILE.tmp is never followed.
echo "victim" > victim
v=$(sum victim)
ln -s victim merged.yaml.tmp && ln -s victim out.yaml.tmp || exit 99
"$merge" r1.yaml r2.yaml -o merged.yaml 2> stderr || fail "merge beside a planted link: exit status $?"
same victim "$v" "skampi-merge's temporary"
[ -L merged.yaml.tmp ] || fail "the planted link was removed"
$MPIEXEC -n 2 "$skampi" --quiet -o out.yaml s.skampi 2> stderr ||
  fail "skampi beside a planted link: exit status $? ($(cat stderr))"
same victim "$v" "skampi's temporary"
[ -z "$(find . -name '.out.yaml.*')" ] || fail "a temporary file left behind"

# The suite name holds a newline: one escaped line in the log and in the
# journal, no line of its own.
grep -qx 'suite 1 of 1: x\\nssh-ed25519 AAAA evil (type 90, Calibrate_Busywait)' run.log ||
  fail "the log does not hold the escaped name: $(cat run.log)"
grep -q '^ssh-ed25519' run.log && fail "the suite name planted a line in the log"
grep -qx 'begin 1 x\\nssh-ed25519 AAAA evil' out.yaml.journal ||
  fail "the journal does not hold the escaped name"
grep -q '^ssh-ed25519' out.yaml.journal && fail "the suite name planted a journal line"

# skampi --fresh -o SUITE SUITE: the suite file is neither moved to .bak
# nor overwritten, with or without --fresh.
for opt in --fresh ""; do
  # shellcheck disable=SC2086
  $MPIEXEC -n 2 "$skampi" --quiet $opt -o s.skampi s.skampi 2> stderr
  rc=$?
  [ $rc -eq 1 ] || fail "skampi $opt -o s.skampi s.skampi: exit status $rc, want 1"
  [ "$(skampi_stderr)" = "skampi: error: output 's.skampi' is the input file 's.skampi'; name another output" ] ||
    fail "skampi $opt -o s.skampi: stderr is '$(cat stderr)'"
  same s.skampi "$s" "skampi $opt -o s.skampi"
  [ -e s.skampi.bak ] && fail "skampi $opt -o s.skampi made s.skampi.bak"
done

# --fresh -o DIR: the directory is not renamed.
mkdir dir || exit 99
$MPIEXEC -n 2 "$skampi" --quiet --fresh -o dir s.skampi 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "--fresh -o dir: exit status $rc, want 1"
[ "$(skampi_stderr)" = "skampi: error: 'dir' is a directory; name a file as the output" ] ||
  fail "--fresh -o dir: stderr is '$(cat stderr)'"
[ -d dir ] && [ ! -e dir.bak ] || fail "--fresh -o dir moved the directory"

# A journal that is a symbolic link is not written through: to a file of
# another kind it is refused before anything is written; to a journal
# (out.yaml's) it is refused when it is opened, before the first suite.
ln -s victim link.yaml.journal || exit 99
$MPIEXEC -n 2 "$skampi" --quiet -o link.yaml s.skampi 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "journal link: exit status $rc, want 1"
[ "$(skampi_stderr)" = "skampi: error: 'link.yaml.journal' is a symbolic link to a file that is not a skampi journal; not writing through it (remove it or name another output)" ] ||
  fail "journal link: stderr is '$(cat stderr)'"
same victim "$v" "the journal link"
[ -e link.yaml ] && fail "journal link: a result file was written"
j=$(sum out.yaml.journal)
ln -sf out.yaml.journal link.yaml.journal || exit 99
$MPIEXEC -n 2 "$skampi" --quiet -o link.yaml s.skampi 2> stderr
rc=$?
[ $rc -eq 4 ] || fail "journal link to a journal: exit status $rc, want 4"
[ "$(skampi_stderr)" = "skampi: error: 'link.yaml.journal' is a symbolic link; not appending through it (remove it or name another file)" ] ||
  fail "journal link to a journal: stderr is '$(cat stderr)'"
same out.yaml.journal "$j" "the journal link"
[ -e link.yaml ] && fail "journal link to a journal: a result file was written"

# @LOGFILE /tmp/x and @OUTFILE ../x: refused by the checker, at the line.
printf '@LOGFILE /tmp/x\n@OUTFILE ../x\n@MEASUREMENTS\nA { Type = MPI_Barrier; Variation = None; }\n' > paths.skampi
"$skampi" --check paths.skampi > /dev/null 2> stderr
rc=$?
[ $rc -eq 1 ] || fail "@LOGFILE /tmp/x: exit status $rc, want 1"
grep -qx "paths.skampi:1:1: error: @LOGFILE '/tmp/x' is an absolute path; a suite file may name only files below the current directory" stderr ||
  fail "@LOGFILE /tmp/x: stderr is '$(cat stderr)'"
grep -qx "paths.skampi:2:1: error: @OUTFILE '../x' leaves the current directory; a suite file may name only files below it" stderr ||
  fail "@OUTFILE ../x: stderr is '$(cat stderr)'"
exit 0
