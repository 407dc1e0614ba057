# verify.sh -- the untimed integrity check of every instance that moves
# data passes on intact data and notices a flipped byte
# (tests/mpi/verify_faults.c, 2 processes).
. "$top_srcdir/tests/mpi/lib.sh"
$MPIEXEC -n 2 "$top_builddir/tests/mpi/verify_faults" > "$work/out" \
  2> "$work/stderr" || fail "verify_faults: $(cat "$work/out" "$work/stderr")"
# Ping-pong 10, master-worker 7, collectives 10 + 8 + Reduce_Scatterv (not the barrier,
# Comm_split, memcpy), and the 10 instances 60-69 (among them
# Bandwidth_Bidirectional's window of receives in flight at once, one
# span apart under the gapped patterns): 46; the nonblocking collectives
# 201-216 and 221-236 (not the barriers) and the persistent ping-pong
# 260: 33; the one-sided operations 300-305, 310-313 and 316 (not the
# window creations 340-343): 11; and the persistent collectives 241-256 and the neighbourhood
# collectives 270-284 this library can run (the latter on a 2 x 1 grid).
pers=$("$SKAMPI" --list | awk '($1 >= 241 && $1 <= 256 || $1 >= 270 && $1 <= 284) &&
  $5 == "implemented"' | wc -l)
grep -q "^verify_faults: $((46 + 33 + 11 + pers)) instances checked\$" "$work/out" ||
  fail "unexpected output: $(cat "$work/out") (want $((46 + 33 + 11 + pers)))"
# In place: the blocking 20-22, 33, 35, 36, 38-43 (12), the nonblocking
# 202-216 and their overlap forms 222-236 (30), and the persistent
# 242-256 this library can run; with the root at rank 1: the blocking
# 18, 20, 33, 35, 40, 41, the nonblocking 201, 202, 209-212 and their
# overlap forms (18), and the persistent 241, 242, 249-252 it can run.
ip=$("$SKAMPI" --list | awk '$1 >= 242 && $1 <= 256 && $5 == "implemented"' | wc -l)
rt=$("$SKAMPI" --list | awk '($1 == 241 || $1 == 242 || $1 >= 249 && $1 <= 252) &&
  $5 == "implemented"' | wc -l)
grep -q "^verify_faults: $((42 + ip)) in place, $((18 + rt)) with the root at rank 1\$" \
  "$work/out" || fail "unexpected output: $(cat "$work/out") (want $((42 + ip)) and $((18 + rt)))"
exit 0
