#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# batch.sh -- every job script of doc/batch.md (the ```bash blocks) is
# valid bash (bash -n); the page has a Slurm and a PBS script for the
# default suite and for the comparison of two libraries; and those two
# comparison scripts run (below: stand-ins for srun, mpiexec, module).
set -u
srcdir=${top_srcdir:-.}
builddir=${top_builddir:-.}
page=$srcdir/doc/batch.md
command -v bash >/dev/null 2>&1 || { echo "no bash"; exit 77; }
tmp=$(mktemp -d "$(cd "$builddir" && pwd)/sk-batch.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# One file per block: $tmp/block.N
awk -v dir="$tmp" '
  /^```bash$/ { n++; f = dir "/block." n; on = 1; next }
  /^```$/ { on = 0; next }
  on { print > f }
  END { if (on) { print "unterminated block " n; exit 1 } }' "$page" ||
  exit 1
n=0
for f in "$tmp"/block.*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  head -n 1 "$f" | grep -qx '#!/bin/bash' ||
    { echo "FAIL: $(basename "$f") does not start with #!/bin/bash"; fail=1; }
  bash -n "$f" 2>"$tmp/err" ||
    { echo "FAIL: $(basename "$f") of doc/batch.md:"; cat "$tmp/err"; fail=1; }
done
[ "$n" -ge 5 ] || { echo "FAIL: only $n job scripts in doc/batch.md"; fail=1; }

# has KIND PATTERN: some block has a KIND directive and matches PATTERN.
has() {
  for f in "$tmp"/block.*; do
    grep -q "^#$1 " "$f" && grep -qE -- "$2" "$f" && return 0
  done
  echo "FAIL: no #$1 script that matches '$2'"
  fail=1
}
has SBATCH 'skampi default -o'
has SBATCH 'skampi-report"? --compare'
has PBS 'skampi default -o'
has PBS 'skampi-report"? --compare'
has SBATCH 'skampi-run" -n'
has PBS 'skampi-run" -n'

# The two comparison jobs really run.  srun, mpiexec and module are
# stand-ins on PATH: the launchers drop their own options and start the
# command on 2 processes with $MPIEXEC ($SK_LAUNCH, its program found
# before the stand-ins shadow it).  Each "installation" in $HOME is the
# build tree's programs, and the suite name `default` finds a tiny suite
# first ($SKAMPI_SUITE_PATH), so a job's 2 x 5 runs take seconds.
standins() {
  mkdir -p "$tmp/bin" "$tmp/suites" "$tmp/job" || return 1
  real=$(command -v "${MPIEXEC%% *}") || return 1
  SK_LAUNCH="$real ${MPIEXEC#"${MPIEXEC%% *}"} -n 2"
  printf '%s\n' '#!/bin/sh' \
    'while case $1 in --*) true ;; *) false ;; esac; do shift; done' \
    'exec $SK_LAUNCH "$@"' > "$tmp/bin/srun"
  printf '%s\n' '#!/bin/sh' \
    'while case $1 in -n|-f|--hostfile) true ;; *) false ;; esac; do' \
    '  shift 2; done' 'exec $SK_LAUNCH "$@"' > "$tmp/bin/mpiexec"
  printf '%s\n' '#!/bin/sh' 'exit 0' > "$tmp/bin/module"
  chmod +x "$tmp/bin/srun" "$tmp/bin/mpiexec" "$tmp/bin/module" || return 1
  cp "$srcdir/tests/tools/tiny.skampi" "$tmp/suites/default.skampi" &&
    printf 'localhost\nlocalhost\n' > "$tmp/nodefile" || return 1
  build=$(cd "$builddir" && pwd)
  for lib in mpich openmpi; do
    mkdir -p "$tmp/home/skampi-$lib/bin" || return 1
    for p in src/skampi campaign/skampi-run campaign/skampi-merge \
             report/skampi-report; do
      ln -s "$build/$p" "$tmp/home/skampi-$lib/bin/" || return 1
    done
  done
}

# run_job DIRECTIVE OUT VAR=VALUE...: the comparison script with #DIRECTIVE
# lines runs in $tmp/job with the stand-ins and must write OUT: both
# merged sets of 5 runs of the suite `default` found, and compare.pdf.
run_job() {
  job=$(grep -l "^#$1 " "$tmp"/block.* | xargs grep -l 'skampi-run' |
        head -n 1)
  out=$tmp/job/$2
  shift 2
  if [ -z "$job" ] || ! (cd "$tmp/job" &&
      env -u SKAMPI -u SKAMPI_MERGE -u SKAMPI_REPORT HOME="$tmp/home" \
        PATH="$tmp/bin:$PATH" SKAMPI_SUITE_PATH="$tmp/suites" \
        SK_LAUNCH="$SK_LAUNCH" "$@" bash "$job") > "$tmp/job.out" 2>&1; then
    echo "FAIL: the comparison job ${job:-?} of doc/batch.md:"
    cat "$tmp/job.out"
    fail=1
    return
  fi
  for f in mpich/merged.yaml openmpi/merged.yaml compare.pdf; do
    [ -s "$out/$f" ] || { echo "FAIL: $job left no $f"; fail=1; }
  done
  grep -qx '  runs: 5' "$out/openmpi/merged.yaml" ||
    { echo "FAIL: $job: openmpi/merged.yaml does not merge 5 runs"; fail=1; }
  grep -qx "  path: $tmp/suites/default.skampi" "$out/mpich/run-01.yaml" ||
    { echo "FAIL: $job: 'default' is not the suite of SKAMPI_SUITE_PATH"
      fail=1; }
}

if [ -z "${MPIEXEC:-}" ]; then
  echo "no MPIEXEC: the comparison jobs are not run"
elif ! standins; then
  echo "FAIL: cannot make the stand-ins of srun, mpiexec and module"; fail=1
else
  run_job SBATCH skampi-compare-42 SLURM_JOB_ID=42 SLURM_NTASKS=2
  run_job PBS skampi-compare-43 PBS_JOBID=43.server \
    PBS_O_WORKDIR="$tmp/job" PBS_NODEFILE="$tmp/nodefile"
fi
exit $fail
