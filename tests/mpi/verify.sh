# SPDX-License-Identifier: BSD-3-Clause
# verify.sh -- the untimed integrity check of every instance that moves
# data passes on intact data and notices a flipped byte
# (tests/mpi/verify_faults.c, 2 processes).  verify_faults names every
# instance of the table, checked or skipped and why; the test holds that
# account to skampi --list, so a new instance is checked without being
# named here.
. "$top_srcdir/tests/mpi/lib.sh"
$MPIEXEC -n 2 "$top_builddir/tests/mpi/verify_faults" > "$work/out" \
  2> "$work/stderr" || fail "verify_faults: $(cat "$work/out" "$work/stderr")"
"$SKAMPI" --list > "$work/list" || fail "skampi --list"
# Every instance of --list once, checked unless --list says why not:
# unavailable, planned and faulty ones (a known fault of this library at
# 2 processes) are skipped; so are those that move
# no message (buffers none; MPI_Buffer_attach, which attaches a buffer;
# memcpy, which copies one on each process; the window creations, which
# make windows over one), and the MPI-IO ones (tests/mpi/io.sh).
awk 'NR == FNR { if ($1 ~ /^[0-9]+$/) { bufs[$1] = $5; pay[$1] = $6;
                                        st[$1] = $7; name[$1] = $2 }
                 next }
     $1 != "checked" && $1 != "skipped" { next }
     { t = $2; seen[t]++; why = $0; sub(/^[^:]*: ?/, "", why)
       if (!(t in st)) { print "not in --list: " $0; bad = 1; next }
       if ($3 != name[t] && $3 != name[t] ":") { print "name: " $0; bad = 1 }
       if ($1 == "checked") {
         if (st[t] != "implemented") { print "checked but " st[t] ": " $0; bad = 1 }
         next }
       ok = (why == "unavailable" && st[t] == "unavailable") ||
            (why == "planned" && st[t] == "planned") ||
            (why == "a known fault of the library" && st[t] == "faulty") ||
            (why == "files" && pay[t] == "io") ||
            (why == "no check" && (bufs[t] == "none" || bufs[t] == "attach" ||
              name[t] == "memcpy" || name[t] ~ /^MPI_Win_(create|allocate)/))
       if (!ok) { print "skipped for no reason --list gives: " $0; bad = 1 } }
     END { for (t in st) if (seen[t] != 1) { print "seen " seen[t] + 0 " times: " t; bad = 1 }
           exit bad }' "$work/list" "$work/out" > "$work/bad" ||
  fail "verify_faults' account: $(cat "$work/bad")"
# the families that move data are checked: one of each
for t in 1 10 18 40 60 62 201 260 300; do
  grep -q "^checked $t " "$work/out" || fail "instance $t was not checked"
done
n=$(grep -c '^checked ' "$work/out")
[ "$n" -ge 90 ] || fail "$n instances checked"
grep -q "^verify_faults: $n instances checked\$" "$work/out" ||
  fail "unexpected output: $(tail -n 1 "$work/out")"
# In place: the blocking 20-22, 33, 35, 36, 38-43 (12), the nonblocking
# 202-216 and their overlap forms 222-236 (30), and the persistent
# 242-256 this library can run; with the root at rank 1: the blocking
# 18, 20, 33, 35, 40, 41, the nonblocking 201, 202, 209-212 and their
# overlap forms (18), and the persistent 241, 242, 249-252 it can run.
ip=$("$SKAMPI" --list | awk '$1 >= 242 && $1 <= 256 && $7 == "implemented"' | wc -l)
rt=$("$SKAMPI" --list | awk '($1 == 241 || $1 == 242 || $1 >= 249 && $1 <= 252) &&
  $7 == "implemented"' | wc -l)
grep -q "^verify_faults: $((42 + ip)) in place, $((18 + rt)) with the root at rank 1\$" \
  "$work/out" || fail "unexpected output: $(cat "$work/out") (want $((42 + ip)) and $((18 + rt)))"
exit 0
