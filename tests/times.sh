# SPDX-License-Identifier: BSD-3-Clause
# times.sh [-n N] LOG... -- the N (10) slowest tests of the last make
# check, from the line tests/timed.sh ends each log with ("time: W s (CPU
# C s)"): the test's own wall seconds (less the time an MPI test waited
# for the lock of tests/mpi/lib.sh, its "lock: waited S s"), its CPU
# seconds, its name; then the sums over every log read.  `make
# check-times` runs it on the logs of every test.
n=10
if [ "${1:-}" = -n ]; then
  n=$2
  shift 2
fi
tmp=$(mktemp "${TMPDIR:-/tmp}/times.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
for log in "$@"; do
  [ -f "$log" ] || continue
  awk -v t="${log%.log}" '
    /^lock: waited [0-9.]+ s$/ { lock += $3 }
    /^time: [0-9.]+ s \(CPU [0-9.?]+ s\)$/ { w = $2; c = $5 }
    END { if (w != "") printf "%8.1f %8s  %s\n", w - lock, c, t }' "$log"
done | sort -rn > "$tmp"
printf '%8s %8s  %s\n' wall CPU test
head -n "$n" "$tmp"
awk '{ w += $1; c += $2; k++ }
  END { printf "%8.1f %8.1f  the sum over %d tests (seconds)\n", w, c, k }' \
  "$tmp"
