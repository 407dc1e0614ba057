#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# second-pass.sh -- the budget's second pass (doc/engine.md, "The run's
# time budget"): a suite cut by its share of @TIME_RUN while the run has
# time left is held and continued after every suite had its first turn.
# 1. @Time_Run 40, 81 suites: 'slow' (1.2 s) exceeds its first share
#    (0.99 s) and ends complete in the second pass; the run is complete,
#    with no stop reason.
# 2. @Time_Run 1, 4 suites: too small for 'slow', which still ends cut by
#    its share, the run saying why it stopped.
# 3. No time left for the second pass: the held suite ends as the first
#    pass left it, the point its share cut short kept.
# 4. A run killed (kill -9) while 'slow' is held: the result file never
#    held it; the rerun measures it once, complete.
# Only statuses and messages are asserted, never a time: the margins (the
# second pass has about 38 s for 0.4 s of work) make room for a loaded
# machine.
. "${top_srcdir:-.}/tests/mpi/lib.sh"
. "$top_srcdir/tests/mpi/restart-lib.sh"
SKAMPI_CALIBRATE="0,1e-3,0,0"
export SKAMPI_CALIBRATE

# gen FILE TIME_RUN QUICK: the suite file with QUICK quick suites after
# 'slow' and @Time_Run TIME_RUN.
gen() {
  {
    sed "s/^@Time_Run 40\$/@Time_Run $2/" "$SUITES/second-pass.skampi"
    i=1
    while [ $i -le "$3" ]; do
      echo "q$i { Type = Calibrate_Busywait; Variation = Length; Start_Argument = 1; End_Argument = 1; }"
      i=$((i + 1))
    done
  } > "$1"
}

# once NAME CASE: one suite of that name in the file (no suite twice).
once() {
  n=$(grep -c "^suites\.[0-9]*\.name=$1\$" "$work/flat")
  [ "$n" = 1 ] || fail "$2: suite $1 is $n times in the result"
}

# 1. the time suffices
suite=$work/enough.skampi
gen "$suite" 40 80
out=$work/enough.yaml
run_skampi 2 "$suite" "$out"
rc=$?
[ $rc -eq 0 ] || fail "enough: exit status $rc, want 0"
flatten "$out"
expect run.status complete
expect run.stop ''
once slow enough
sexpect slow status complete
sexpect slow message ''
for i in 0 1 2 3 4 5; do
  sexpect slow "points.$i.argument" $((200 + i))
  sexpect slow "points.$i.stop" max_repetition
done
sexpect slow points.6.argument ''
sexpect slow unmeasured ''
n=$(grep -c '^suites\.[0-9]*\.status=complete$' "$work/flat")
[ "$n" = 81 ] || fail "enough: $n suites complete, want 81"
si=$(suite_index slow)
grep -q "^suites\.$si\.notes\.[0-9]*=second pass: its share of Time_Run (0\.9[0-9]* s) cut it after every suite's first turn; it went on where it stopped, with the time the others left ([0-9.e+]* s in all)\$" \
  "$work/flat" || fail "enough: no second-pass note: $(grep "^suites\.$si\.notes" "$work/flat")"
grep -q "^skampi: suite 1 of 81: slow: cut by its share of Time_Run (0\.9[0-9]* s) after [0-6] points, [0-9.]* s: continued in the second pass\$" \
  "$work/stderr" || fail "enough: no line of the held suite: $(cat "$work/stderr")"
grep -q "^skampi: second pass: 1 suite cut for time, [0-9.]* s left (" \
  "$work/stderr" || fail "enough: no second-pass line"
grep -q "^skampi: suite 1 of 81: slow: complete, 6 points (0 met eps)" \
  "$work/stderr" || fail "enough: no end line of slow"
grep -q '^skampi: run complete: 81 suites in [0-9.]* s' "$work/stderr" ||
  fail "enough: last line: $(tail -n 1 "$work/stderr")"

# 2. the budget is too small for 'slow': cut, with the budget named
suite=$work/small.skampi
gen "$suite" 1 3
out=$work/small.yaml
run_skampi 2 "$suite" "$out"
rc=$?
[ $rc -eq 0 ] || fail "small: exit status $rc, want 0"
flatten "$out"
expect run.status incomplete
for s in slow q1 q2 q3; do
  once $s small
done
sexpect slow status incomplete
m=$(sget slow message)
case $m in
  "its share of Time_Run ("*" s) reached after "[1-5]" points, "[1-5]" of them missed eps") ;;
  "not measured: its share of Time_Run ("*" s) was spent before its first point") ;;
  *) fail "small: slow's message '$m'" ;;
