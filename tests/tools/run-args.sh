#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-args.sh -- skampi-run with hostile arguments: every number option
# is decimal (a leading zero changes nothing: --seed 09 is seed 9) and
# in range, and a bad one is refused with its exact message and exit
# status 2 before anything is created; a campaign (2 runs of a tiny
# fixed-grid suite on 2 processes) into a directory with a blank, and
# into 'y[1]' next to a decoy y1/ whose runs must be neither replayed nor
# merged nor touched.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
RUN=$(abs "$top_builddir/campaign/skampi-run")
SKAMPI=$(abs "$SKAMPI")
SKAMPI_MERGE=$(abs "$top_builddir/campaign/skampi-merge")
SKAMPI_REPORT=$(abs "$top_builddir/report/skampi-report")
export SKAMPI SKAMPI_MERGE SKAMPI_REPORT
suite=$(abs "$top_srcdir/tests/tools/tiny.skampi")
"$SKAMPI" --help | grep -q -- --grid-from || fail "skampi has no --grid-from"

# refuse MESSAGE ARGS...: skampi-run ARGS (run in an empty directory,
# output "out") exits with status 2 and says "skampi-run: error:
# MESSAGE (see skampi-run --help)", and the directory stays empty.
mkdir "$work/empty" || exit 99
refuse() {
  msg=$1; shift
  (cd "$work/empty" && "$RUN" "$@") 2> "$work/err"; rc=$?
  [ "$rc" -eq 2 ] || fail "$*: exit status $rc, not 2"
  printf 'skampi-run: error: %s (see skampi-run --help)\n' "$msg" |
    diff -u - "$work/err" || fail "$*: message"
  [ -z "$(ls -A "$work/empty")" ] || fail "$*: created $(ls -A "$work/empty")"
}
seeds="0 to 9007199254740990"    # 2^53 - 1 (skampi's largest) - 1 (2 runs)
refuse "--seed takes a whole number from $seeds, not '-1'" \
  -n 2 --seed -1 "$suite" -o out
refuse "--seed takes a whole number from $seeds, not 'abc'" \
  -n 2 --seed abc "$suite" -o out
refuse "--seed takes a whole number from $seeds, not '09x'" \
  -n 2 --seed 09x "$suite" -o out
refuse "--seed takes a whole number from $seeds, not ''" \
  -n 2 --seed '' "$suite" -o out
refuse "--seed takes a whole number from $seeds, not '9007199254740991'" \
  -n 2 --seed 9007199254740991 "$suite" -o out
refuse "--seed takes a whole number from $seeds, not '99999999999999999999'" \
  -n 2 --seed 99999999999999999999 "$suite" -o out
refuse "-n takes a whole number from 1 to 1000, not '0'" -n 0 "$suite" -o out
refuse "-n takes a whole number from 1 to 1000, not '99999999999'" \
  -n 99999999999 "$suite" -o out
refuse "-n takes a whole number from 1 to 1000, not '1x'" -n 1x "$suite" -o out
refuse "-n takes a whole number from 1 to 1000, not '1001'" \
  --runs 1001 "$suite" -o out
refuse "-np takes a whole number from 1 to 1000000, not '0x10'" \
  -n 2 -np 0x10 "$suite" -o out
refuse "--launcher takes a command, not ''" -n 2 --launcher '' "$suite" -o out
# --precision and its caps
eps="--precision takes a number above 0 and at most 1000000000, not"
refuse "$eps '0'" --precision 0 "$suite" -o out
refuse "$eps '0.0'" --precision 0.0 "$suite" -o out
refuse "$eps '-0.05'" --precision -0.05 "$suite" -o out
refuse "$eps '5%'" --precision 5% "$suite" -o out
refuse "$eps '1e-2'" --precision 1e-2 "$suite" -o out
refuse "$eps '0.1.2'" --precision 0.1.2 "$suite" -o out
refuse "$eps '.'" --precision . "$suite" -o out
refuse "$eps ''" --precision '' "$suite" -o out
refuse "$eps '1000000000.5'" --precision 1000000000.5 "$suite" -o out
refuse "-n and --precision do not go together (--max-runs caps the runs)" \
  -n 3 --precision 0.05 "$suite" -o out
