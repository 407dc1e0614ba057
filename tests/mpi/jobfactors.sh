# SPDX-License-Identifier: BSD-3-Clause
# jobfactors.sh -- the batch system's job in a result (factors.batch,
# doc/output-format.md "The batch system's job"): a run whose ranks see
# a Slurm job's variables records them, bounded and made UTF-8, and
# skampi-report's title page, skampi-db show and /api/runs/ID (show
# --format json) show them; a run outside any batch system records none.
# The variables are fake and given to the ranks only (env(1) inside the
# launcher): an mpiexec that saw SLURM_JOB_ID would start its ranks with
# srun.  tests/unit/test_sysinfo.c holds PBS, Flux and LSF to their
# variables; .ci/slurm runs skampi under a real Slurm.
# shellcheck source=tests/mpi/lib.sh
. "${top_srcdir:-.}/tests/mpi/lib.sh"
DB=$top_builddir/db/skampi-db
REPORT=$top_builddir/report/skampi-report
suite=$SUITES/jobfactors.skampi

# the batch variables this shell has (a make check inside a real job)
# are taken from the ranks, so that only the fake ones count
set --
for v in $(env | sed -n 's/^\(\(SLURM\|PBS\|FLUX\|LSB\)_[A-Za-z0-9_]*\)=.*/\1/p'); do
  set -- "$@" -u "$v"
done
long=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "node%04d,", i }')

# 1. under "Slurm": every factor set, one not UTF-8, one too long
out=$work/slurm.yaml
$MPIEXEC -n 2 env "$@" SLURM_JOB_ID=4242 SLURM_JOB_NAME="$(printf 'bench\377mark')" \
  SLURM_JOB_PARTITION=debug SLURM_JOB_NODELIST="$long" \
  SLURM_TASKS_PER_NODE='2(x1)' SLURM_CPU_BIND='quiet,mask_cpu:0x1,0x2' \
  SLURM_STEP_ID=0 SLURM_JOB_QOS= MPICH_SKAMPI_TEST="$(printf 'a\377b')" \
  "$SKAMPI" --quiet -o "$out" "$suite" 2> "$work/stderr" ||
  fatal "the run under Slurm's variables failed: $(cat "$work/stderr")"
flatten "$out"
expect run.status complete
expect factors.batch.system slurm
expect factors.batch.job_id 4242
expect factors.batch.job_name 'bench?mark'
expect factors.batch.step_id 0
expect factors.batch.partition debug
expect factors.batch.tasks_per_node '2(x1)'
expect factors.batch.cpu_bind 'quiet,mask_cpu:0x1,0x2'
expect factors.environment.MPICH_SKAMPI_TEST 'a?b'
nodes=$(get factors.batch.nodes)
[ "$nodes" = "$(printf '%s' "$long" | cut -c1-1021)..." ] ||
  fail "nodes is not cut to 1024 bytes: '$nodes'"
# the order of doc/output-format.md; an empty variable is left out
keys=$(sed -n 's/^factors\.batch\.\([a-z_]*\)=.*/\1/p' "$work/flat" | tr '\n' ' ')
[ "$keys" = "system job_id job_name step_id partition nodes tasks_per_node cpu_bind " ] ||
  fail "batch keys: '$keys'"
grep -q '^  batch:$' "$out" || fail "no batch mapping among the factors"

# 2. outside any batch system: no batch at all
plain=$work/plain.yaml
$MPIEXEC -n 2 env "$@" "$SKAMPI" --quiet -o "$plain" "$suite" \
  2> "$work/stderr" || fatal "the plain run failed: $(cat "$work/stderr")"
flatten "$plain"
expect run.status complete
! grep -q '^factors\.batch' "$work/flat" || fail "a plain run records a batch job"

# 3. the report's title page: a "Batch job" section, not the factors
if command -v pdftotext > /dev/null 2>&1; then
  "$REPORT" "$out" -o "$work/r.pdf" 2> "$work/report.err" ||
    fail "skampi-report failed: $(cat "$work/report.err")"
  pdftotext -layout -f 1 -l 1 "$work/r.pdf" "$work/title.txt"
  for want in 'Batch job' 'system +slurm' 'job id +4242' 'job name +bench\?mark' \
      'partition +debug' 'tasks per node +2\(x1\)' \
      'cpu bind +quiet,mask_cpu:0x1,0x2' 'step id +0'; do
    grep -Eq "^ *$want( |\$)" "$work/title.txt" ||
      fail "title page lacks '$want'"
  done
  ! grep -q 'batch\.' "$work/title.txt" ||
    fail "the title page lists the batch job among the factors too"
else
  echo "pdftotext missing: the title page is not checked"
fi

# 4. skampi-db show and /api/runs/ID (show --format json), where
# skampi-db is built (SK_WITH_DB, tests/local.mk)
if [ "${SK_WITH_DB:-yes}" = no ]; then
  echo "jobfactors.sh: skampi-db is not built (configure: --disable-db, or its libraries missing): its show is not checked"
else
  db=$work/t.db
  "$DB" --db "$db" import "$out" "$plain" > /dev/null 2> "$work/db.err" ||
    fail "import failed: $(cat "$work/db.err")"
  "$DB" --db "$db" show 1 > "$work/show" 2> "$work/db.err" ||
    fail "show failed: $(cat "$work/db.err")"
  sed -n '/^batch:/,/^suite file:/p' "$work/show" > "$work/got"
  { printf '%-16s slurm\n' batch:
    printf '  %-15s %s\n' job_id: 4242 job_name: 'bench?mark' step_id: 0 \
      partition: debug nodes: "$nodes" tasks_per_node: '2(x1)' \
      cpu_bind: 'quiet,mask_cpu:0x1,0x2'
    printf '%-16s %s\n' 'suite file:' "$suite"; } > "$work/want"
  diff -u "$work/want" "$work/got" > "$work/diff" ||
    fail "show's batch lines differ: $(cat "$work/diff")"
  "$DB" --db "$db" show 2 > "$work/show2" || fail "show 2 failed"
  ! grep -q '^batch:' "$work/show2" || fail "show gives a plain run a batch job"
  "$DB" --db "$db" show 1 2 --format json > "$work/json" ||
    fail "show --format json failed"
  grep -q '"batch":{"system":"slurm","job_id":"4242","job_name":"bench?mark","step_id":"0","partition":"debug","nodes":"node0000,' "$work/json" ||
    fail "the JSON of run 1 lacks its batch job: $(head -c 600 "$work/json")"
  [ "$(grep -c '"batch":null' "$work/json")" = 1 ] ||
    fail "the JSON of run 2 has a batch job"
fi