esac
n=$(grep -c "^suites\.$(suite_index slow)\.unmeasured\.[0-9]*=" "$work/flat")
[ "$n" -ge 1 ] || fail "small: slow names no argument unmeasured"
case $(get run.stop) in
  "Time_Run (1 s): "*" suite"*" cut short and "*" not measured, "*" of their grids left unmeasured (each suite's 'unmeasured')") ;;
  *) fail "small: run.stop '$(get run.stop)'" ;;
esac
# held (the usual case): the note says so, and the second pass its line
if grep -q '^skampi: second pass: 1 suite cut for time' "$work/stderr"; then
  si=$(suite_index slow)
  grep -q "^suites\.$si\.notes\.[0-9]*=second pass: its share of Time_Run (0\.[0-9]* s) cut it" \
    "$work/flat" || fail "small: no second-pass note"
fi

# 3. no time left for the second pass: 'slow' (its end argument raised
# to 214: 3 s) exceeds its first share (2 * 4 / 4 = 2 s) and is held;
# 'hog', last, takes all that is left (it needs 6 s) and is cut; 'slow'
# then ends as the first pass left it, every argument of its grid either
# measured (the point its share cut short among them) or named unmeasured
suite=$work/none.skampi
{
  sed -e 's/^@Time_Run 40$/@Time_Run 4/' -e 's/End_Argument = 205;/End_Argument = 214;/' \
    "$SUITES/second-pass.skampi"
  echo "q1 { Type = Calibrate_Busywait; Variation = Length; Start_Argument = 1; End_Argument = 1; }"
  echo "q2 { Type = Calibrate_Busywait; Variation = Length; Start_Argument = 1; End_Argument = 1; }"
  echo "hog { Type = Calibrate_Busywait; Variation = Length; Start_Argument = 200; End_Argument = 229; }"
} > "$suite"
out=$work/none.yaml
run_skampi 2 "$suite" "$out"
rc=$?
[ $rc -eq 0 ] || fail "none: exit status $rc, want 0"
flatten "$out"
expect run.status incomplete
for s in slow q1 q2 hog; do
  once $s none
done
sexpect slow status incomplete
sexpect hog status incomplete
m=$(sget slow message)
case $m in
  "its share of Time_Run (1.9"*" s) reached after "*" points, "*" of them missed eps"|"its share of Time_Run (2 s) reached after "*" points, "*" of them missed eps") ;;
  *) fail "none: slow's message '$m'" ;;
esac
si=$(suite_index slow)
grep -q "^suites\.$si\.notes\.[0-9]*=second pass: its share of Time_Run ([0-9.]* s) cut it; no time was left to go on\$" \
  "$work/flat" || fail "none: no second-pass note: $(grep "^suites\.$si\.notes" "$work/flat")"
grep -q '^skampi: second pass: 1 suite cut for time, 0.0 s left (' \
  "$work/stderr" || fail "none: no second-pass line: $(cat "$work/stderr")"
# each of the 15 arguments once, measured or unmeasured
sed -n "s/^suites\.$si\.\(points\.[0-9]*\.argument\|unmeasured\.[0-9]*\)=//p" \
  "$work/flat" | sort -n > "$work/args"
seq 200 214 | cmp -s - "$work/args" ||
  fail "none: slow's arguments: $(tr '\n' ' ' < "$work/args")"
case $(get run.stop) in
  "Time_Run (4 s): 2 suites cut short and 0 not measured, "*) ;;
  *) fail "none: run.stop '$(get run.stop)'" ;;
esac

# 4. killed while 'slow' is held: q3 hangs (test only) until the kill
suite=$work/kill.skampi
gen "$suite" 40 80
hang=q3
start_bg
wait_journal "^pause 1\$"
wait_journal "^begin 4 "
pids=$(ranks)
[ -n "$pids" ] || fatal "no rank found to kill"
kill -9 $pids
wait $bg
bg=
[ "$(names)" = "q1 q2 " ] ||
  fail "killed: the file holds '$(names)', want the quick suites before q3"
run_skampi 2 "$suite" "$result"
rc=$?
[ $rc -eq 0 ] || fail "rerun: exit status $rc, want 0: $(cat "$work/stderr")"
flatten "$result"
once slow rerun
once q3 rerun
sexpect slow status complete
sexpect slow points.5.argument 205
n=$(grep -c '^suites\.[0-9]*\.status=complete$' "$work/flat")
[ "$n" = 81 ] || fail "rerun: $n suites complete, want 81"
expect run.status complete
exit 0
