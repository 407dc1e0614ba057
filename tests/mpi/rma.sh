#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# rma.sh -- the one-sided instances on 2 processes: every operation
# instance under every RMA_Sync, the windows made every way RMA_Window
# knows (cycled through the suites, and all four for MPI_Put), the
# datatype patterns on put and get, and the window creation instances.
# Every point passes its untimed check (the target's window or the
# origin's buffer holds what the operations put there) or the suite
# fails; so every suite complete is the data verified.
. "$top_srcdir/tests/mpi/lib.sh"

lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
[ -n "$lib" ] || fail "skampi --list names no MPI library"
ops="MPI_Put MPI_Get MPI_Accumulate MPI_Get_accumulate MPI_Fetch_and_op
MPI_Compare_and_swap MPI_Put_Bandwidth MPI_Get_Bandwidth
MPI_Accumulate_Bandwidth MPI_Get_accumulate_Bandwidth MPI_Put_Bidirectional"
syncs="Fence Lock Lock_All_Flush PSCW"
set -- Create Allocate Dynamic Shared
{
  cat <<'END'
@Min_Repetition 2
@Max_Repetition 4
@Multiple_of 2
@Scale Fixed_log
@Start_Argument 8
@End_Argument 4KiB
@Stepwidth 512
@RMA_Window_Ops 8
@MEASUREMENTS
END
  n=0
  for op in $ops; do
    for s in $syncs; do
      # the window kind cycles, so that each sync meets several
      w=$(eval echo "\${$((n % 4 + 1))}")
      echo "s$n { Type = $op; RMA_Sync = $s; RMA_Window = $w; }"
      n=$((n + 1))
    done
  done
  for w in Create Allocate Dynamic Shared; do
    echo "put_$w { Type = MPI_Put; RMA_Sync = Lock; RMA_Window = $w; }"
  done
  echo "put_dt { Type = MPI_Put; Send_Datatype_Number = 50; Receive_Datatype_Number = 51; RMA_Window = Create; }"
  echo "get_dt { Type = MPI_Get; Send_Datatype_Number = 52; RMA_Window = Dynamic; RMA_Sync = Fence; }"
  # Open MPI 4.1's vader BTL dies of a segmentation fault at the target
  # of an 8-byte compare-and-swap (doc/engine.md): a 4-byte one there
  case $lib in
    "Open MPI v4.1"*) echo "cas_d { Type = MPI_Compare_and_swap; Basetype_Number = 2; }" ;;
    *) echo "cas_d { Type = MPI_Compare_and_swap; Basetype_Number = 1; }" ;;
  esac
  for t in MPI_Win_create MPI_Win_allocate MPI_Win_create_dynamic MPI_Win_allocate_shared; do
    echo "$t { Type = $t; }"
  done
} > "$work/rma.skampi"
sed -i 's/^@MEASUREMENTS$/@Basetype1 MPI_LONG\n@Basetype2 MPI_UNSIGNED\n@MEASUREMENTS/' "$work/rma.skampi"

run_skampi 2 "$work/rma.skampi" "$work/rma.yaml" --quiet --timeout 600 ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$work/rma.yaml"
expect run.status complete
nsuites=$(grep -c '{ Type' "$work/rma.skampi")
[ "$nsuites" -eq 55 ] || fail "$nsuites suites, want 55"
i=0
while [ "$i" -lt "$nsuites" ]; do
  expect suites.$i.status complete
  [ -n "$(get suites.$i.points.0.mean)" ] || fail "suites.$i has no point"
  i=$((i + 1))
done

# what each kind of suite is: timing, grid, rate, the atomics' length
expect suites.0.instance MPI_Put
expect suites.0.timing origin_completion
expect suites.0.parameters.RMA_Sync Fence
expect suites.0.parameters.RMA_Window Create
expect suites.0.points.0.argument 8
expect suites.0.points.1.argument 4096
expect suites.16.instance MPI_Fetch_and_op
expect suites.16.parameters.Default_Message_length 4
expect suites.24.instance MPI_Put_Bandwidth
expect suites.24.timing per_operation
expect suites.24.parameters.RMA_Window_Ops 8
# the rate of a bandwidth suite is sk_instance_timed_bytes() over the
# time: n per operation, 2n for the bidirectional put
for k in 24:1 40:2; do
  i=${k%:*} f=${k#*:}
  for j in 0 1; do
    a=$(get suites.$i.points.$j.argument)
    m=$(get suites.$i.points.$j.mean)
    r=$(get suites.$i.points.$j.rate)
    awk -v a="$a" -v m="$m" -v r="$r" -v f="$f" \
      'BEGIN { e = f * a / m; exit !(r > 0 && (r - e) / e < 1e-6 && (e - r) / e < 1e-6) }' ||
      fail "suites.$i.points.$j: rate $r for $a bytes in $m s (factor $f)"
  done
done
# Compare_and_swap of an MPI_LONG (8 bytes here, LP64) or MPI_UNSIGNED
case $lib in
  "Open MPI v4.1"*) expect suites.50.parameters.Default_Message_length 4 ;;
  *) expect suites.50.parameters.Default_Message_length 8 ;;
esac
expect suites.51.timing max_local
sane

# the report's bandwidth page draws the bandwidth suites with the same
# bytes: its CSV's bandwidth is the result file's rate
if command -v gnuplot > /dev/null 2>&1; then
  "$top_builddir/report/skampi-report" "$work/rma.yaml" -o "$work/rma.pdf" \
    --csv "$work/csv" 2> "$work/report.err" ||
    fail "skampi-report: $(cat "$work/report.err")"
  bw=$(ls "$work"/csv/*-bandwidth-*.csv) || fail "no bandwidth CSV"
  for k in 24 40; do
    for j in 0 1; do
      a=$(get suites.$k.points.$j.argument)
      r=$(get suites.$k.points.$j.rate)
      awk -F, -v s="s$k" -v a="$a" -v r="$r" '
        $3 == s && $5 == a { found = 1; d = ($11 - r) / r
                             if (d > 1e-9 || d < -1e-9) exit 1 }
        END { exit !found }' "$bw" ||
        fail "bandwidth CSV: s$k at $a is not the rate $r"
    done
  done
fi
exit 0
