# SPDX-License-Identifier: BSD-3-Clause
# suites-p2.sh -- every shipped suite file (suites/*.skampi), unedited,
# on 2 processes, has no time below the timer's reach
# (doc/engine.md, "Times below the timer's reach"):
# - every point with a value has a median above 0 and, times its `batch`,
#   at least factors.timer_resolution; a point not marked `resolved:
#   false` at least max(timer_resolution, timer_overhead) per region
#   (the suites whose instances time in their own way, 60-69 and the
#   like, record no `batch` and are held to a median above 0);
# - every point that records a `batch` has a `batch_region` of at least
#   the region target max(timer_resolution, timer_overhead) /
#   Standard_error (ε at most 0.5), unless its batch is at the cap;
# - no `resolved: false` point has a `rate`;
# - memcpy's bandwidth (length / mean) at every length is below twice the
#   machine's copy rate measured apart (tests/mpi/copyrate, the best loop
#   of memcpy of 1 KiB to 4 MiB): a sanity bound that another task cannot
#   break, as it only slows skampi down;
# - every point with a floor (doc/engine.md, "The floors") has its fastest
#   repetition at or above it (tests/tools/floorcheck): each run measures
#   the node's limits (the test-only SKAMPI_TEST_LIMITS, as @LIMITS yes)
#   and records them; a point below its floor fails with its file, suite
#   and length (then the floor is wrong: fix it in lib/floor.c, never the
#   point).
# These are checks of the recorded fields against the engine's rules,
# not of durations.  The suites are cut short by the test-only
# SKAMPI_TEST_QUICK=2 (2 repetitions a point, the initial grid of about
# 6 points; doc/robustness.md), never by editing them; the values are
# also held to tests/mpi/sane.awk.  A suite file whose instances the
# library lacks is refused for exactly that and not run; one that needs
# more than 2 processes is left out with a note.  Runs with MPICH and,
# in .ci/openmpi's make check, with Open MPI.  SKAMPI_SUITES_P2="simple
# collectives" runs those shipped files alone.
. "$top_srcdir/tests/mpi/lib.sh"

