# SPDX-License-Identifier: BSD-3-Clause
# pin.sh -- sourced by the bench scripts: MPIEXEC gains the option that
# binds each process to a core, so that the scheduler cannot move a rank
# (or put both on one core) in the middle of a measurement.  Unpinned
# ranks on the 2-core development machines gave 8-byte round trips of
# 0.4 us in one mpirun and 1.4 us in the next.  SK_BENCH_BIND overrides
# the option; set it empty to measure unpinned.
if [ -z "${SK_BENCH_BIND+set}" ]; then
  case $($MPIEXEC --version 2>&1) in
    *HYDRA*) SK_BENCH_BIND="-bind-to core" ;;
    *"Open MPI"*|*OpenRTE*) SK_BENCH_BIND="--bind-to core" ;;
    *) SK_BENCH_BIND= ;;
  esac
fi
[ -n "$SK_BENCH_BIND" ] && MPIEXEC="$MPIEXEC $SK_BENCH_BIND"
echo "launcher: $MPIEXEC"
