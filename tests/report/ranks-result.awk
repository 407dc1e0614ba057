# SPDX-License-Identifier: BSD-3-Clause
# ranks-result.awk -- writes a synthesized skampi result file of P ranks
# on P/R hosts of R ranks each (awk -v P=1024 -v R=64), every rank pinned
# to core r % R of its host: a node map of P runs, and one Node_Times
# suite of 12 message lengths (8 B to 16 KiB) whose per-rank times are
# known exactly:
#   a rank's time at length L is t(L) = 1e-6 * (1 + L / 4096) s, times
#   3 for rank 100, 2 for rank 700, 1.5 for every rank of host n5
#   (ranks 5R .. 6R-1), and 1 + (r % 7) / 1000 for the others;
# so the median of a point is t(L) times the median of those factors,
# and the slowest ranks are 100, 700, then host n5's.
function factor(r) {
  if (r == 100) return 3
  if (r == 700) return 2
  if (int(r / R) == 5) return 1.5
  return 1 + (r % 7) / 1000
}
BEGIN {
  if (!P) P = 1024
  if (!R) R = 64
  print "schema_version: 2"
  print "skampi_version: 0.1.0"
  print "suite_file: {path: ranks.skampi, sha256: null}"
  print "metadata: {MACHINE: synthesized, NODE: \"" R " cores\"}"
  print "run: {status: complete, start_time: 2026-11-27T00:00:00Z, end_time: 2026-11-27T00:01:00Z, wall_time: 60.0}"
  print "factors:"
  print "  mpi_library: synthesized"
  print "  mpi_version: \"4.0\""
  print "  processes: " P
  printf "  hosts: ["
  for (r = 0; r < P; r++) printf "%sn%d", r ? ", " : "", int(r / R)
  print "]"
  print "  timer: MPI_Wtime"
  print "node_map:"
  print "  node_by: host_name"
  print "  ranks: " P
  print "  pinned_ranks: " P
  print "  shared_memory_domains: " P / R
  print "  shared_memory_agrees: true"
  print "  nodes:"
  for (h = 0; h < P / R; h++)
    print "  - {host: n" h ", ranks: " R ", first_rank: " h * R ", cpus_online: " R "}"
  print "  placement:"
  for (r = 0; r < P; r++)
    print "  - {ranks: [" r ", " r "], node: " int(r / R) ", shared_memory: " int(r / R) ", cpus: \"" r % R "\", packages: \"" int((r % R) / (R / 2)) "\", numa: \"" int((r % R) / (R / 2)) "\", ncpus: 1, pinned: true}"
  print "suites:"
  print "- name: allreduce-ranks"
  print "  type: 21"
  print "  instance: MPI_Allreduce"
  print "  pattern: collective"
  print "  status: complete"
  print "  message: \"\""
  print "  parameters: {Type: 21, Variation: Length, Scale: Fixed_log, Node_Times: yes}"
  print "  argument_name: length"
  print "  argument_unit: bytes"
  print "  time_unit: s"
  print "  timing: max_local"
  print "  elapsed: 10.0"
  print "  points:"
  for (k = 0; k < 12; k++) {
    L = 8 * 2 ^ k
    t = 1e-6 * (1 + L / 4096)
    print "  - argument: " L
    printf "    mean: %.6g\n    stderr: %.6g\n    repetitions: 100\n", 3 * t, 0.01 * t
    printf "    node_times: ["
    for (r = 0; r < P; r++) printf "%s%.9g", r ? ", " : "", t * factor(r)
    print "]"
  }
  print "..."
}
