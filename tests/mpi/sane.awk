# sane.awk -- checks every point of a flattened result file (yamlflat's
# PATH=VALUE lines): finite numbers, min <= median <= max, repetitions > 0,
# stderr >= 0, eps_met and stop present, eps_met true only with a small
# enough stderr, and for ping-pong and collective suites a positive mean
# below 10 s (but see low()).  Prints what is wrong and exits 1.
function bad(msg) { print "point " p ": " msg; errors++ }
# The least mean a point may have.  Times are positive, except for two
# estimates that are differences: with Root_Barrier the mean is (operation
# + barrier) - barrier_time, negative when the operation costs less than
# the noise of the barrier (seen with Open MPI on a busy machine), but
# operation + barrier must be positive; and a collective on one process
# does nothing, so after the empty-measurement overhead is subtracted its
# mean is zero up to noise of either sign (a microsecond is allowed).
# Bcast_OL (timing max_per_destination): OL_i = E_i - RTL_i/2 is about 0
# for an empty broadcast and may dip below it: down to ol_floor
# (SANE_OL_FLOOR in lib.sh, default -1 ms).
# A collective of 0 bytes is also such a difference: a library may return
# from an empty MPI_Bcast, MPI_Scan, MPI_Scatter or MPI_Allgather at once
# (Open MPI and MPICH do), so what is left after the empty-measurement
# overhead is subtracted is zero up to noise of either sign (seen: -2e-9 s
# at the root, -1.9e-10 s as the maximum over processes under ASan); a
# microsecond is allowed there too.
function low() {
  if (timing[s] == "max_per_destination") return ol_floor
  if ("barrier_time" in v) return -v["barrier_time"]
  if (v["processes"] == 1) return -1e-6
  if (v["argument"] == 0 && (pattern[s] == "collective" ||
      timing[s] ~ /^(root_local|per_root_of_round)$/)) return -1e-6
  return 0
}
function num(v) { return v ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ }
function check(   k) {
  if (p == "") return
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
  if (v["stop"] !~ /^(eps|max_repetition|time_measurement|time_suite)$/)
    bad("stop is " v["stop"])
  if (v["eps_met"] == "true" && !(v["stderr"] + 0 < eps[s] * v["mean"]))
    bad("eps_met but stderr/mean >= " eps[s])
  if (pattern[s] != "simple" && !(v["mean"] + 0 > low() && v["mean"] + 0 < 10))
    bad("mean " v["mean"] " is not in (" low() ", 10) s")
  delete v
}
BEGIN {
  need["mean"]; need["stderr"]; need["repetitions"]; need["cut"]
  need["min"]; need["median"]; need["max"]; need["eps_met"]; need["stop"]
  need["refined"]; need["argument"]; need["processes"]
}
{
  if (match($1, /^suites\.[0-9]+\.pattern$/)) { split($1, a, "."); pattern[a[2]] = $2 }
  if (match($1, /^suites\.[0-9]+\.timing$/)) { split($1, a, "."); timing[a[2]] = $2 }
  if (match($1, /^suites\.[0-9]+\.parameters\.Standard_error$/)) { split($1, a, "."); eps[a[2]] = $2 }
  if ($1 ~ /^suites\.[0-9]+\.points\.[0-9]+\./) {
    split($1, a, ".")
    key = a[1] "." a[2] "." a[3] "." a[4]
    if (key != p) { check(); p = key; s = a[2] }
    if (a[5] != "node_times") v[a[5]] = $2
  }
}
END { check(); exit errors ? 1 : 0 }
