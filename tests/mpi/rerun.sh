# SPDX-License-Identifier: BSD-3-Clause
# rerun.sh -- a result file is one experiment (doc/robustness.md,
# "Continuing a run"): a run killed with SIGKILL in the middle of a suite
# is continued, but a rerun into a file of another experiment -- another
# MPI library, another process count and hosts, another timer, another
# skampi, another suite file -- or into a file whose run finished is refused before it
# measures, with one message that says what differs and what to do, and
# the old file and its journal stay byte for byte as they were.
#
# skampi built for one MPI library cannot run under the other's mpiexec,
# so "another library" (and "another skampi version", "other hosts") is
# an incomplete file of this library with its recorded value edited; the
# other process count is a real run on 1 process.
. "$top_srcdir/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"

# show TEXT: a recorded value as the message shows it: its first line,
# tabs as spaces, more than 63 characters cut to 60 and "...".
show() {
  printf '%s\n' "$1" | head -n 1 | tr '\t' ' ' |
    awk '{ if (length($0) > 63) print substr($0, 1, 60) "..."; else print }'
}
way="nothing measured, $result left as it is: write to a new file (-o NEW.yaml) or start over with --fresh ($result becomes $result.bak)"

# refused WHAT NP SUITE MESSAGE [options]: a rerun into $result is refused
# with exit status 1 and MESSAGE, on every rank alike, and leaves $result
# and its journal as they were ($work/saved.*).
refused() {
  what=$1 np=$2 file=$3 msg=$4
  shift 4
  run_skampi "$np" "$file" "$result" --quiet "$@"
  rc=$?
  [ $rc -eq 1 ] || fail "$what: exit status $rc, want 1"
  [ "$(skampi_stderr)" = "skampi: error: $msg" ] ||
    fail "$what: '$(cat "$work/stderr")'"
  [ "$(skampi_stderr | wc -l)" -eq 1 ] || fail "$what: not one message"
  cmp "$result" "$work/saved.yaml" || fail "$what changed $result"
  cmp "$journal" "$work/saved.journal" || fail "$what changed $journal"
  [ ! -e "$result.bak" ] || fail "$what made a backup"
}

# A real crash: every rank killed with SIGKILL while r2 runs.
hang=r2
start_bg
wait_journal '^begin 2 '
sleep 0.1
victims=$(ranks)
[ -n "$victims" ] || fatal "no rank found to kill"
kill -9 $victims
wait $bg && fail "skampi survived the kill of its ranks $victims"
find "$work" -name ".out.yaml.*" -exec rm -f {} +
[ "$(names)" = "r1 " ] || fail "after the kill the file holds '$(names)'"
expect run.status running
cp "$result" "$work/killed.yaml" && cp "$journal" "$work/killed.journal" ||
  exit 99
flatten "$result"
hosts=$(get factors.hosts.0),$(get factors.hosts.1)
version=$(get skampi_version)
[ -n "$version" ] || fatal "no skampi_version in $result"
# the library as the run records it (skampi --list shows a shorter name)
lib=$(show "$(get factors.mpi_library | sed 's/\\n.*//')")
[ -n "$lib" ] || fatal "no mpi_library in $result"

# edit KEY VALUE: $result is the killed run's file with top-level or
# factors key KEY (and the lines its value continues on) set to VALUE;
# the journal is the killed run's; both saved for refused().
edit() {
  k=$1 v=$2 awk '
    skip && /^    / { next }
    { skip = 0 }
    $1 == ENVIRON["k"] ":" { sub(/:.*/, ""); print $0 ": " ENVIRON["v"]; skip = 1; next }
    { print }' "$work/killed.yaml" > "$result" || exit 99
  cmp -s "$result" "$work/killed.yaml" && fatal "edit $1: nothing edited"
  cp "$work/killed.journal" "$journal" &&
    cp "$result" "$work/saved.yaml" && cp "$journal" "$work/saved.journal" ||
    exit 99
}

# another MPI library
# (the one this skampi is not built with)
case $lib in
  "Open MPI"*)
    edit mpi_library '"MPICH Version:      4.0.2\nMPICH Release date: Thu Apr  7 12:34:45 CDT 2022"'
    other="MPICH Version:      4.0.2" ;;
  *)
    edit mpi_library '"Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022"'
    other="Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo..." ;;
