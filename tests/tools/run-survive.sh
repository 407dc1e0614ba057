#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# skampi-run survives: two campaigns started at once from one directory
# (the suite's @LOGFILE goes to neither's current directory: each run's
# log is in its campaign); a campaign killed (-9, the whole process
# group) after its first run goes on with --resume DIR to all its runs;
# a run that fails keeps the merge of the runs before it, and --resume
# runs it again; runs that lost points of the grid they replayed merge
# with per-point run counts; --tag labels the runs --db imports; a
# launcher of another MPI is refused in one line before any run.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
RUN=$(abs "$top_builddir/campaign/skampi-run")
export SKAMPI_MERGE="$(abs "$top_builddir/campaign/skampi-merge")" \
  SKAMPI_REPORT="$(abs "$top_builddir/report/skampi-report")" \
  SKAMPI_DB_PROGRAM="$(abs "$top_builddir/db/skampi-db")"
skampi=$(abs "$SKAMPI")
cwd=$(abs "$work")/cwd
mkdir "$cwd" || exit 99
# the tiny suite with a log of its own name in the current directory
{ echo '@LOGFILE skampi.log'; cat "$top_srcdir/tests/tools/tiny.skampi"; } \
  > "$cwd/tiny.skampi" || exit 99

# 1. two campaigns at once from one directory
(cd "$cwd" && SKAMPI=$skampi "$RUN" -n 2 --seed 5 --no-report \
   --launcher "$MPIEXEC -n 2" tiny.skampi -o A 2> A.err; echo $? > A.rc) &
(cd "$cwd" && SKAMPI=$skampi "$RUN" -n 2 --seed 5 --no-report \
   --launcher "$MPIEXEC -n 2" tiny.skampi -o B 2> B.err; echo $? > B.rc) &
wait
for c in A B; do
  [ "$(cat "$cwd/$c.rc")" = 0 ] ||
    fail "campaign $c of two at once: exit $(cat "$cwd/$c.rc"): $(cat "$cwd/$c.err")"
  for n in 01 02; do
    head -n 1 "$cwd/$c/run-$n.skampi.log" | grep -q '^skampi .* run of ' ||
      fail "campaign $c: run $n's log is not in its directory"
    grep -q '^skampi: run complete: 2 suites in [0-9.]* s; machine ' \
      "$cwd/$c/run-$n.log" || fail "campaign $c: run-$n.log lacks the run's last line"
  done
  flatten "$cwd/$c/merged.yaml"
  expect merged.runs 2
done
[ -e "$cwd/skampi.log" ] && fail "a campaign wrote the suite's @LOGFILE in the current directory"

# 2. killed after its first run (kill -9 of its process group, as a
# crash or a lost node would), continued with --resume; and stopped
# between a run's end and its line in runs.txt
rm -rf "$cwd/K"
(cd "$cwd" && SKAMPI=$skampi exec setsid "$RUN" -n 3 --seed 20 --no-report \
   --launcher "$MPIEXEC -n 2" tiny.skampi -o K 2> K.err) &
bg=$!
lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }
i=0
while [ "$(lines "$cwd/K/runs.txt")" -lt 1 ]; do
  kill -0 "$bg" 2> /dev/null || break
  i=$((i + 1))
  [ "$i" -lt 6000 ] || fatal "campaign K: no run finished in 600 s"
  sleep 0.1
done
kill -KILL -- "-$bg" 2> /dev/null
wait "$bg" 2> /dev/null
bg=''
[ -e "$cwd/K/merged.yaml" ] && fail "the killed campaign got to its merge"
(cd "$cwd" && SKAMPI=$skampi "$RUN" --resume K 2> K2.err) ||
  fail "--resume K failed: $(cat "$cwd/K2.err")"
grep -q "^skampi-run: resuming K: [12] runs done" "$cwd/K2.err" ||
  fail "--resume K does not say where it goes on: $(cat "$cwd/K2.err")"
printf 'run-01.yaml seed=20 status=0\nrun-02.yaml seed=21 status=0\nrun-03.yaml seed=22 status=0\n' |
  diff -u - "$cwd/K/runs.txt" || fail "resumed campaign: runs.txt"
flatten "$cwd/K/merged.yaml"
expect merged.runs 3
expect merged.files.1.shuffle_seed 21
expect merged.files.2.grid_from "K/run-01.yaml"
# --resume of a finished campaign merges again and runs nothing
(cd "$cwd" && SKAMPI=$skampi "$RUN" --resume K 2> K3.err) ||
  fail "--resume of a finished campaign failed: $(cat "$cwd/K3.err")"
grep -qx "skampi-run: resuming K: its 3 runs are done" "$cwd/K3.err" ||
  fail "--resume of a finished campaign: $(cat "$cwd/K3.err")"
# stopped after run 2 had finished but before runs.txt named it (the
# kill came between the two): --resume keeps run 2 as it is (skampi
# refuses to continue a finished file) and goes on with run 3
head -n 1 "$cwd/K/runs.txt" > "$cwd/K/runs.1" && mv "$cwd/K/runs.1" "$cwd/K/runs.txt" &&
  rm -f "$cwd/K/run-03.yaml" "$cwd/K/merged.yaml" &&
  cp "$cwd/K/run-02.yaml" "$cwd/K2.saved" || exit 99
(cd "$cwd" && SKAMPI=$skampi "$RUN" --resume K 2> K4.err) ||
  fail "--resume after a finished, unrecorded run 2 failed: $(cat "$cwd/K4.err")"