refuse "--max-runs goes with --precision only" -n 3 --max-runs 5 "$suite" -o out
refuse "--max-time goes with --precision only" -n 3 --max-time 60 "$suite" \
  -o out
refuse "-n RUNS or --precision EPS is required" --max-runs 5 "$suite" -o out
refuse "--max-runs takes a whole number from 1 to 1000, not '0'" \
  --precision 0.05 --max-runs 0 "$suite" -o out
refuse "--max-runs takes a whole number from 1 to 1000, not ''" \
  --precision 0.05 --max-runs '' "$suite" -o out
refuse "--max-time takes a whole number from 1 to 10000000, not '1m'" \
  --precision 0.05 --max-time 1m "$suite" -o out
refuse "option '--max-time' needs a value" --precision 0.05 "$suite" -o out \
  --max-time
# the last seed is S + max-runs - 1 (default 50 runs)
refuse "--seed takes a whole number from 0 to 9007199254740942, not '9007199254740943'" \
  --precision 0.05 --seed 9007199254740943 "$suite" -o out
refuse "-o DIR must not hold a newline (the report could not be written there)" \
  -n 2 "$suite" -o "new
line"

# campaign NAME SEED [options...]: 2 runs of tiny.skampi into $work/NAME
# with --seed SEED; stderr in $work/stderr.
campaign() {
  d=$1 s=$2; shift 2
  "$RUN" -n 2 --seed "$s" --launcher "$MPIEXEC -n 2" "$@" "$suite" \
    -o "$work/$d" 2> "$work/stderr" ||
    fail "campaign into '$d': $(cat "$work/stderr")"
}
# merged DIR SEED: DIR holds the runs seeded SEED and SEED+1, and its
# merged file merges exactly them (paths and SHA-256 of this campaign).
merged() {
  printf 'run-01.yaml seed=%s status=0\nrun-02.yaml seed=%s status=0\n' \
    "$2" "$(($2 + 1))" | diff -u - "$1/runs.txt" || fail "$1: runs.txt"
  flatten "$1/merged.yaml"
  expect merged.runs 2
  for r in 1 2; do
    expect "merged.files.$((r - 1)).path" "$1/run-0$r.yaml"
    expect "merged.files.$((r - 1)).sha256" \
      "$(sha256sum < "$1/run-0$r.yaml" | cut -d' ' -f1)"
  done
}

# A blank in DIR (run 2 replays "$DIR/run-01.yaml"); a leading zero is
# decimal: seeds 9 and 10; the report is drawn into it.
campaign "my dir" 09
merged "$work/my dir" 9
for f in report.pdf runs.pdf; do
  [ -s "$work/my dir/$f" ] || fail "my dir: no $f"
done

# 'y[1]' is not the pattern of y1: the decoy's runs (another suite's)
# stay as they were and out of the merge; --seed 010 is 10, not octal 8.
mkdir "$work/y1" || exit 99
cp "$top_srcdir/tests/tools/runs/other-suite.yaml" "$work/y1/run-01.yaml" &&
  cp "$top_srcdir/tests/tools/runs/other-grid.yaml" "$work/y1/run-02.yaml" ||
  exit 99
find "$work/y1" | sort > "$work/decoy.before" || exit 99
campaign "y[1]" 010 --no-report
# (each run's last line, its status and the machine's verdict, is said
# after it: its words depend on the machine)
grep -c '^skampi-run: run [12]: run complete: 2 suites in [0-9.]* s; machine \(quiet\|noisy\|oversubscribed\)' \
  "$work/stderr" | grep -qx 2 || fail "y[1]: no line of each run's status and verdict"
grep -v '^skampi-run: run [12]: run ' "$work/stderr" > "$work/said"
printf 'skampi-run: run 1 of 2 (seed 10)\nskampi-run: run 2 of 2 (seed 11)\n' |
  diff -u - "$work/said" || fail "y[1]: messages"
merged "$work/y[1]" 10
find "$work/y1" | sort | diff -u "$work/decoy.before" - ||
  fail "decoy y1: files added or removed"
for f in other-suite:run-01 other-grid:run-02; do
  cmp -s "$top_srcdir/tests/tools/runs/${f%:*}.yaml" "$work/y1/${f#*:}.yaml" ||
    fail "decoy y1/${f#*:}.yaml changed"
done
exit 0
