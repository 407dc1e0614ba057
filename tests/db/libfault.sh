# SPDX-License-Identifier: BSD-3-Clause
# libfault.sh -- skampi-db keeps a suite's status library_fault (the
# store takes any status word; doc/engine.md, "Library faults") and
# `show` says it on a line of its own; `show` counts runs of one host in
# the list of every rank's host ("vm ×64", "a01 ×2, a02 ×2").
. "$top_srcdir/tests/db/lib.sh"
in=$TMP/fault.yaml
# cluster-a.yaml: its suite MPI_Alltoall-big a library fault, and 64
# processes on one host "vm"
hosts=$(awk 'BEGIN { for (i = 0; i < 64; i++) printf "%svm", i ? ", " : "" }')
awk -v h="$hosts" '
  /^  - name:/ { k++ }
  /^  hosts:/ { print "  hosts: [" h "]"; next }
  /^  processes:/ { print "  processes: 64"; next }
  /^  affinity:/ { next }
  k == 6 && /^    status:/ { print "    status: library_fault"; next }
  k == 6 && /^    message:/ { print "    message: \"library fault: MPI_Alltoall delivered wrong data on 64 processes\""; next }
  { print }' "$SRC/tests/report/results/cluster-a.yaml" > "$in"
db import "$in" > "$TMP/import" 2>&1 || fail "import: $(cat "$TMP/import")"
db show 1 > "$TMP/show" 2>&1 || fail "show: $(cat "$TMP/show")"
grep -qx 'hosts:           vm ×64' "$TMP/show" ||
  fail "hosts: $(grep '^hosts:' "$TMP/show")"
grep -q '^    5  MPI_Alltoall-big  *MPI_Alltoall  *library_fault  0 points' "$TMP/show" ||
  fail "suite line: $(grep 'MPI_Alltoall-big' "$TMP/show")"
grep -qx '       LIBRARY FAULT: the MPI library delivered wrong data here (the result file'"'"'s library_fault says which call, datatypes, byte and reproducer)' "$TMP/show" ||
  fail "no LIBRARY FAULT line: $(cat "$TMP/show")"
[ "$(grep -c 'LIBRARY FAULT' "$TMP/show")" = 1 ] || fail "more than one LIBRARY FAULT line"
# the hosts of cluster-a as they are
db import "$SRC/tests/report/results/cluster-a.yaml" > "$TMP/import" 2>&1 ||
  fail "import: $(cat "$TMP/import")"
db show 2 > "$TMP/show" 2>&1 || fail "show 2: $(cat "$TMP/show")"
grep -qx 'hosts:           a01 ×2, a02 ×2' "$TMP/show" ||
  fail "hosts of cluster-a: $(grep '^hosts:' "$TMP/show")"
exit $((failures > 0))