skampi=$(abs "$SKAMPI")
copyrate=$(abs "$top_builddir/tests/mpi/copyrate")
floorcheck=$(abs "$top_builddir/tests/tools/floorcheck")
src=$(cd "$top_srcdir/suites" && pwd) || fatal "no suites/"
rate=$("$copyrate") || fatal "tests/mpi/copyrate failed"
echo "machine copy rate: $rate B/s"
lib=$("$SKAMPI" --list | sed -n '1s/^MPI library: //p')
start=$(date +%s)
runs=0 memcpys=0 floors=0
files=
for n in ${SKAMPI_SUITES_P2:-}; do files="$files $src/$n.skampi"; done
[ -n "$files" ] || files=$(ls "$src"/*.skampi)
for f in $files; do
  name=$(basename "$f" .skampi)
  dir=$work/$name
  mkdir -p "$dir" || fatal "mkdir $dir"
  # in a directory of its own: io.skampi makes its files in `.`
  (cd "$dir" && SKAMPI_TEST_QUICK=2 SKAMPI_TEST_LIMITS=1 $MPIEXEC -n 2 \
     "$skampi" --quiet --no-postproc --timeout 900 -o out.yaml "$f" \
     > stdout 2> stderr)
  rc=$?
  if [ $rc -eq 1 ] && grep -q ": error: Type '[A-Za-z_0-9]*' is unavailable: " "$dir/stderr" &&
     ! grep ': error: ' "$dir/stderr" | grep -vq ": error: Type '[A-Za-z_0-9]*' is unavailable: "; then
    echo "note: $name: $lib lacks its instances; not run"
    continue
  fi
  if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
    fail "$name exited with $rc: $(grep '^skampi' "$dir/stderr" | head -n 5)"
    continue
  fi
  [ -s "$dir/out.yaml" ] || { fail "$name: no result file"; continue; }
  runs=$((runs + 1))
  flatten "$dir/out.yaml"
  # exit status 3: a suite that cannot run on 2 processes failed, with
  # its message (suites-np.sh holds the suites to more processes)
  grep '^suites\.[0-9]*\.status=' "$work/flat" | grep -v '=complete$' |
    sed "s/^/note: $name: /"
  awk -F= -f "$top_srcdir/tests/mpi/sane.awk" "$work/flat" > "$work/sane" ||
    fail "$name: insane values: $(head -n 5 "$work/sane")"
  awk -F= -v file="$name" -v copy="$rate" '
    function bad(msg) { print file ": suite " sname[s] " point " p ": " msg; errors++ }
    function check(   b, r, floor, eps, target) {
      if (p == "" || v["valid"] == "0") { delete v; return }
      b = ("batch" in v) ? v["batch"] + 0 : 1
      floor = res > ovh ? res : ovh
      if (!(v["median"] + 0 > 0))
        bad("median " v["median"] " is not above 0")
      else if (!(v["median"] * b >= res))
        bad("median " v["median"] " x batch " b " is below the resolution " res)
      else if (("batch" in v) && v["resolved"] != "false" && !(v["median"] * b >= floor))
        bad("median " v["median"] " x batch " b " is below " floor " but not marked resolved: false")
      if ("batch" in v) {
        eps = eps_of[s] + 0
        if (!(eps > 0) || eps > 0.5) eps = 0.5
        if (eps < 0.01) eps = 0.01
        target = floor / eps
        if (b < 1000000 && !(v["batch_region"] + 0 >= target * (1 - 1e-9)))
          bad("batch " b " with batch_region " v["batch_region"] " below the target " target)
      }
      if (v["resolved"] == "false" && ("rate" in v))
        bad("resolved: false with a rate " v["rate"])
      if (inst[s] == "memcpy" && v["resolved"] != "false" && v["mean"] + 0 > 0) {
        r = v["argument"] / v["mean"]
        memcpys++
        if (!(r < 2 * copy))
          bad("memcpy of " v["argument"] " B at " r " B/s, not below twice the copy rate " copy " B/s")
      }
      delete v
    }
    $1 == "factors.timer_resolution" { res = $2 + 0 }
    $1 == "factors.timer_overhead" { ovh = $2 + 0 }
    match($1, /^suites\.[0-9]+\.name$/) { split($1, a, "."); sname[a[2]] = $2 }
    match($1, /^suites\.[0-9]+\.instance$/) { split($1, a, "."); inst[a[2]] = $2 }
    match($1, /^suites\.[0-9]+\.parameters\.Standard_error$/) { split($1, a, "."); eps_of[a[2]] = $2 }
    $1 ~ /^suites\.[0-9]+\.points\.[0-9]+\.[a-z_]+$/ {
      split($1, a, ".")
      key = a[2] "." a[4]
      if (key != p) { check(); p = key; s = a[2] }
      v[a[5]] = $2
    }
    END { check(); print "memcpy points " memcpys > "/dev/stderr"; exit errors ? 1 : 0 }' \
    "$work/flat" > "$work/reach" 2> "$work/reach.err" ||
    fail "$name: $(head -n 8 "$work/reach" "$work/reach.err")"
  n=$(sed -n 's/^memcpy points \([0-9][0-9]*\)$/\1/p' "$work/reach.err")
  memcpys=$((memcpys + ${n:-0}))
  grep -c 'resolved=false$' "$work/flat" | sed "s/^/note: $name: points resolved: false: /"
  # the floors: the limits measured, every point at or above its floor
  [ -n "$(get factors.limits.cost)" ] || fail "$name: no factors.limits"
  "$floorcheck" "$dir/out.yaml" > "$work/floors" 2> "$work/floors.err"
  case $? in
    0) n=$(wc -l < "$work/floors")
       floors=$((floors + n))
       echo "note: $name: $n points at or above their floors (least ratio $(sort -k5 -g "$work/floors" | head -n 1 | cut -d' ' -f1,2,5))" ;;
    2) grep -q ': no point has a floor$' "$work/floors.err" ||
         fail "$name: floorcheck: $(cat "$work/floors.err")" ;;
    *) fail "$name: a point below its floor: $(cat "$work/floors.err")" ;;
  esac
  rm -rf "$dir"
done
if [ -z "${SKAMPI_SUITES_P2:-}" ]; then
  [ "$runs" -gt 10 ] || fail "only $runs suite files ran"
  [ "$memcpys" -gt 3 ] || fail "only $memcpys memcpy points checked"
  [ "$floors" -gt 20 ] || fail "only $floors points held to a floor"
fi
echo "$floors points held to their floors"
echo "$runs suite files on 2 processes in $(($(date +%s) - start)) s (load $(cut -d' ' -f1-3 /proc/loadavg))"
exit 0