esac
refused "another library" 2 "$suite" "$result is the result of another experiment: MPI library '$other' there, '$lib' in this run; $way"

# the same library, another build: the first line alike, not the rest
first=$(awk '/^  mpi_library: "/ { i = index($0, "\\n"); if (i) print substr($0, 17, i - 17) }' "$work/killed.yaml")
if [ -n "$first" ]; then
  edit mpi_library "\"$first\\nanother build\""
  refused "another build" 2 "$suite" "$result is the result of another experiment: MPI library '$lib' there and in this run, but another build (the version strings differ after their first line); $way"
fi

# another skampi and other hosts: both said, in one message
edit hosts '[node-a, node-b]'
cp "$result" "$work/hosts.yaml"
awk '/^skampi_version: /{ print "skampi_version: 0.0.9"; next } { print }' \
  "$work/hosts.yaml" > "$result" && cp "$result" "$work/saved.yaml" || exit 99
refused "another skampi and other hosts" 2 "$suite" "$result is the result of another experiment: hosts 'node-a,node-b' there, '$hosts' in this run; skampi version '0.0.9' there, '$version' in this run; $way"

# another process count: a real run on one process
cp "$work/killed.yaml" "$result" && cp "$result" "$work/saved.yaml" || exit 99
refused "another process count" 1 "$suite" "$result is the result of another experiment: processes '2' there, '1' in this run; hosts '$hosts' there, '${hosts%%,*}' in this run; $way"

# another timer: a real run with --timer monotonic
cp "$work/killed.yaml" "$result" && cp "$result" "$work/saved.yaml" || exit 99
refused "another timer" 2 "$suite" "$result is the result of another experiment: timer 'MPI_Wtime' there, 'CLOCK_MONOTONIC' in this run; $way" --timer monotonic

# a changed suite file (a comment more)
cp "$suite" "$work/changed.skampi" && echo "# changed" >> "$work/changed.skampi" ||
  exit 99
refused "a changed suite file" 2 "$work/changed.skampi" "$result is the result of another experiment: suite file: another one, or $work/changed.skampi changed since (its sha256 differs); $way"

# The real crash is continued: r1 kept, r3 and r4, r2 retried last.
run_skampi 2 "$suite" "$result" || fail "rerun exited with $? ($(cat "$work/stderr"))"
[ "$(names)" = "r1 r3 r4 r2 " ] || fail "after the rerun: '$(names)'"
expect run.status complete
grep -q "^skampi: continuing $result: 1 suites kept, 3 to measure (1 of them retried last), 0 skipped as crashed\$" "$work/stderr" ||
  fail "rerun did not say what it continues: $(cat "$work/stderr")"

# A finished run is never continued: its verdict and stop reason stay.
cp "$result" "$work/saved.yaml" && cp "$journal" "$work/saved.journal" ||
  exit 99
refused "a complete file" 2 "$suite" "$result holds a finished run (run.status: complete); a result file is continued only when its run was interrupted; $way"

# --fresh moves it aside and says so; a second --fresh says that it
# replaces that backup.
run_skampi 2 "$suite" "$result" --fresh || fail "--fresh exited with $?"
cmp "$work/saved.yaml" "$result.bak" || fail "--fresh: $result.bak is not the old file"
cmp "$work/saved.journal" "$journal.bak" || fail "--fresh: $journal.bak is not the old journal"
grep -qxF "skampi: --fresh: $result moved aside to $result.bak, its journal to $journal.bak" "$work/stderr" ||
  fail "--fresh: '$(cat "$work/stderr")'"
# the estimate at the start: this file bounds nothing
grep -qxF "skampi: 4 suites to measure, no time limit: the file sets neither @TIME_RUN nor every suite's Time_Suite" "$work/stderr" ||
  fail "--fresh: no estimate: '$(cat "$work/stderr")'"
run_skampi 2 "$suite" "$result" --fresh --quiet || fail "second --fresh exited with $?"
[ "$(skampi_stderr)" = "skampi: --fresh: $result moved aside to $result.bak (replacing an older $result.bak), its journal to $journal.bak (replacing an older $journal.bak)" ] ||
  fail "second --fresh: '$(cat "$work/stderr")'"
exit 0
