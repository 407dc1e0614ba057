# SPDX-License-Identifier: BSD-3-Clause
# model-data.awk -- writes a skampi result file whose Multipair_Pingpong
# times follow the max-rate model exactly (tests/report/model.sh), plus
# two broadcast-method suites and a bandwidth suite.
function t(k, n,    a, rn, rc, r) {
  if (n < 8704) { a = 2e-6; rn = 1e9; rc = 4e8 }
  else { a = 1e-5; rn = 1.2e9; rc = 5e8 }
  r = k * rc < rn ? k * rc : rn
  return a + k * n / r
}
function point(arg, mean, procs, rate) {
  printf "      - {argument: %s, mean: %.17g, stderr: 0, repetitions: 10, " \
         "eps_met: true, refined: false, processes: %d%s}\n", arg, mean,
         procs, rate
}
function suite(name, type, inst, arg) {
  printf "  - name: %s\n    type: %d\n    instance: %s\n", name, type, inst
  printf "    pattern: collective\n    status: complete\n    message: \"\"\n"
  printf "    parameters: {Type: %d, Variation: %s, " \
         "Default_Message_length: 256}\n", type, arg
  printf "    argument_name: %s\n    time_unit: s\n", tolower(arg)
}
BEGIN {
  print "schema_version: 1\nskampi_version: 0.1.0"
  print "metadata: {MACHINE: synthetic}\nrun: {status: complete}"
  print "suites:"
  nl = split("1 2 4 8 16 32 64 128 256 512 1024 2048 4096 6144 8192 " \
             "8704 12288 16384 32768 65536 131072 262144 524288 1048576", len)
  for (k = 1; k <= 4; k++) {
    suite("pairs" k, 60, "Multipair_Pingpong", "Length")
    print "    rate_unit: B/s\n    points:"
    for (i = 1; i <= nl; i++)
      point(len[i], t(k, len[i]), 2 * k,
            sprintf(", rate: %.17g", k * len[i] / t(k, len[i])))
  }
  suite("rounds", 66, "Bcast_Rounds", "Nodes")
  print "    points:"
  for (p = 2; p <= 4; p++) point(p, 1e-6 * p, p, "")
  suite("ol", 69, "Bcast_OL", "Nodes")
  print "    points:"
  for (p = 2; p <= 4; p++)
    point(p, 3e-6 * p, p, sprintf(", node_times: [%g, %g]", 3e-6 * p, 2e-6 * p))
  suite("bw", 61, "Bandwidth_Unidirectional", "Length")
  print "    rate_unit: B/s\n    points:"
  for (i = 1; i <= nl; i++) point(len[i], 1e-6 + len[i] / 1e9, 2,
                                  sprintf(", rate: %.17g", len[i] / (1e-6 + len[i] / 1e9)))
}
