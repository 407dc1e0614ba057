# SPDX-License-Identifier: BSD-3-Clause
# tail.sh -- Percentiles, In_Place and Root (2 processes).
#
# Percentiles: P50, P90, P99 and P99.9 of a point are the quantiles
# (Hyndman & Fan 7, lib/stats.h) of all its valid repetitions, here
# recomputed from the raw samples of the same point; P50 is the median;
# a suite without the key writes none.  In_Place and Root: every
# instance with an MPI_IN_PLACE form runs in place and every rooted one
# with Root = Rotate (a persistent one with Root = 1: its root is fixed
# with its request), with Send/Receive_Datatype_Number 50/56 and with the
# base type, each repetition checked (Verify = yes): a suite completes
# only when every repetition's data arrived as in place and the root say
# (src/patterns/pattern_collective.c).  The parameters record the keys.
. "$top_srcdir/tests/mpi/lib.sh"
suite=$work/tail.skampi
out=$work/out.yaml
cp "$SUITES/tail.skampi" "$suite"
"$SKAMPI" --list > "$work/list" || fail "skampi --list"
# the numbers of the instances that take In_Place, and Root
inplace="20 21 22 33 35 36 38 39 40 41 42 43 $(seq 202 216) $(seq 222 236) $(seq 242 256)"
rooted="18 20 33 35 40 41 201 202 209 210 211 212 221 222 229 230 231 232"
persistent="241 242 249 250 251 252"
have() { awk -v n="$1" '$1 == n && $7 == "implemented" { f = 1 } END { exit !f }' "$work/list"; }
n=0
# two points each (8 and 512 bytes); the overlap forms (222-236, which
# calibrate a computation at every point) in the base type only
grid="End_Argument = 512; Stepwidth = 64; Max_Repetition = 4; Min_Repetition = 4;"
for t in $inplace; do
  have "$t" || continue
  echo "ip$t { Type = $t; In_Place = yes; Verify = yes; $grid }" >> "$suite"
  n=$((n + 1))
  [ "$t" -ge 222 ] && [ "$t" -le 236 ] && continue
  echo "ipd$t { Type = $t; In_Place = yes; Verify = yes; $grid Send_Datatype_Number = 50; Receive_Datatype_Number = 56; Count_Distribution = Increasing; }" >> "$suite"
  n=$((n + 1))
done
for t in $rooted $persistent; do
  have "$t" || continue
  case " $persistent " in *" $t "*) r=1 ;; *) r=Rotate ;; esac
  echo "rt$t { Type = $t; Root = $r; Verify = yes; $grid Send_Datatype_Number = 51; }" >> "$suite"
  n=$((n + 1))
done
[ "$n" -ge 60 ] || fail "only $n suites of In_Place or Root here"
# the instances a known fault of this library rules out (MPICH 4.0's
# MPI_Allgather_init, MPI_Gather_init, MPI_Scatter_init: lib/libfault.c)
# are "faulty" in --list and left out above; every other one completes
run_skampi 2 "$suite" "$out" --quiet || fail "skampi exited with $?"
flatten "$out"
i=0
while name=$(get suites.$i.name) && [ -n "$name" ]; do
  st=$(get suites.$i.status)
  [ "$st" = complete ] || fail "$name: $st: $(get suites.$i.message)"
  i=$((i + 1))
done
expect run.status complete
sane

# the percentiles of pp, from its raw samples
k=0
while [ -n "$(get suites.0.points.$k.argument)" ]; do
  grep "^suites\.0\.points\.$k\.raw\.[0-9]*=" "$work/flat" | sed 's/.*=//' |
    sort -g > "$work/raw"
  [ "$(wc -l < "$work/raw")" = "$(get suites.0.points.$k.valid)" ] ||
    fail "point $k: raw has not every valid repetition"
  for p in 50 90 99 999; do
    case $p in 999) q=0.999 ;; *) q=0.$p ;; esac
    want=$(awk -v q="$q" '{ x[NR] = $1 } END {
      h = (NR - 1) * q; l = int(h); printf "%.17g", x[l + 1] + (h - l) * (x[l + 2] - x[l + 1]) }' "$work/raw")
    got=$(get suites.0.points.$k.p$p)
    awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; if (d < 0) d = -d
      exit !(d <= 1e-12 * (b < 0 ? -b : b) + 1e-18) }' ||
      fail "point $k: p$p is $got, the raw samples give $want"
  done
  [ "$(get suites.0.points.$k.p50)" = "$(get suites.0.points.$k.median)" ] ||
    fail "point $k: p50 is not the median"
  k=$((k + 1))
done
[ "$k" = 4 ] || fail "pp has $k points, not 4"
grep -q '^suites\.1\.points\.[0-9]*\.p[0-9][0-9]*=' "$work/flat" &&
  fail "a suite without Percentiles wrote percentiles"
# ar (Root_Barrier): a repetition shorter than the barrier's estimate
# is invalid, as on a busy machine all of a point's may be; its
# percentiles are of the valid ones, and a point without any has them
# as it has its mean: .nan
for k in 0 1 2 3; do
  v=$(get suites.2.points.$k.valid) i=$(get suites.2.points.$k.invalid)
  [ "$((v + i))" = 41 ] || fail "ar point $k: $v valid + $i invalid, not 41"
  if [ "$v" -gt 0 ]; then
    [ -n "$(get suites.2.points.$k.p999)" ] || fail "ar point $k: no p999"
  else
    expect suites.2.points.$k.p999 .nan
  fi
done

# a persistent collective's root is fixed with its request: Root =
# Rotate is refused where the suite writes it, and a preamble default
# falls back to Fixed (where the library has MPI_Bcast_init)
if have 241; then
  printf '@Root Rotate\n@MEASUREMENTS\np { Type = MPI_Bcast_init; }\nq { Type = MPI_Bcast_init; Root = 1; }\n' > "$work/pre.skampi"
  "$SKAMPI" --check "$work/pre.skampi" > "$work/plan" 2> "$work/err" ||
    fail "a preamble Rotate refused for MPI_Bcast_init: $(cat "$work/err")"
  grep -c '^    Root: Fixed$' "$work/plan" | grep -qx 1 &&
    grep -q '^    Root: 1$' "$work/plan" || fail "persistent roots: $(grep Root "$work/plan")"
  printf '@MEASUREMENTS\np { Type = MPI_Bcast_init; Root = Rotate; }\n' > "$work/rot.skampi"
  "$SKAMPI" --check "$work/rot.skampi" > /dev/null 2> "$work/err" &&
    fail "Root = Rotate accepted for MPI_Bcast_init"
  head -n 1 "$work/err" | grep -qxF "$work/rot.skampi:2:35: error: Root = Rotate does not apply to MPI_Bcast_init: a persistent collective's root is fixed when its request is made" ||
    fail "Rotate for MPI_Bcast_init: $(cat "$work/err")"
fi

# the keys as recorded
expect suites.0.parameters.Percentiles true
expect suites.1.parameters.Percentiles false
expect suites.1.parameters.In_Place false
expect suites.1.parameters.Root Fixed
expect suites.2.parameters.In_Place true
expect suites.3.parameters.Root Rotate
expect suites.4.parameters.Root 1
expect suites.4.points.0.argument 2
exit 0
