#!/bin/sh
# bigresult.sh SUITES POINTS SEED [START] -- writes a made-up but valid
# skampi result file with SUITES suites of POINTS points each to stdout,
# its numbers varied by SEED (so every SEED is new content), started at
# START (default 2026-01-01T00:00:00Z).  For tests/db/kill.sh and the
# database benchmark; the default suite has about 1,800 points.
suites=$1 points=$2 seed=$3 start=${4:-2026-01-01T00:00:00Z}
awk -v S="$suites" -v P="$points" -v seed="$seed" -v start="$start" 'BEGIN {
  print "schema_version: 1"
  print "skampi_version: 0.1.0"
  print "suite_file:"
  print "  path: suites/default.skampi"
  print "  sha256: 9c1d4b7f0e2a6c3d8b5e1f4a7c0d3e6b9a2f5c8e1b4d7a0c3f6e9b2d5a8c1e4f"
  print "metadata:"
  print "  MACHINE: bench box"
  print "run:"
  print "  status: complete"
  print "  start_time: " start
  print "  end_time: " start
  print "  wall_time: 100.0"
  print "factors:"
  print "  mpi_library: \"MPICH Version:      4.0.2\""
  print "  mpi_version: \"4.0\""
  print "  processes: 2"
  print "  hosts: [bench, bench]"
  print "  compiler: gcc"
  print "  cflags: -O2"
  print "  environment:"
  print "    MPIR_CVAR_CH4_NETMOD: ofi"
  print "suites:"
  for (s = 0; s < S; s++) {
    print "  - name: suite" s
    print "    type: 1"
    print "    instance: Pingpong_Send_Recv"
    print "    pattern: pingpong"
    print "    status: complete"
    print "    message: \"\""
    print "    parameters:"
    print "      Variation: Length"
    print "      Scale: Dynamic_log"
    print "      Standard_error: 0.03"
    print "    argument_name: length"
    print "    argument_unit: bytes"
    print "    time_unit: s"
    print "    timing: round_trip"
    print "    points:"
    for (p = 0; p < P; p++) {
      m = (1 + p) * 1.0e-06 * (1 + ((seed * 7919 + s * 31 + p * 17) % 101) / 1000.0)
      print "      - argument: " (p + 1) * 8
      printf "        mean: %.6e\n", m
      printf "        stderr: %.6e\n", m * 0.01
      print "        repetitions: 100"
      print "        cut: 10"
      printf "        min: %.6e\n", m * 0.9
      printf "        median: %.6e\n", m * 0.98
      printf "        max: %.6e\n", m * 1.5
      printf "        q1: %.6e\n", m * 0.95
      printf "        q3: %.6e\n", m * 1.02
      print "        valid: 110"
      print "        invalid: 0"
      print "        eps_met: true"
      print "        stop: eps"
      print "        refined: false"
      print "        order: " p
      print "        processes: 2"
      print "        elapsed: 0.002"
    }
  }
  print "..."
}'
