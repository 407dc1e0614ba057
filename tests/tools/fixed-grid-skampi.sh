#!/bin/sh
# fixed-grid-skampi.sh -- stands in for skampi while skampi itself has no
# --grid-from and --shuffle (they come with issue 6's engine work): it
# runs $SKAMPI_REAL without those two options.  Only for suites on a
# fixed grid, where every run measures the same arguments anyway, so
# that skampi-run's own work (runs, seeds, merge, report) is tested with
# real MPI runs.  tests/tools/run.sh uses the real skampi once it has
# the options.
real=${SKAMPI_REAL:?SKAMPI_REAL must name the real skampi}
if [ "${1:-}" = --help ]; then
  "$real" --help
  echo "      --grid-from FILE   (ignored by fixed-grid-skampi.sh)"
  echo "      --shuffle=SEED     (ignored by fixed-grid-skampi.sh)"
  exit 0
fi
n=$#
i=0
skip=0
while [ "$i" -lt "$n" ]; do
  a=$1
  shift
  i=$((i + 1))
  if [ "$skip" -eq 1 ]; then skip=0; continue; fi
  case $a in
    --shuffle=*) ;;
    --grid-from) skip=1 ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec "$real" "$@"
