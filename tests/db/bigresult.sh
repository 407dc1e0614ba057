#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bigresult.sh SUITES POINTS SEED [START] -- writes a made-up but valid
# skampi result file with SUITES suites of POINTS points each to stdout,
# its numbers varied by SEED (so every SEED is new content), started at
# START (default 2026-01-01T00:00:00Z).  For tests/db/kill.sh and the
# database benchmark; the default suite has about 1,800 points.
# bigresult.sh -d DIR COUNT SUITES POINTS -- COUNT such files at once,
# DIR/r00001.yaml ..., file i with seed i, started i - 1 hours after
# 2026-01-01 (28-day months): one awk for all, so that 10,000 files take
# seconds.
dir='' count=0
if [ "$1" = -d ]; then
  dir=$2 count=$3
  shift 3
fi
suites=$1 points=$2 seed=${3:-1} start=${4:-2026-01-01T00:00:00Z}
awk -v S="$suites" -v P="$points" -v seed="$seed" -v start="$start" \
    -v dir="$dir" -v count="$count" '
function gen(seed, start, out,    s, p, m) {
  print "schema_version: 1" > out
  print "skampi_version: 0.1.0" > out
  print "suite_file:" > out
  print "  path: suites/default.skampi" > out
  print "  sha256: 9c1d4b7f0e2a6c3d8b5e1f4a7c0d3e6b9a2f5c8e1b4d7a0c3f6e9b2d5a8c1e4f" > out
  print "metadata:" > out
  print "  MACHINE: bench box" > out
  print "run:" > out
  print "  status: complete" > out
  print "  start_time: " start > out
  print "  end_time: " start > out
  print "  wall_time: 100.0" > out
  print "factors:" > out
  print "  mpi_library: \"MPICH Version:      4.0.2\"" > out
  print "  mpi_version: \"4.0\"" > out
  print "  processes: 2" > out
  print "  hosts: [bench, bench]" > out
  print "  compiler: gcc" > out
  print "  cflags: -O2" > out
  print "  environment:" > out
  print "    MPIR_CVAR_CH4_NETMOD: ofi" > out
  print "suites:" > out
  for (s = 0; s < S; s++) {
    print "  - name: suite" s > out
    print "    type: 1" > out
    print "    instance: Pingpong_Send_Recv" > out
    print "    pattern: pingpong" > out
    print "    status: complete" > out
    print "    message: \"\"" > out
    print "    parameters:" > out
    print "      Variation: Length" > out
    print "      Scale: Dynamic_log" > out
    print "      Standard_error: 0.03" > out
    print "    argument_name: length" > out
    print "    argument_unit: bytes" > out
    print "    time_unit: s" > out
    print "    timing: round_trip" > out
    print "    points:" > out
    for (p = 0; p < P; p++) {
      m = (1 + p) * 1.0e-06 * (1 + ((seed * 7919 + s * 31 + p * 17) % 101) / 1000.0)
      print "      - argument: " (p + 1) * 8 > out
      printf "        mean: %.6e\n", m > out
      printf "        stderr: %.6e\n", m * 0.01 > out
      print "        repetitions: 100" > out
      print "        cut: 10" > out
      printf "        min: %.6e\n", m * 0.9 > out
      printf "        median: %.6e\n", m * 0.98 > out
      printf "        max: %.6e\n", m * 1.5 > out
      printf "        q1: %.6e\n", m * 0.95 > out
      printf "        q3: %.6e\n", m * 1.02 > out
      print "        valid: 110" > out
      print "        invalid: 0" > out
      print "        eps_met: true" > out
      print "        stop: eps" > out
      print "        refined: false" > out
      print "        order: " p > out
      print "        processes: 2" > out
      print "        elapsed: 0.002" > out
    }
  }
  print "..." > out
}
# run i of a series: its start, one an hour over 1,000 days from 2026
function when(i,    d, h) {
  d = int((i - 1) / 24); h = (i - 1) % 24
  return sprintf("%04d-%02d-%02dT%02d:00:00Z", 2026 + int(d / 336),
                 int(d / 28) % 12 + 1, d % 28 + 1, h)
}
BEGIN {
  if (dir == "") { gen(seed, start, "/dev/stdout"); exit }
  for (i = 1; i <= count; i++) {
    f = sprintf("%s/r%05d.yaml", dir, i)
    gen(i, when(i), f)
    close(f)
  }
}'
