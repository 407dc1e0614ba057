#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# noise.sh -- the machine's noise and its verdict (doc/engine.md, "The
# machine's noise"), on a machine made busy on purpose:
#   - oversubscribed: both ranks pinned to one CPU (taskset -c 0), as
#     more ranks than cores are: the verdict, its
#     evidence, in the result, the database (show, list) and the
#     report's title page (pdftotext);
#   - noisy: each rank pinned to a CPU of its own and a busy loop pinned
#     beside it on the same CPU;
#   - quiet: the same run without the loops, asserted only when the
#     machine is idle by its own load (else said and not asserted: on a
#     shared machine the verdict is rightly noisy);
#   - Root_Barrier: a barrier estimate larger than every repetition
#     (SKAMPI_TEST_BARRIER_SCALE) gives invalid repetitions and points
#     without a value, counted and noted, never a negative time.
# Only verdicts are asserted, never a time.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
command -v taskset > /dev/null 2>&1 || { echo "SKIP: no taskset"; exit 77; }
ncpu=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 1)
[ "$ncpu" -ge 2 ] || { echo "SKIP: one CPU"; exit 77; }
DB=$top_builddir/db/skampi-db
REPORT=$top_builddir/report/skampi-report
suite=$SUITES/noise.skampi

# 1. oversubscribed: two ranks, one CPU
out=$work/over.yaml
# (each rank pinned by taskset inside the launcher: Open MPI's mpiexec
# binds its ranks to cores of its own choosing, whatever CPUs it was
# started on)
$MPIEXEC -n 2 taskset -c 0 "$SKAMPI" -o "$out" "$suite" 2> "$work/stderr" ||
  fatal "the run on one CPU failed: $(cat "$work/stderr")"
flatten "$out"
expect noise.verdict oversubscribed
host=$(get factors.hosts.0)
expect noise.evidence.0 "host $host: 2 ranks share 1 CPU (their affinity masks: 0)"
expect suites.0.noise.verdict oversubscribed
expect suites.0.noise.evidence.0 "host $host: 2 ranks share 1 CPU (their affinity masks: 0)"
expect noise.hosts.0.ranks 2
[ -n "$(get noise.rank_cpu_share.1)" ] || fail "no CPU share of rank 1"
grep -q "^skampi: run complete: 3 suites in [0-9.]* s; machine oversubscribed (worst rank [0-9]*% CPU; host $host: 2 ranks share 1 CPU (their affinity masks: 0)" \
  "$work/stderr" || fail "the last line lacks the verdict: $(tail -n 1 "$work/stderr")"
grep -q '^skampi: suite 1 of 3: pingpong: complete, 2 points (.*), [0-9.]* s, machine oversubscribed (worst rank [0-9]*% CPU)$' \
  "$work/stderr" || fail "a suite's line lacks its verdict"
# ... in the database (where skampi-db is built: SK_WITH_DB, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "noise.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): its show and list are not checked"
else
"$DB" --db "$work/t.db" import -q "$out" || fail "import"
"$DB" --db "$work/t.db" show 1 > "$work/show" 2>&1
grep -qx "noise:           oversubscribed (worst rank [0-9]*% CPU): host $host: 2 ranks share 1 CPU (their affinity masks: 0); .*" "$work/show" ||
  grep -qx "noise:           oversubscribed (worst rank [0-9]*% CPU): host $host: 2 ranks share 1 CPU (their affinity masks: 0)" "$work/show" ||
  fail "show: $(grep noise "$work/show")"
grep -q '^    0  pingpong .* complete   2 points, machine oversubscribed (worst rank [0-9]*% CPU), pair Max_Latency within a node$' "$work/show" ||
  fail "show: the suite's verdict and pair: $(grep pingpong "$work/show")"
"$DB" --db "$work/t.db" list | grep -q '^   1  run  .* 2  oversubscribed ' ||
  fail "list: $("$DB" --db "$work/t.db" list)"
fi
# ... on the report's title page
if command -v pdftotext > /dev/null 2>&1 && command -v "${GNUPLOT:-gnuplot}" > /dev/null 2>&1; then
  "$REPORT" "$out" -o "$work/over.pdf" 2> "$work/report.err" ||
    fail "skampi-report: $(cat "$work/report.err")"
  pdftotext -f 1 -l 1 -layout "$work/over.pdf" "$work/title.txt" || fail "pdftotext"
  grep -q '^machine  *oversubscribed (worst rank [0-9]*% CPU)' "$work/title.txt" ||
    fail "title page: no 'machine oversubscribed': $(cat "$work/title.txt")"
  grep -q "host $host: 2 ranks share 1 CPU (their affinity masks: 0)" "$work/title.txt" ||
    fail "title page: no evidence"
  grep -q 'pingpong .* complete  *oversub\.' "$work/title.txt" ||
    fail "title page: the suite table lacks the verdict"
  # ... and on the suite's page
  pdftotext -f 2 -l 2 "$work/over.pdf" - | tr -s ' \n' '  ' |
    grep -q "machine oversubscribed (worst rank [0-9]*% CPU; host $host: 2 ranks share 1 CPU" ||
    fail "the suite page lacks the verdict"
