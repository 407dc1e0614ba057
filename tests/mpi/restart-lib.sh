# SPDX-License-Identifier: BSD-3-Clause
# restart-lib.sh -- what the restart, hang, signal and resume-errors tests
# share (sourced after tests/mpi/lib.sh, whose run_skampi sets $out, so
# the result file here is $result): a run in the background, waiting for
# a line of its journal, and the ranks of that run.
SKAMPI_CALIBRATE="1e-3,0,0,0"
export SKAMPI_CALIBRATE
suite="$SUITES/restart.skampi"
result="$work/out.yaml"
journal="$result.journal"

# start_bg [options...]: skampi on 2 ranks in the background; $bg is the
# pid of mpiexec, stderr goes to $work/stderr.  With $hang set to a suite's
# name, that suite hangs at its first point (SKAMPI_TEST_HANG) until the
# test ends the run: a kill meant for "the middle of suite N" cannot land
# after it, however slowly a loaded machine runs the test's own commands
# (a suite of 0.3 s left that to the scheduler).
start_bg() {
  SKAMPI_TEST_HANG="${hang:-}" $MPIEXEC -n 2 "$SKAMPI" --quiet "$@" \
    -o "$result" "$suite" > "$work/stdout" 2> "$work/stderr" &
  bg=$!
}

# wait_journal REGEX [N]: until the N-th line (default 1) matching REGEX
# is in the journal (at most 30 s).
wait_journal() {
  i=0
  while n=$(grep -c "$1" "$journal" 2> /dev/null); [ "${n:-0}" -lt "${2:-1}" ]; do
    i=$((i + 1))
    [ $i -lt 1500 ] || fatal "journal never got '$1'"
    kill -0 $bg 2> /dev/null || fatal "skampi ended before '$1': $(cat "$work/stderr")"
    sleep 0.02
  done
}

# ranks: the pids of the skampi processes below mpiexec $bg.  How deep
# they are is the launcher's business: MPICH's mpiexec starts them through
# hydra_pmi_proxy (grandchildren), Open MPI's mpiexec starts them itself
# (children); so every descendant of $bg named skampi.
ranks() {
  ps -eo pid=,ppid=,comm= > "$work/ps"
  awk -v top=$bg '
    { parent[$1] = $2; name[$1] = $3 }
    END {
      for (p in parent) {
        q = p
        while (q in parent && q != top && q > 1) q = parent[q]
        if (q == top && p != top && name[p] == "skampi") print p
      }
    }' "$work/ps"
}

# rank_pid R: the pid of rank R of that run, from the rank number the
# launcher puts in its environment (MPICH: PMI_RANK, Open MPI:
# OMPI_COMM_WORLD_RANK).
rank_pid() {
  for p in $(ranks); do
    r=$(tr '\0' '\n' < "/proc/$p/environ" 2> /dev/null |
        sed -n 's/^\(PMI_RANK\|OMPI_COMM_WORLD_RANK\)=//p' | head -n 1)
    [ "$r" = "$1" ] && echo "$p"
  done
}

# names: the suite names of the result file, in file order, on one line.
names() {
  flatten "$result"
  sed -n 's/^suites\.[0-9]*\.name=//p' "$work/flat" | tr '\n' ' '
}
