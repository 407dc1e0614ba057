# SPDX-License-Identifier: BSD-3-Clause
# library.sh -- the result file names the MPI library that ran, and it is
# the family skampi was built against (configure: MPICC=mpicc.mpich or
# MPICC=mpicc.openmpi): "MPICH ..." or "Open MPI ...".
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
family=$(sed -n 's/^#define SK_MPI_FAMILY "\(.*\)"$/\1/p' "$top_builddir/config.h")
case $family in
  mpich) want='MPICH' ;;
  openmpi) want='Open MPI' ;;
  *) echo "unknown MPI family '$family'"; exit 77 ;;
esac
run_skampi 2 "$top_srcdir/tests/mpi/library.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
lib=$(get factors.mpi_library)
case $lib in
  "$want"*) ;;
  *) fail "factors.mpi_library is '$lib', want '$want ...'" ;;
esac
[ -n "$(get factors.mpi_version)" ] || fail "no factors.mpi_version"
exit 0
