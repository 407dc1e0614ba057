# SPDX-License-Identifier: BSD-3-Clause
# clip.sh -- a length that does not fit in @MEMORY on the run's
# processes (doc/suite-language.md, "Lengths that do not fit"), on 2
# processes with a small @MEMORY: the preamble's End_Argument is clipped
# for the suites it does not fit (the result's `clipped` and `notes`,
# the log, the report's line under the plot), a suite whose
# Start_Argument does not fit is left out and the rest runs, a suite
# that fits is untouched; a length the suite writes is refused (the
# whole file, nothing measured), saying how far to raise @MEMORY, unless
# the suite says Memory_Fit = Clip.  And a master-worker grid starts at
# the first length whose chunks carry data.
. "$top_srcdir/tests/mpi/lib.sh"

cat > "$work/clip.skampi" <<'END'
@MEMORY 64
@LOGFILE clip.log
@CACHEWARMUP 0
@Min_Repetition 4
@Max_Repetition 8
@Scale Fixed_log
@Start_Argument 1KiB
@End_Argument 64KiB
@Stepwidth 4
@MEASUREMENTS
alltoall { Type = MPI_Alltoall; }
left_out { Type = MPI_Alltoall; Start_Argument = 32KiB; }
bcast { Type = MPI_Bcast; End_Argument = 16KiB; }
END
skampi=$(abs "$SKAMPI")
(cd "$work" && $MPIEXEC -n 2 "$skampi" --quiet -o clip.yaml clip.skampi \
   2> stderr)
rc=$?
[ $rc -eq 3 ] || fatal "clipped run exited with $rc: $(cat "$work/stderr")"
flatten "$work/clip.yaml"
note="End_Argument 65536 is clipped to 16384, the longest message that fits in @MEMORY (64 KiB per process) for MPI_Alltoall on 2 processes; raise @MEMORY to 256 (KiB) to measure End_Argument 65536"
expect suites.0.status complete
expect suites.0.parameters.End_Argument 16384
expect suites.0.parameters.Memory_Fit Clip
expect suites.0.clipped.key End_Argument
expect suites.0.clipped.asked 65536
expect suites.0.clipped.largest 16384
expect suites.0.clipped.limit memory
expect suites.0.clipped.memory_kib 256
expect suites.0.clipped.note "$note"
grep -qx "suites.0.notes.[0-9]*=$note" "$work/flat" ||
  fail "no note of the clip: $(grep '^suites.0.notes' "$work/flat")"
# the grid: 1 KiB, 4 KiB, 16 KiB, the largest measured being the clip
expect suites.0.points.2.argument 16384
expect suites.0.points.3.argument ''
expect suites.1.status failed
expect suites.1.message "left out: Start_Argument 32768 is longer than 16384, the longest message that fits in @MEMORY (64 KiB per process) for MPI_Alltoall on 2 processes; raise @MEMORY to 256 (KiB) to measure End_Argument 65536"
expect suites.1.points ''
expect suites.2.status complete
expect suites.2.clipped.key ''
expect suites.2.parameters.Memory_Fit Refuse
expect run.status partial
sane
grep -qx "  note: $note" "$work/clip.log" || fail "the log: $(cat "$work/clip.log")"

# the report says it under the plot of that suite, and only there
"$top_builddir/report/skampi-report" "$work/clip.yaml" -o "$work/clip.pdf" \
  --script "$work/clip.gp" > /dev/null 2>&1 || fatal "skampi-report failed"
n=$(grep -c "'End_Argument 65536 clipped to 16384'" "$work/clip.gp")
[ "$n" -eq 1 ] || fail "the report says the clip $n times"
grep -q "'(the most that fits in @MEMORY here)'" "$work/clip.gp" ||
  fail "the report does not say why"

# a length the suite writes: refused, located, nothing measured
cat > "$work/own.skampi" <<'END'
@MEMORY 64
@MEASUREMENTS
alltoall { Type = MPI_Alltoall; End_Argument = 64KiB; }
END
run_skampi 2 "$work/own.skampi" "$work/own.yaml" --quiet
rc=$?
[ $rc -eq 1 ] || fail "a written length that does not fit: exit $rc"
[ ! -e "$work/own.yaml" ] || fail "a refused file wrote a result"
grep -q "own.skampi:3:48: error: End_Argument (65536) does not fit in @MEMORY (64 KiB per process): at most 16384 fits for MPI_Alltoall on 2 processes; raise @MEMORY to 256 (KiB) to measure it$" "$work/stderr" ||
  fail "refusal: $(cat "$work/stderr")"
# ... unless the suite says Memory_Fit = Clip
sed 's/64KiB; }/64KiB; Memory_Fit = Clip; Scale = Fixed_log; Start_Argument = 16KiB; Min_Repetition = 4; Max_Repetition = 8; }/' \
  "$work/own.skampi" > "$work/clipped.skampi"
run_skampi 2 "$work/clipped.skampi" "$work/clipped.yaml" --quiet ||
  fatal "Memory_Fit = Clip: exit $? ($(cat "$work/stderr"))"
flatten "$work/clipped.yaml"
expect suites.0.status complete
expect suites.0.clipped.largest 16384
expect suites.0.points.0.argument 16384

# master-worker: a message cut into 4 chunks of whole 4-byte ints moves
# nothing below 16 bytes, so the grid from 0 goes on at 16 (not at 4,
# where each chunk would be 0 ints), and the result says why
cat > "$work/mw.skampi" <<'END'
@Basetype1 MPI_INT
@MEASUREMENTS
mw { Type = MW_Send; Basetype_Number = 1; Default_Chunks = 4; Scale = Fixed_log; Start_Argument = 0; End_Argument = 256; Stepwidth = 4; Min_Repetition = 4; Max_Repetition = 8; }
END
run_skampi 2 "$work/mw.skampi" "$work/mw.yaml" --quiet ||
  fatal "master-worker: exit $? ($(cat "$work/stderr"))"
flatten "$work/mw.yaml"
expect suites.0.status complete
for p in 0:0 1:16 2:64 3:256; do
  expect suites.0.points.${p%%:*}.argument "${p#*:}"
done
grep -qx "suites.0.notes.[0-9]*=the lengths above 0 start at 16: on 2 processes a message is cut into 4 chunks of whole 4-byte elements, and a shorter one moves nothing" "$work/flat" ||
  fail "master-worker note: $(grep '^suites.0.notes' "$work/flat")"
sane
exit 0
