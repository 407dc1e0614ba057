# SPDX-License-Identifier: BSD-3-Clause
# sane.awk -- checks every point of a flattened result file (yamlflat's
# PATH=VALUE lines): finite numbers, min <= median <= max, repetitions > 0,
# stderr >= 0, eps_met and stop present (stop `fixed` under
# Fixed_Repetitions), eps_met true only with a small enough stderr, a
# mean below 10 s and above low() (positive for ping-pong and collective
# suites, with the exceptions below), and modes,
# when present, well formed (check_modes).  Prints what is wrong and
# exits 1.
function bad(msg) { print "point " p ": " msg; errors++ }
# The least mean a point may have.  Times are positive, except for two
# estimates that are differences: with Root_Barrier the mean is (operation
# + barrier) - barrier_time, negative when the operation costs less than
# the noise of the barrier (seen with Open MPI on a busy machine), but
# operation + barrier must be positive; and a collective on one process
# does nothing, so after the empty-measurement overhead is subtracted its
# mean is zero up to noise of either sign (a microsecond is allowed).
# Bcast_OL (timing max_per_destination): OL_i = E_i - RTL_i/2, with
# RTL_i the smallest round trip, is above 0 in every valid repetition (a
# repetition in which it is not is invalid and left out), so the mean,
# min, every node_times[i] of a destination and the spread of OL_i over
# the destinations (`destinations`) are all above 0.
# Simple suites (one call, timed at rank 0) are not held to 0: a call as
# cheap as MPI_Comm_rank costs less than the noise of the empty
# measurement subtracted from it (seen: 2.8e-10 s), so its mean may come
# out slightly negative.  A sample is t1 - t0 - overhead with t1 >= t0,
# though, so mean and min are at least -overhead (factors.timer_overhead,
# rank 0's).
# A collective of 0 bytes is also such a difference: a library may return
# from an empty MPI_Bcast, MPI_Scan, MPI_Scatter or MPI_Allgather at once
# (Open MPI and MPICH do), so what is left after the empty-measurement
# overhead is subtracted is zero up to noise of either sign (seen: -2e-9 s
# at the root, -1.9e-10 s as the maximum over processes under ASan); a
# microsecond is allowed there too.
function low(   i, m) {
  if (timing[s] == "max_per_destination") return 0
  if (pattern[s] == "simple") return -overhead - 1e-12
  if ("barrier_time" in v) return -v["barrier_time"]
  if (v["processes"] == 1) return -1e-6
  if (v["argument"] == 0 && (pattern[s] == "collective" ||
      timing[s] ~ /^(root_local|per_root_of_round)$/)) return -1e-6
  return 0
}
function num(v) { return v ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ }
# Bcast_OL: every destination's mean OL_i (node_times, when recorded)
# is above 0 with its RTL_i beside it; the spread over the destinations
# is ordered, above 0, and names a destination as the slowest.
function check_ol(   i, listed) {
  listed = 0
  for (i in nt) listed = 1
  for (i = 1; i < v["processes"] && listed; i++)
    if (!((i "") in rtl) || !((i "") in nt))
      bad("no rtl." i " or node_times." i)
    else if (!(nt[i] + 0 > 0 && rtl[i] + 0 > 0))
      bad("OL_" i " = " nt[i] ", RTL_" i " = " rtl[i] ": not above 0")
  if (v["processes"] < 2) return
  if (!("min" in dst) || !("median" in dst) || !("max" in dst) || !("slowest" in dst))
    bad("no destinations.{min,median,max,slowest}")
  else if (!(dst["min"] + 0 > 0 && dst["min"] + 0 <= dst["median"] + 0 &&
             dst["median"] + 0 <= dst["max"] + 0))
    bad("destinations " dst["min"] " " dst["median"] " " dst["max"])
  else if (!(dst["slowest"] + 0 >= 1 && dst["slowest"] + 0 < v["processes"]))
    bad("destinations.slowest " dst["slowest"])
}
# modes: at least two, locations ascending within [min, max], shares in
# (0, 1] that add up to 1.
function check_modes(   k, n, sum, last) {
  n = 0; sum = 0; last = ""
  for (k = 0; (k "") in mloc; k++) {
    n++
    if (!num(mloc[k]) || !num(mshare[k])) { bad("mode " k " is not numbers"); continue }
    if (mloc[k] + 0 < v["min"] + 0 || mloc[k] + 0 > v["max"] + 0)
      bad("mode " k " at " mloc[k] " is outside [min, max]")
    if (last != "" && !(mloc[k] + 0 > last + 0)) bad("modes not ascending")
    if (!(mshare[k] + 0 > 0 && mshare[k] + 0 <= 1)) bad("mode " k " share " mshare[k])
    sum += mshare[k]; last = mloc[k]
  }
  if (n == 1) bad("one mode listed")
  if (n > 1 && (sum < 1 - 1e-9 || sum > 1 + 1e-9)) bad("mode shares add up to " sum)
}
function check(   k) {
  if (p == "") return
  # a point without a value (no valid repetition: window sync, Bcast_OL)
  # has none of the statistics, written .nan, and nothing else to check
  if (v["valid"] == "0") {
    if (v["mean"] != ".nan" || v["invalid"] + 0 < 1) bad("no valid repetition but mean " v["mean"])
    delete v; delete nt; delete rtl; delete dst; delete mloc; delete mshare
    return
  }
  for (k in need)
    if (!(k in v)) bad("no " k)
  if (!num(v["mean"]) || !num(v["stderr"]) || !num(v["min"]) ||
      !num(v["median"]) || !num(v["max"]))
    bad("a time is not a finite number")
  if (v["min"] + 0 > v["median"] + 0 || v["median"] + 0 > v["max"] + 0)
    bad("min <= median <= max does not hold")
  if (v["repetitions"] + 0 < 1) bad("no repetitions")
  if (v["stderr"] + 0 < 0) bad("negative stderr")
  if (v["eps_met"] != "true" && v["eps_met"] != "false") bad("eps_met is " v["eps_met"])
  if (v["stop"] !~ /^(eps|max_repetition|time_measurement|time_suite|fixed)$/)
    bad("stop is " v["stop"])
  if (v["eps_met"] == "true" && !(v["stderr"] + 0 < eps[s] * v["mean"]))
    bad("eps_met but stderr/mean >= " eps[s])
  if (!(v["mean"] + 0 > low() && v["mean"] + 0 < 10))
    bad("mean " v["mean"] " is not in (" low() ", 10) s")
  if ((pattern[s] == "simple" || timing[s] == "max_per_destination") &&
      !(v["min"] + 0 > low()))
    bad("min " v["min"] " is not above " low() " s")
  if (timing[s] == "max_per_destination") check_ol()
  check_modes()
  delete v; delete nt; delete rtl; delete dst; delete mloc; delete mshare
}
BEGIN {
  need["mean"]; need["stderr"]; need["repetitions"]; need["cut"]
  need["min"]; need["median"]; need["max"]; need["eps_met"]; need["stop"]
  need["refined"]; need["argument"]; need["processes"]
}
{
  if ($1 == "factors.timer_overhead") overhead = $2 + 0
  if (match($1, /^suites\.[0-9]+\.pattern$/)) { split($1, a, "."); pattern[a[2]] = $2 }
  if (match($1, /^suites\.[0-9]+\.timing$/)) { split($1, a, "."); timing[a[2]] = $2 }
  if (match($1, /^suites\.[0-9]+\.parameters\.Standard_error$/)) { split($1, a, "."); eps[a[2]] = $2 }
  if ($1 ~ /^suites\.[0-9]+\.points\.[0-9]+\./) {
    split($1, a, ".")
    key = a[1] "." a[2] "." a[3] "." a[4]
    if (key != p) { check(); p = key; s = a[2] }
    if (a[5] == "node_times") nt[a[6]] = $2
    else if (a[5] == "rtl") rtl[a[6]] = $2
    else if (a[5] == "destinations") dst[a[6]] = $2
    else if (a[5] == "modes" && a[7] == "location") mloc[a[6]] = $2
    else if (a[5] == "modes" && a[7] == "share") mshare[a[6]] = $2
    else v[a[5]] = $2
  }
}
END { check(); exit errors ? 1 : 0 }
