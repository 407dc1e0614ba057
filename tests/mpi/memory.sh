# SPDX-License-Identifier: BSD-3-Clause
# memory.sh -- every process allocates what its role needs, not the
# root's share (doc/engine.md, "Memory per process"), measured: the peak
# resident memory of each rank (/usr/bin/time's %M, the kernel's
# maxrss) in a run of one large point.  On 2 processes with messages of
# 32 MiB, rank 0 of MPI_Gather holds 32 MiB out and 64 in, rank 1 only
# its 32 MiB out: the root's peak must exceed the other's by most of 64
# MiB (48 MiB is asked; MPI's own buffers are alike on both ranks).
# Before, both ranks held 96 MiB.  A ring of MPI_Neighbor_alltoall holds
# 2 messages each way (16 MiB each: 64 MiB), not max(P, 6) = 6 (192
# MiB): its peak stays within 64 MiB of an MPI_Alltoall's of the same
# messages (2 P = 4 of them each way, 64 MiB).  Only differences between
# runs are asked, so MPI's own memory and a sanitizer's shadow (which
# grow every peak alike) do not decide.  The plan says the same
# (`buffers`).  Needs /usr/bin/time; the launcher's rank variable names
# the rank (MPICH PMI_RANK, Open MPI OMPI_COMM_WORLD_RANK).
. "$top_srcdir/tests/mpi/lib.sh"

[ -x /usr/bin/time ] || { echo "SKIP: no /usr/bin/time to measure with"; exit 77; }
cat > "$work/rank.sh" <<'END'
#!/bin/sh
r=${PMI_RANK:-${OMPI_COMM_WORLD_RANK:-x}}
exec /usr/bin/time -f %M -o "$RSS_DIR/rss.$r" "$@"
END
chmod +x "$work/rank.sh"
RSS_DIR=$(abs "$work")
export RSS_DIR

# measure SUITE_LINE: runs it on 2 ranks; $rss0 and $rss1 in MiB
measure() {
  printf '@MEMORY 131072\n@CACHEWARMUP 0\n@Scale Fixed_log\n@Fixed_Repetitions 2\n@MEASUREMENTS\n%s\n' \
    "$1" > "$work/m.skampi"
  rm -f "$work"/rss.* "$work"/m.yaml*
  $MPIEXEC -n 2 "$work/rank.sh" "$SKAMPI" --quiet -o "$work/m.yaml" \
    "$work/m.skampi" 2> "$work/stderr" ||
    fatal "run of '$1': $(cat "$work/stderr")"
  [ -s "$work/rss.0" ] && [ -s "$work/rss.1" ] ||
    fatal "no peak memory per rank ($(ls "$work"))"
  rss0=$(($(tail -n 1 "$work/rss.0") / 1024))
  rss1=$(($(tail -n 1 "$work/rss.1") / 1024))
  flatten "$work/m.yaml"
  expect run.status complete
  sane
}

measure 'g { Type = MPI_Gather; Start_Argument = 32MiB; End_Argument = 32MiB; }'
echo "MPI_Gather 32 MiB: rank 0 $rss0 MiB, rank 1 $rss1 MiB"
[ $((rss0 - rss1)) -ge 48 ] ||
  fail "MPI_Gather: rank 0 peaks at $rss0 MiB, rank 1 at $rss1: the non-root holds the root's buffers"

measure 'a { Type = MPI_Alltoall; Start_Argument = 16MiB; End_Argument = 16MiB; }'
base=$((rss0 > rss1 ? rss0 : rss1))
echo "MPI_Alltoall 16 MiB: rank 0 $rss0 MiB, rank 1 $rss1 MiB"
measure 'n { Type = MPI_Neighbor_alltoall; Neighbor_Topology = Ring; Start_Argument = 16MiB; End_Argument = 16MiB; }'
echo "MPI_Neighbor_alltoall (ring) 16 MiB: rank 0 $rss0 MiB, rank 1 $rss1 MiB"
[ "$rss0" -lt $((base + 64)) ] && [ "$rss1" -lt $((base + 64)) ] ||
  fail "a ring holds more than its 2 neighbours' messages: $rss0 and $rss1 MiB, an alltoall of as much $base"

# the plan says what the run allocates
"$SKAMPI" --check "$work/m.skampi" > "$work/plan" || fatal "--check"
grep -A2 '^  buffers:$' "$work/plan" | tr -d ' ' | tr '\n' ' ' > "$work/b"
[ "$(cat "$work/b")" = "buffers: root:67108864 other:67108864 " ] ||
  fail "the plan's buffers of the ring: $(cat "$work/b")"
printf '@MEMORY 1GiB\n@MEASUREMENTS\ng { Type = MPI_Gather; End_Argument = 32MiB; }\n' \
  > "$work/g.skampi"
"$SKAMPI" --check --np 16 "$work/g.skampi" > "$work/plan" || fatal "--check g"
grep -A2 '^  buffers:$' "$work/plan" | tr -d ' ' | tr '\n' ' ' > "$work/b"
[ "$(cat "$work/b")" = "buffers: root:570425344 other:33554432 " ] ||
  fail "the plan's buffers of the gather on 16: $(cat "$work/b")"
exit 0
