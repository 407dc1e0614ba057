#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# partitioned.sh -- the partitioned point-to-point instances on 2
# processes.  Where the library has MPI_Psend_init (MPICH 4), every
# suite of tests/mpi/partitioned.skampi runs complete (the plain one on
# the grid of Pingpong_Send_Recv), each point after its untimed integrity
# check, with its requests' init and free times and the family's note;
# where it lacks it (Open MPI 4.1) every partitioned suite is refused with one
# located error naming the library.  Either way
# SKAMPI_TEST_UNAVAILABLE=Partitioned_Pingpong makes the instance
# unavailable and the refusal's message is checked exactly.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"
suite="$SUITES/partitioned.skampi"
suite_names "$suite" > "$work/names"
# the partitioned suites of the file: their Type is of that family
"$SKAMPI" --list | awk '/^-- / { f = ($0 == "-- partitioned") } f && $1 ~ /^[0-9]+$/ { print $2 }' \
  > "$work/family"
[ -s "$work/family" ] || fail "skampi --list has no partitioned family"
npart=$(grep -cE "Type = ($(paste -sd'|' "$work/family"));" "$suite")
[ "$npart" -ge 2 ] || fail "$npart partitioned suites in $suite"

if "$SKAMPI" --list | awk '/^-- partitioned$/ { f = 1; next } /^-- / { f = 0 }
                           f && $7 == "unavailable" { u = 1 } END { exit !u }'; then
  run_skampi 2 "$suite" "$work/out.yaml" --quiet && fail "a run of unavailable instances"
  n=$(grep -c "is unavailable: the MPI library skampi was built with ($lib) has no MPI_Psend_init\$" "$work/stderr")
  [ "$n" -eq "$npart" ] || fail "$n refusals, want $npart: $(cat "$work/stderr")"
  [ ! -e "$work/out.yaml" ] || fail "a refused run wrote a result"
else
  run_skampi 2 "$suite" "$work/out.yaml" --quiet ||
    fail "skampi exited with $? ($(cat "$work/stderr"))"
  flatten "$work/out.yaml"
  expect run.status complete
  while read -r name; do
    sexpect "$name" status complete
    sexpect "$name" timing round_trip
    [ -n "$(sget "$name" points.6.mean)" ] || fail "$name has fewer than 7 points"
    [ "$name" = pp ] && continue
    sexpect "$name" pattern pingpong
    for f in init_time free_time; do
      v=$(sget "$name" points.0.persistent.$f)
      awk -v t="$v" 'BEGIN { exit !(t != "" && t >= 0 && t < 60) }' ||
        fail "$name: persistent.$f is '$v'"
    done
    sget "$name" 'notes\.[0-9]*' | grep -q '^partitioned: the message goes as Partitions partitions' ||
      fail "$name has no note on its partitions"
  done < "$work/names"
  # the partitioned ping-pong on the grid of Pingpong_Send_Recv
  j=0
  while [ -n "$(sget pp points.$j.argument)" ]; do
    sexpect pingpong points.$j.argument "$(sget pp points.$j.argument)"
    j=$((j + 1))
  done
  [ "$j" -eq 8 ] || fail "pp has $j points, want 8 (0 1 8 ... 65536)"
  sexpect pingpong parameters.Partitions 8
  sexpect pingpong_3 parameters.Partitions 3
  sane
fi

# the refusal, exactly, in a run and in --check
cat > "$work/bad.skampi" <<'END'
@MEASUREMENTS
ok { Type = Pingpong_Send_Recv; }
p { Type = Partitioned_Pingpong; Partitions = 2; }
END
want="$work/bad.skampi:3:12: error: Type 'Partitioned_Pingpong' is unavailable: the MPI library skampi was built with ($lib) has no "
SKAMPI_TEST_UNAVAILABLE=Partitioned_Pingpong run_skampi 2 "$work/bad.skampi" \
  "$work/bad.yaml" --quiet
rc=$?
[ "$rc" -eq 1 ] || fail "a run of an unavailable instance exited with $rc"
[ ! -e "$work/bad.yaml" ] || fail "a refused run wrote a result"
got=$(grep -m 1 ': error: ' "$work/stderr")
[ "$got" = "${want}Partitioned_Pingpong" ] || fail "run: '$got'"
SKAMPI_TEST_UNAVAILABLE=Partitioned_Pingpong "$SKAMPI" --check "$work/bad.skampi" \
  > "$work/plan" 2> "$work/check"
[ $? -eq 1 ] || fail "--check of an unavailable instance passed"
[ "$(sed -n 2p "$work/check")" = "    3 | p { Type = Partitioned_Pingpong; Partitions = 2; }" ] ||
  fail "--check said: $(cat "$work/check")"
exit 0