else
  echo "no pdftotext or gnuplot: the title page is not checked"
fi

# 2. noisy: each rank on a CPU of its own, a busy loop beside each
loops=''
for c in 0 1; do
  taskset -c $c sh -c 'while :; do :; done' &
  loops="$loops $!"
done
out=$work/busy.yaml
$MPIEXEC -n 2 taskset -c 0,1 sh -c 'exec taskset -c $(( ${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}} % 2 )) "$@"' sh \
  "$SKAMPI" -o "$out" "$suite" 2> "$work/stderr"
rc=$?
# shellcheck disable=SC2086
kill $loops 2> /dev/null
wait 2> /dev/null
[ "$rc" -eq 0 ] || fatal "the run beside busy loops failed: $(cat "$work/stderr")"
flatten "$out"
expect noise.verdict noisy
expect factors.affinity.0 0
expect factors.affinity.1 1
[ -n "$(get noise.evidence.0)" ] || fail "noisy without evidence"
# the degree (the worst rank's CPU share) needs a span of 0.2 s
# of a suite (lib/noise.c, SK_NOISE_MIN_SPAN): a run of 3 suites shorter
# than 0.6 s may say noisy without it
span=$(sed -n 's/^skampi: run complete: 3 suites in \([0-9.]*\) s; machine noisy (.*/\1/p' "$work/stderr")
if [ -z "$span" ]; then
  fail "the last line lacks the verdict: $(tail -n 1 "$work/stderr")"
elif awk -v s="$span" 'BEGIN { exit !(s >= 0.6) }'; then
  grep -q '^skampi: run complete: 3 suites in [0-9.]* s; machine noisy (worst rank [0-9]*% CPU' "$work/stderr" ||
    fail "the last line lacks the degree: $(tail -n 1 "$work/stderr")"
fi

# 3. quiet: the same without the loops, asserted when the machine is
# idle before and after (its 1-minute load below half its CPUs and at
# most the run's two tasks runnable), else only said
idle() {
  awk -v n="$ncpu" '{ split($4, r, "/"); exit !($1 < n / 2 && r[1] <= 2) }' /proc/loadavg
}
before=$(cat /proc/loadavg)
idle && was_idle=1 || was_idle=0
out=$work/quiet.yaml
$MPIEXEC -n 2 taskset -c 0,1 sh -c 'exec taskset -c $(( ${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-0}} % 2 )) "$@"' sh \
  "$SKAMPI" -o "$out" "$suite" 2> "$work/stderr" ||
  fatal "the run without load failed: $(cat "$work/stderr")"
idle || was_idle=0
flatten "$out"
if [ "$was_idle" = 1 ]; then
  expect noise.verdict quiet
  expect suites.0.noise.verdict quiet
else
  echo "the machine was busy (load: $before / $(cat /proc/loadavg)): verdict $(get noise.verdict), quiet not asserted"
fi

# 4. Root_Barrier: a barrier estimate above every repetition's time
out=$work/barrier.yaml
SKAMPI_TEST_BARRIER_SCALE=1000000 run_skampi 2 "$suite" "$out" ||
  fatal "the run with a scaled barrier failed: $(cat "$work/stderr")"
flatten "$out"
expect suites.2.name bcast
expect suites.2.points.0.valid 0
expect suites.2.points.0.invalid 20
expect suites.2.points.0.mean .nan
grep -qx 'suites\.2\.notes\.[0-9]*=Root_Barrier: 20 repetitions at 1 point took less than the barrier estimate subtracted from them: invalid, left out (the barrier was measured while the machine was slower); 1 point lost its value' \
  "$work/flat" || fail "no Root_Barrier note: $(grep '^suites.2.notes' "$work/flat")"
# without the switch no time of it is negative
out=$work/barrier-plain.yaml
run_skampi 2 "$suite" "$out" || fatal "the Root_Barrier run failed"
flatten "$out"
awk -F= '/^suites\.2\.points\.[0-9]*\.(min|mean|median|q1)=/ && $2 + 0 < 0 { bad = 1 }
  END { exit bad }' "$work/flat" || fail "a negative Root_Barrier time"
exit 0
