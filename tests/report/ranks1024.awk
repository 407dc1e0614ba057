# SPDX-License-Identifier: BSD-3-Clause
# ranks1024.awk -- a result file of a run on P processes (default 1,024,
# 16 hosts of P/16 ranks) as skampi writes it (doc/output-format.md), for
# tests/report/ranks1024.sh: the five broadcast methods over process
# counts on the default log grid (2, 4, ..., P), Bcast_OL with its
# spread over the destinations per point, a second Bcast_OL suite with
# every OL_i listed (Node_Times = yes: the report computes the spread),
# and an MPI_Bcast over process counts (the collective bandwidth page).
#
#   awk -v procs=1024 -f tests/report/ranks1024.awk > r.yaml
#
# -v linear=1 puts every process count 2, 3, ..., P on the grid instead,
# and -v lists=1 gives the first Bcast_OL suite its OL_i and RTL_i at
# every point as well (Node_Times = yes): the shape of a file before the
# spread and the default log grid, for timing the report (doc/engine.md).
#
# The times are made up by formula, so that the test knows every value:
# method k (65..69) at p processes takes (k - 60) * 1e-6 * log2(p) s;
# OL_i of destination i at p processes is 1e-6 * (1 + i / p) * log2(p) s,
# so the spread is min 1e-6 (1 + 1/p) log2 p, median 1.5e-6 log2 p (i =
# p/2), max 1e-6 (1 + (p-1)/p) log2 p, slowest destination p - 1.
function lg(p) { return log(p) / log(2) }
function head(   i, h) {
  print "schema_version: 2\nskampi_version: 0.1.0"
  print "suite_file:\n  path: bcast-methods.skampi\n  sha256: null"
  print "metadata:\n  MACHINE: generated"
  print "run:\n  status: complete\n  start_time: 2026-11-27T10:00:00Z"
  print "  end_time: 2026-11-27T10:05:00Z\n  wall_time: 300.0"
  printf "factors:\n  mpi_library: \"Generated MPI 1.0\"\n  processes: %d\n  hosts: [", procs
  for (i = 0; i < procs; i++)
    printf "%snode%02d", i ? ", " : "", int(i / (procs / 16))
  print "]\n  timer: MPI_Wtime\n  timer_overhead: 3.0e-08"
  print "suites:"
}
function suite(name, type, inst, timing, nt,   p, i, t, k) {
  printf "- name: %s\n  type: %d\n  instance: %s\n", name, type, inst
  print "  pattern: collective\n  status: complete\n  message: \"\""
  print "  parameters:\n    Variation: Nodes\n    Scale: Fixed_log\n    Default_Message_length: 4096"
  printf "    Node_Times: %s\n", nt ? "true" : "false"
  print "  argument_name: nodes\n  argument_unit: processes\n  time_unit: s"
  printf "  timing: %s\n  notes: []\n  elapsed: 1.0\n  points:\n", timing
  k = type >= 65 ? type - 60 : 3
  for (p = 2; p <= procs; p = linear ? p + 1 : 2 * p) {
    t = (type == 69 ? 2 : k) * 1e-6 * lg(p)
    printf "  - argument: %d\n    mean: %.17g\n    stderr: %.17g\n", p, t, t / 100
    printf "    repetitions: 20\n    cut: 0\n    min: %.17g\n    median: %.17g\n", t, t
    printf "    max: %.17g\n    q1: %.17g\n    q3: %.17g\n", t, t, t
    printf "    valid: 20\n    invalid: 0\n    eps_met: true\n    stop: eps\n"
    printf "    refined: false\n    order: 0\n    processes: %d\n    elapsed: 0.1\n", p
    if (type != 69) continue
    if (nt) {
      printf "    node_times: [%.17g", t
      for (i = 1; i < p; i++)
        printf ", %.17g", 1e-6 * (1 + i / p) * lg(p)
      printf "]\n    rtl: [0.0"
      for (i = 1; i < p; i++)
        printf ", 2.0e-06"
      print "]"
    } else {
      printf "    destinations: {min: %.17g, median: %.17g, max: %.17g, slowest: %d}\n", \
        1e-6 * (1 + 1 / p) * lg(p), 1.5e-6 * lg(p), \
        1e-6 * (1 + (p - 1) / p) * lg(p), p - 1
    }
  }
}
BEGIN {
  if (procs == "") procs = 1024
  head()
  suite("send_latency", 65, "Bcast_Send_Latency", "root_local", 0)
  suite("rounds", 66, "Bcast_Rounds", "per_root_of_round", 0)
  suite("barrier", 67, "Bcast_Barrier", "root_local", 0)
  suite("ack", 68, "Bcast_Ack", "root_local", 0)
  suite("ol", 69, "Bcast_OL", "max_per_destination", lists)
  suite("ol_all", 69, "Bcast_OL", "max_per_destination", 1)
  suite("bcast", 18, "MPI_Bcast", "max_local", 0)
  print "..."
}
