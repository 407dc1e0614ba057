# SPDX-License-Identifier: BSD-3-Clause
# window.sh -- Synchronization = Window with each Clock_Sync algorithm on 2
# processes: the clock sync and its cost are recorded, every point counts
# its valid and invalid repetitions, a window too small for the operation
# makes every repetition invalid, Raw_Samples lists every valid sample,
# and timings that need the other synchronization are refused.
. "$top_srcdir/tests/mpi/lib.sh"
out="$work/out.yaml"
run_skampi 2 "$SUITES/window.skampi" "$out" --quiet ||
  fail "skampi exited with $? ($(cat "$work/stderr"))"
flatten "$out"
expect run.status complete
n=0
for algo in Offset Linear HCA; do
  s=suites.$n
  expect $s.status complete
  expect $s.synchronization.method window
  expect $s.synchronization.clock_sync.algorithm $algo
  expect $s.synchronization.clock_sync.rounds 1
  cost=$(get $s.synchronization.clock_sync.cost)
  awk -v c="$cost" 'BEGIN { exit !(c > 0 && c < 10) }' ||
    fail "$algo: cost '$cost'"
  # A repetition a busy neighbour delays past its window is invalid, so
  # a loaded machine may leave a point with few or no valid ones: every
  # point accounts for each repetition, and a point left with none has
  # no value and says so (any window, even 8 ms, is overrun by every
  # repetition when ranks wait many time slices for a core).
  for p in 0 1; do
    v=$(get $s.points.$p.valid) i=$(get $s.points.$p.invalid)
    r=$(get $s.points.$p.repetitions) c=$(get $s.points.$p.cut)
    [ "$v" -ge 0 ] && [ "$i" -ge 0 ] && [ $((v + i)) -ge 20 ] ||
      fail "$algo point $p: valid '$v' invalid '$i' (Min_Repetition 20)"
    [ $((r + c)) -eq "$v" ] || fail "$algo point $p: $r kept + $c cut != $v valid"
    if [ "$v" -eq 0 ]; then
      a=$(get $s.points.$p.argument)
      expect $s.points.$p.mean .nan
      grep -qxE "$s\\.notes\\.[0-9]+=no value at argument $a: 0 valid repetitions \\($i invalid\\)" \
        "$work/flat" || fail "$algo point $p: no valid repetition and no note"
    fi
    w=$(get $s.points.$p.window)
    awk -v w="$w" 'BEGIN { exit !(w >= 2e-05) }' || fail "$algo: window '$w'"
  done
  n=$((n + 1))
done
expect suites.0.synchronization.clock_sync.fit_points 1
expect suites.0.synchronization.clock_sync.exchanges 32
expect suites.0.synchronization.clock_sync.max_slope 0.0
expect suites.1.synchronization.clock_sync.fit_points 16
expect suites.1.synchronization.clock_sync.exchanges 8
expect suites.0.synchronization.window_source pilot
expect suites.0.timing max_local
expect suites.1.timing global_span
# Raw_Samples: exactly `valid` samples
for p in 0 1; do
  v=$(get suites.1.points.$p.valid)
  k=$(grep -c "^suites\.1\.points\.$p\.raw\." "$work/flat")
  [ "$k" -eq "$v" ] || fail "linear point $p: $k raw samples, $v valid"
done
[ -z "$(get suites.0.points.0.raw.0)" ] || fail "raw samples without Raw_Samples"
expect suites.2.synchronization.window 0.008
expect suites.2.synchronization.window_source Window_Size
expect suites.2.points.0.window 0.008
expect suites.2.parameters.Outlier_Filter Tukey
# overrun: every repetition invalid, none valid, all 40 counted
expect suites.3.points.0.stop max_repetition
expect suites.3.points.0.invalid 40
expect suites.3.points.0.valid 0
expect suites.3.points.0.eps_met false
# ... which is no measurement: no value, not 0, and a note that says so
expect suites.3.points.0.mean .nan
expect suites.3.points.0.stderr .nan
expect suites.3.points.0.median .nan
grep -qxF "suites.3.notes.1=no value at argument 65536: 0 valid repetitions (40 invalid)" \
  "$work/flat" || fail "no note of the point without a value"
[ -z "$(get suites.3.points.0.modes.0.location)" ] || fail "modes of no repetition"
# barrier sync: no clock sync, nothing invalid, Outlier_Filter None cuts none
expect suites.4.synchronization.method barrier
[ -z "$(get suites.4.synchronization.clock_sync.algorithm)" ] ||
  fail "clock sync under barrier sync"
expect suites.4.points.0.invalid 0
expect suites.4.points.0.cut 0
[ -z "$(get suites.4.points.0.window)" ] || fail "window under barrier sync"

# cold cache and fixed repetitions
expect suites.5.cache.mode cold
expect suites.5.cache.size 1048576
expect suites.5.cache.size_source Cache_Size
expect suites.5.points.0.stop fixed
v=$(get suites.5.points.0.valid) i=$(get suites.5.points.0.invalid)
[ $((v + i)) -eq 10 ] || fail "Fixed_Repetitions 10: $v valid + $i invalid"
# Max_Repetition does not cap Fixed_Repetitions (it once did: 100 here)
expect suites.6.name fixed_over_max
expect suites.6.points.0.stop fixed
v=$(get suites.6.points.0.repetitions) c=$(get suites.6.points.0.cut)
[ $((v + c)) -eq 3000 ] || fail "Fixed_Repetitions 3000: $v used + $c cut"
expect suites.0.cache.mode warm
[ -z "$(get suites.0.cache.size)" ] || fail "cache size with a warm cache"

run_skampi 2 "$SUITES/window-bad.skampi" "$work/bad.yaml" --quiet
rc=$?
[ $rc -eq 3 ] || fail "window-bad: exit $rc, want 3 ($(cat "$work/stderr"))"
flatten "$work/bad.yaml"
expect suites.0.status failed
expect suites.0.message "Collective_Timing = Root_Barrier needs Synchronization = Barrier"
expect suites.1.status failed
expect suites.1.message "Collective_Timing = Global_Span needs Synchronization = Window (synchronized clocks)"
expect suites.2.status complete
expect suites.2.notes.0 "Synchronization = Window applies to collective suites only: this suite ignores it"
[ -z "$(get suites.2.synchronization.method)" ] || fail "ping-pong has a synchronization"
# Cache = Cold without Cache_Size: the size sysfs gives, or a clear failure
llc=0
for d in /sys/devices/system/cpu/cpu0/cache/index*; do
  [ -r "$d/size" ] || continue
  case $(cat "$d/type") in Data|Unified) ;; *) continue ;; esac
  lv=$(cat "$d/level") sz=$(cat "$d/size")
  case $sz in *K) sz=$((${sz%K} * 1024)) ;; *M) sz=$((${sz%M} * 1048576)) ;; esac
  if [ "$lv" -gt "${best:-0}" ] || { [ "$lv" -eq "${best:-0}" ] && [ "$sz" -gt "$llc" ]; }; then
    best=$lv llc=$sz
  fi
done
if [ "$llc" -gt 0 ]; then
  expect suites.3.status complete
  expect suites.3.cache.size "$llc"
  expect suites.3.cache.size_source sysfs
  expect suites.3.points.0.stop fixed
  expect suites.3.points.0.valid 4
else
  expect suites.3.status failed
  expect suites.3.message "Cache = Cold: the last-level cache size cannot be read from /sys/devices/system/cpu/cpu0/cache; give Cache_Size"
fi
exit 0
