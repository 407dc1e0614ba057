#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# np.sh -- `skampi --check --np N` of every shipped suite file on the
# process counts where something changes (tests/unit/test_suites_np
# checks every N from 2 to 4096 without the program): no error, only
# notes of lengths clipped to what fits; and the default suite on 16
# processes, which was refused ("End_Argument (1048576) does not fit in
# @MEMORY"), clips exactly its 7 suites of P-sized buffers, each with
# its sentence (its neighbourhood alltoall holds 2 neighbours' messages,
# not 16: it fits).  --np takes 1 to 2147483647.
set -u
srcdir=${top_srcdir:-.}
builddir=$(cd "${top_builddir:-.}" && pwd) || exit 99
skampi=$builddir/src/skampi
tmp=$(mktemp -d "$builddir/sk-np.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
absrc=$(cd "$srcdir" && pwd) || exit 99
fail=0
bad() {
  echo "FAIL: $*"
  fail=1
}

for n in 2 3 9 16 33 64 1024 4096 65536; do
  for f in "$absrc"/suites/*.skampi; do
    (cd "$tmp" && "$skampi" --check --np "$n" "$f") > "$tmp/out" 2> "$tmp/err"
    rc=$?
    # under an MPI-3.1 library the persistent collectives are unavailable
    # (tests/parse/suites.sh says so); nothing else may be an error
    grep ': error: ' "$tmp/err" |
      grep -v ": error: Type '[A-Za-z_0-9]*' is unavailable: " > "$tmp/errors"
    if [ -s "$tmp/errors" ] || { [ $rc -ne 0 ] && ! grep -q ': error: ' "$tmp/err"; }; then
      bad "--check --np $n $f exited with $rc:"
      cat "$tmp/err"
      continue
    fi
    [ $rc -ne 0 ] && continue
    # every diagnostic is a note of a clip (with its source excerpt), or
    # of a master-worker grid that starts where its chunks carry data;
    # from 65536 processes on a suite may be left out (MW_Bsend's headers
    # alone pass @MEMORY, a master-worker End_Argument is below what its
    # 65535 chunks need), saying so
    left='^$'
    [ "$n" -ge 65536 ] && left=": note: suite '[^']*': left out: "
    # and a suite the library is known to fail at this P (lib/libfault.c:
    # Open MPI 4.1's Alltoall of derived types from 16 on) is left out,
    # naming the library
    if grep -v '^ *[0-9]* |\|^ *|' "$tmp/err" | grep -v "$left" |
       grep -v ": note: suite '[^']*': left out on $n processes: [A-Za-z_]* of the MPI library (.*) delivers wrong data " |
       grep -v ": note: suite '[^']*': \(End_Argument\|Default_Message_length\) [0-9]* is clipped to [0-9]*, the longest message that fits in " |
       grep -v ": note: suite '[^']*': \(the lengths above 0 start at [0-9]*\|Start_Argument [0-9]* is raised to [0-9]*\): on $n processes a message is cut into $((n - 1)) chunks of whole [0-9]*-byte elements, and a shorter one moves nothing$" |
       grep -q .; then
      bad "--check --np $n $f said more than clips:"
      cat "$tmp/err"
    fi
    # what a note says, the plan says: one `clipped` per note
    notes=$(grep ': note: ' "$tmp/err" |
            grep -c ' is clipped to \|left out: Start_Argument \|left out: not even ')
    plans=$(grep -c '^  clipped:$' "$tmp/out")
    [ "$notes" -eq "$plans" ] ||
      bad "--check --np $n $f: $notes notes, $plans clipped suites"
    if [ "$n" -eq 2 ] && [ "$notes" -ne 0 ]; then
      bad "--np 2 clips suites of $f"
    fi
  done
done

# the sysadmin's command on a 16-core node
(cd "$tmp" && "$skampi" --check --np 16 "$absrc/suites/default.skampi") \
  > "$tmp/out" 2> "$tmp/err" || bad "default on 16: exit $?"
got=$(sed -n "s/.*: note: suite '\([^']*\)': End_Argument 1048576 is clipped to \([0-9]*\), .*/\1 \2/p" "$tmp/err" | tr '\n' ',')
[ "$got" = "MPI_Alltoall 524288,MPI_Gather 986895,MPI_Scatter 986895,MPI_Allgather 986895,MPI_Gatherv 524288,MPI_Alltoallv 524288,Gather_Send_Recv 986895," ] ||
  bad "default on 16 clips: $got"
line=$(grep -n '^MPI_Alltoall ' "$absrc/suites/default.skampi" | cut -d: -f1)
grep -qx "$absrc/suites/default.skampi:$line:1: note: suite 'MPI_Alltoall': End_Argument 1048576 is clipped to 524288, the longest message that fits in @MEMORY (16384 KiB per process) for MPI_Alltoall on 16 processes; raise @MEMORY to 32768 (KiB) to measure End_Argument 1048576" "$tmp/err" ||
  bad "default on 16: $(head -n 1 "$tmp/err")"
for want in "    key: End_Argument" "    asked: 1048576" "    largest: 524288" \
            "    limit: memory" "    memory_kib: 32768" "    Memory_Fit: Clip"; do
  grep -qx "$want" "$tmp/out" || bad "default on 16: the plan lacks '$want'"
done

# the largest process count: resolved without overflow
(cd "$tmp" && "$skampi" --check --np 2147483647 "$absrc/suites/default.skampi") \
  > "$tmp/out" 2> "$tmp/err" || bad "default on 2147483647: exit $? $(head -n 3 "$tmp/err")"
grep -q "^processes: 2147483647$" "$tmp/out" || bad "no plan for 2147483647"
grep -q "MPI_Alltoall on 2147483647 processes" "$tmp/err" ||
  bad "default on 2147483647: $(head -n 1 "$tmp/err")"
"$skampi" --check --np 2147483648 "$absrc/suites/default.skampi" \
  > /dev/null 2> "$tmp/err"
[ $? -eq 2 ] || bad "--np 2147483648 accepted"
grep -q "^skampi: error: --np expects a number of processes (1 to 2147483647), not '2147483648'$" "$tmp/err" ||
  bad "--np 2147483648: $(cat "$tmp/err")"
exit $fail
