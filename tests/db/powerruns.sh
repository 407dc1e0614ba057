#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# powerruns.sh DIR SIDE FIRST COUNT FACTOR [SHIFT] -- writes COUNT made-up but
# valid skampi result files, DIR/SIDE-NN.yaml for runs NN = FIRST ...,
# of 10 suites of 100 points each (1,000 points), for tests/db/manypoints.sh.
# A point's time is its suite's and argument's base time times a noise
# of +-3% of its own for each run and side (a deterministic mix of the
# run, side, suite and point numbers: the same files on every machine and
# with every awk, no two values alike), and at the planted points
# (suite3 at 80 and 88 B, suite7 at 408 B) also times FACTOR (1 for the
# baseline).  SHIFT (default 0) bytes are added to every argument of
# suite0 ... suite4: another grid.
dir=$1 side=$2 first=$3 count=$4 factor=$5 shift=${6:-0}
awk -v dir="$dir" -v side="$side" -v first="$first" -v count="$count" \
    -v factor="$factor" -v shift="$shift" '
# a value in [0, 1) from the numbers r, k, s, p: a few rounds of
# x -> x^2 + c modulo a prime, exact in doubles (x < 1,000,003)
function mix(r, k, s, p,    x, i) {
  x = (r * 7919 + k * 15485863 + s * 104729 + p * 1299709) % 1000003
  for (i = 0; i < 5; i++)
    x = (x * x + 12345 + i) % 1000003
  return x / 1000003
}
function planted(s, p) {
  return (s == 3 && (p == 9 || p == 10)) || (s == 7 && p == 50)
}
function gen(r, out,    s, p, m, k) {
  k = side == "base" ? 1 : 2
  print "schema_version: 1" > out
  print "skampi_version: 0.1.0" > out
  print "suite_file:" > out
  print "  path: suites/default.skampi" > out
  print "  sha256: 9c1d4b7f0e2a6c3d8b5e1f4a7c0d3e6b9a2f5c8e1b4d7a0c3f6e9b2d5a8c1e4f" > out
  print "metadata:" > out
  print "  MACHINE: power box" > out
  print "run:" > out
  print "  status: complete" > out
  printf "  start_time: 2026-03-%02dT%02d:%02d:00Z\n", k, int(r / 60), r % 60 > out
  printf "  end_time: 2026-03-%02dT%02d:%02d:30Z\n", k, int(r / 60), r % 60 > out
  print "  wall_time: 1800.0" > out
  print "factors:" > out
  print "  mpi_library: \"MPICH Version:      4.0.2\"" > out
  print "  mpi_version: \"4.0\"" > out
  print "  processes: 2" > out
  print "  hosts: [power, power]" > out
  print "suites:" > out
  for (s = 0; s < 10; s++) {
    print "  - name: suite" s > out
    print "    type: 1" > out
    print "    instance: Pingpong_Send_Recv" > out
    print "    pattern: pingpong" > out
    print "    status: complete" > out
    print "    message: \"\"" > out
    print "    parameters:" > out
    print "      Variation: Length" > out
    print "      Scale: Fixed_linear" > out
    print "    argument_name: length" > out
    print "    argument_unit: bytes" > out
    print "    time_unit: s" > out
    print "    timing: round_trip" > out
    print "    points:" > out
    for (p = 0; p < 100; p++) {
      m = (1 + s + p / 10) * 1e-06 * (0.97 + 0.06 * mix(r, k, s, p))
      if (planted(s, p))
        m *= factor
      print "      - argument: " (p + 1) * 8 + (s < 5 ? shift : 0) > out
      printf "        mean: %.9e\n", m * 1.01 > out
      printf "        stderr: %.9e\n", m * 0.01 > out
      print "        repetitions: 100" > out
      printf "        min: %.9e\n", m * 0.9 > out
      printf "        median: %.9e\n", m > out
      printf "        max: %.9e\n", m * 1.5 > out
      print "        eps_met: true" > out
      print "        refined: false" > out
      print "        processes: 2" > out
    }
  }
  print "..." > out
}
BEGIN {
  for (r = first; r < first + count; r++) {
    f = sprintf("%s/%s-%02d.yaml", dir, side, r)
    gen(r, f)
    close(f)
  }
}'
