# SPDX-License-Identifier: BSD-3-Clause
# big-result.awk -- a large result-like YAML file for timing lib/yread.
#
#   awk -v suites=500 -v points=1000 -f tests/bench/big-result.awk > big.yaml
#
# The layout is skampi's (doc/output-format.md): a preamble, then
# `suites:` with each suite's parameters and `points:`, a mapping of 14
# keys per point (11 of them numbers).  500 x 1000 points make ~200 MB.
BEGIN {
  if (suites == "") suites = 500
  if (points == "") points = 1000
  print "schema_version: 1"
  print "skampi_version: 0.1.0"
  print "metadata:\n  MACHINE: generated\nrun:\n  status: complete"
  print "factors:\n  processes: 2\n  hosts: [vm, vm]"
  print "suites:"
  for (s = 0; s < suites; s++) {
    printf "- name: suite%d\n  type: 1\n  instance: Pingpong_Send_Recv\n", s
    print "  pattern: pingpong\n  status: complete\n  message: \"\""
    print "  parameters:\n    Type: 1\n    Variation: Length\n    Cut_Quantile: 0.05"
    print "  argument_name: length\n  time_unit: s\n  timing: round_trip"
    print "  elapsed: 0.023858955999997988\n  points:"
    for (p = 0; p < points; p++) {
      m = 1.5941803809935431e-06 * (1 + p / 100)
      printf "  - argument: %d\n    mean: %.17g\n    stderr: %.17g\n", p + 1, m, m / 33
      printf "    repetitions: 62\n    cut: 6\n    min: %.17g\n", m * 0.72
      printf "    median: %.17g\n    max: %.17g\n    q1: %.17g\n", m * 0.97, m * 5.6, m * 0.92
      printf "    q3: %.17g\n    valid: 68\n    invalid: 0\n", m * 1.02
      print "    eps_met: true\n    refined: false"
    }
  }
  print "..."
}