grep -qx "skampi-run: resuming K: 1 runs done, run 2 had finished (K/run-02.yaml) before the campaign stopped: it is kept as it is" "$cwd/K4.err" ||
  fail "--resume after a finished, unrecorded run 2: $(cat "$cwd/K4.err")"
cmp -s "$cwd/K/run-02.yaml" "$cwd/K2.saved" || fail "the finished run 2 was changed"
printf 'run-01.yaml seed=20 status=0\nrun-02.yaml seed=21 status=0\nrun-03.yaml seed=22 status=0\n' |
  diff -u - "$cwd/K/runs.txt" || fail "after a finished, unrecorded run 2: runs.txt"
flatten "$cwd/K/merged.yaml"
expect merged.runs 3

# 3. run 2 fails (a skampi that fails for its seed): run 1 is merged, the
# message says how to go on; --resume with the real skampi completes it
cat > "$cwd/failing" <<SH
#!/bin/sh
case "\$*" in *--shuffle=31*) exit 4 ;; esac
exec "$skampi" "\$@"
SH
chmod +x "$cwd/failing"
(cd "$cwd" && SKAMPI=$cwd/failing "$RUN" -n 2 --seed 30 --no-report \
   --launcher "$MPIEXEC -n 2" tiny.skampi -o F 2> F.err)
rc=$?
[ "$rc" = 1 ] || fail "a failed run: exit status $rc, not 1"
grep -qx "skampi-run: error: run 2 failed (exit status 4); runs 1 to 1 are merged into 'F/merged.yaml'; see 'F/run-02.log'; continue the campaign with: skampi-run --resume 'F'" \
  "$cwd/F.err" || fail "a failed run: $(cat "$cwd/F.err")"
flatten "$cwd/F/merged.yaml"
expect merged.runs 1
(cd "$cwd" && SKAMPI=$skampi "$RUN" --resume F 2> F2.err) ||
  fail "--resume F failed: $(cat "$cwd/F2.err")"
flatten "$cwd/F/merged.yaml"
expect merged.runs 2

# 4. runs whose replayed grid lost points: run 2 lacks 1024 of run 1's
# grid (a time limit cut it short); the campaign merges them, each point
# with the runs that have it, and draws them
mkdir "$cwd/L"
"$skampi" --check "$cwd/tiny.skampi" > /dev/null || exit 99
cp "$top_srcdir/tests/tools/runs/a1.yaml" "$cwd/L/run-01.yaml"
cp "$top_srcdir/tests/tools/runs/fewer-points.yaml" "$cwd/L/run-02.yaml"
printf 'run-01.yaml seed=1 status=0\nrun-02.yaml seed=2 status=0\n' > "$cwd/L/runs.txt"
printf 'suite=%s\nruns=2\nseed=1\nreport=1\nstarted=%s\nlauncher=\nnp=2\n' \
  "$cwd/tiny.skampi" "$(date +%s)" > "$cwd/L/campaign.txt"
(cd "$cwd" && SKAMPI=$skampi GNUPLOT=${GNUPLOT:-gnuplot} "$RUN" --resume L \
   2> L.err) || fail "lost points: $(cat "$cwd/L.err")"
flatten "$cwd/L/merged.yaml"
expect suites.0.points.2.runs 1
expect suites.0.points.2.runs_missing.0 2
[ -s "$cwd/L/report.pdf" ] || fail "lost points: no report"

# 5. --tag: the runs --db imports are labelled (where skampi-db is
# built: SK_WITH_DB, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "run-survive.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): --tag and --db are not checked"
else
(cd "$cwd" && SKAMPI=$skampi "$RUN" -n 1 --seed 40 --no-report \
   --launcher "$MPIEXEC -n 2" --db t.db --tag phase=before --tag 'who=x y' \
   tiny.skampi -o T 2> T.err) || fail "--tag: $(cat "$cwd/T.err")"
"$SKAMPI_DB_PROGRAM" --db "$cwd/t.db" list --tag phase=before --tag 'who=x y' \
  > "$cwd/T.list" 2>&1
[ "$(grep -c 'phase=before who=x y' "$cwd/T.list")" = 2 ] ||
  fail "--tag: the run and the merged file are not labelled: $(cat "$cwd/T.list")"
grep -qx 'tag=who=x y' "$cwd/T/campaign.txt" || fail "--tag not in campaign.txt"
fi

# 6. a launcher of another MPI than skampi's: one line, before any run
other=''
case $("$skampi" --version | sed -n 2p) in
  *MPICH*) command -v mpiexec.openmpi > /dev/null && other=mpiexec.openmpi
           want="belongs to Open MPI, but skampi was built with MPICH" ;;
  *"Open MPI"*) command -v mpiexec.mpich > /dev/null && other=mpiexec.mpich
           want="belongs to MPICH, but skampi was built with Open MPI" ;;
esac
if [ -n "$other" ]; then
  (cd "$cwd" && SKAMPI=$skampi "$RUN" -n 1 --launcher "$other -n 2" \
     tiny.skampi -o M 2> M.err)
  rc=$?
  [ "$rc" = 1 ] || fail "another MPI's launcher: exit status $rc"
  [ "$(wc -l < "$cwd/M.err")" = 1 ] && grep -q "^skampi-run: error: the launcher '$other' .* $want" "$cwd/M.err" ||
    fail "another MPI's launcher: $(cat "$cwd/M.err")"
  [ -e "$cwd/M/run-01.yaml" ] && fail "another MPI's launcher: a run was started"
else
  echo "no second MPI's launcher: its refusal not tested"
fi
exit 0
