#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# msgrate.sh -- Multipair_Message_Rate on 2 processes (one pair): every
# suite of tests/mpi/msgrate.skampi complete, timed per message of the
# window, with the pair listed and a rate of exactly k*n/mean bytes per
# second (k = 1); Window recorded; Max_Value the longest message whose
# Window receive slots and send buffer fit in @MEMORY, as --check says.
. "$top_srcdir/tests/mpi/lib.sh"
suite="$SUITES/msgrate.skampi"
run_skampi 2 "$suite" "$work/out.yaml" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/out.yaml"
expect run.status complete
suite_names "$suite" > "$work/names"
while read -r name; do
  sexpect "$name" status complete
  sexpect "$name" timing max_over_pairs_per_message
  sexpect "$name" rate_unit B/s
  j=0
  while [ -n "$(sget "$name" points.$j.mean)" ]; do
    sexpect "$name" points.$j.pairs.0.0 0
    sexpect "$name" points.$j.pairs.0.1 1
    [ -z "$(sget "$name" points.$j.pairs.1.0)" ] || fail "$name: two pairs"
    n=$(sget "$name" points.$j.argument)
    [ "$name" = nodes ] && n=1024
    awk -v n="$n" -v m="$(sget "$name" points.$j.mean)" \
        -v r="$(sget "$name" points.$j.rate)" 'BEGIN {
          if (m <= 0) exit !(r == 0 || r == "")
          d = r - n / m; if (d < 0) d = -d; exit !(d <= 1e-9 * n / m) }' ||
      fail "$name: point $j's rate is not n/mean"
    j=$((j + 1))
  done
  [ "$j" -ge 1 ] || fail "$name has no point"
done < "$work/names"
sexpect w64 parameters.Window 64
sexpect w4 parameters.Window 4
sexpect w64 points.0.argument 8
sexpect w64 points.1.argument 64
sexpect w64 points.4.argument 32768
sexpect w64 points.5.argument 65536
sexpect nodes argument_name nodes
sexpect nodes points.0.argument 2
sexpect nodes points.0.processes 2
sget w64 'notes\.[0-9]*' | grep -q 'messages per second over all pairs are rate / length' ||
  fail "w64 has no note on its rate"
# 4096 receive slots and a send buffer in 8192 KiB: 8388608 / 4097
"$SKAMPI" --check "$suite" > "$work/plan" || fail "--check"
grep -qx '    End_Argument: 2047' "$work/plan" || fail "Max_Value: $(grep End_Argument "$work/plan")"
sexpect max points.1.argument 2047
sane
exit 0
