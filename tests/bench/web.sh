#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# web.sh -- make bench-web (part of make bench): skampi-db serve on a
# generated database of 10,000 runs (SK_WEB_BENCH_RUNS) of 8 machines,
# 3 MPI libraries and 3 process counts, 4 suites of 16 points each.
# Prints the p50/p95 latency of the run list, a 10-series plot (the
# series endpoint) and a comparison of 10 against 10 runs, and the
# requests per second of the series endpoint with 16 concurrent
# loopback clients (tests/bench/webbench.py).  Figures, never verdicts.
# SK_WEB_BENCH_DB=PATH keeps the generated database there and reuses it
# the next time (the import takes minutes).
. "${top_srcdir:-.}/tests/db/lib.sh"
unset SOURCE_DATE_EPOCH
n=${SK_WEB_BENCH_RUNS:-10000}
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
now() { date +%s.%N; }
keep=${SK_WEB_BENCH_DB:-}
if [ -n "$keep" ] && [ -f "$keep" ]; then
  cp "$keep" "$TMP/t.db"
  echo "web bench: the database of $keep"
else
mkdir -p "$TMP/in"
t0=$(now)
awk -v N="$n" -v dir="$TMP/in" 'BEGIN {
  split("MPICH Version:      4.0.2|MPICH Version:      4.1.2|Open MPI v4.1.4", lib, "|")
  for (i = 1; i <= N; i++) {
    f = sprintf("%s/r%05d.yaml", dir, i)
    m = i % 8; np = 2 ^ (1 + i % 3)
    printf "schema_version: 1\nskampi_version: 0.1.0\nsuite_file:\n" > f
    printf "  path: suites/default.skampi\n" > f
    printf "  sha256: 9c1d4b7f0e2a6c3d8b5e1f4a7c0d3e6b9a2f5c8e1b4d7a0c3f6e9b2d5a8c1e4f\n" > f
    printf "metadata:\n  MACHINE: cluster-%d\nrun:\n  status: complete\n", m > f
    t = sprintf("%04d-%02d-%02dT%02d:%02d:00Z", 2024 + int(i / 4000), 1 + int(i / 334) % 12, 1 + i % 28, i % 24, i % 60)
    printf "  start_time: %s\n  end_time: %s\n  wall_time: 100.0\n", t, t > f
    printf "factors:\n  mpi_library: \"%s\"\n  mpi_version: \"4.0\"\n", lib[1 + i % 3] > f
    printf "  processes: %d\n  hosts: [node%d", np, m > f
    for (h = 1; h < np; h++)   # one host per process
      printf ", node%d", m > f
    printf "]\n" > f
    printf "  compiler: gcc\n  cflags: -O2\nsuites:\n" > f
    for (s = 0; s < 4; s++) {
      printf "  - name: suite%d\n    type: 1\n    instance: Pingpong_Send_Recv\n", s > f
      printf "    pattern: pingpong\n    status: complete\n    message: \"\"\n" > f
      printf "    parameters:\n      Variation: Length\n    argument_name: length\n" > f
      printf "    argument_unit: bytes\n    time_unit: s\n    timing: round_trip\n    points:\n" > f
      for (p = 0; p < 16; p++) {
        v = (1 + p) * 1e-06 * (1 + ((i * 7919 + s * 31 + p * 17) % 101) / 1000)
        printf "      - argument: %d\n        mean: %.6e\n        stderr: %.6e\n", 2 ^ (p + 3), v, v / 100 > f
        printf "        repetitions: 100\n        min: %.6e\n        median: %.6e\n", v * 0.9, v * 0.98 > f
        printf "        max: %.6e\n        q1: %.6e\n        q3: %.6e\n", v * 1.5, v * 0.95, v * 1.02 > f
        printf "        eps_met: true\n        refined: false\n        processes: %d\n", np > f
      }
    }
    printf "...\n" > f
    close(f)
  }
}'
t1=$(now)
"$DB" --db "$TMP/t.db" import -q "$TMP/in" 2> "$TMP/import.err" || { tail -n 5 "$TMP/import.err"; fail "import"; }
t2=$(now)
echo "web bench: $n runs generated in $(echo "$t1 - $t0" | bc) s, imported in $(echo "$t2 - $t1" | bc) s"
rm -rf "$TMP/in"
[ -n "$keep" ] && cp "$TMP/t.db" "$keep"
fi
: > "$TMP/server.log"
"$DB" --db "$TMP/t.db" serve --listen 127.0.0.1:0 2> "$TMP/server.log" &
pid=$!
trap 'kill -TERM $pid 2> /dev/null; wait $pid; rm -rf "$TMP"' EXIT
i=0
while [ $i -lt 100 ] && ! grep -q 'listening on' "$TMP/server.log"; do sleep 0.1; i=$((i + 1)); done
url=$(sed -n 's|^skampi-db: listening on \(http://127\.0\.0\.1:[0-9]*\)/$|\1|p' "$TMP/server.log")
[ -n "$url" ] || { cat "$TMP/server.log"; exit 1; }
echo "web bench: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (the figures depend on it)"
# Throughput: curl's parallel transfers (a C client that takes little of
# the CPU the server needs), else the Python client.
if curl -Z --version > /dev/null 2>&1; then
  timeout 600 "$PY" "$SRC/tests/bench/webbench.py" "$url" --no-throughput ||
    fail "webbench.py"
  series="$url/api/series?sel=latest%3D10&suite=suite1"
  k=0
  while [ $k -lt 2000 ]; do
    echo "url = \"$series\""
    echo "output = /dev/null"
    k=$((k + 1))
  done > "$TMP/urls"
  t0=$(now)
  timeout 600 curl -s -S -f -Z --parallel-max 16 -K "$TMP/urls" 2> "$TMP/curl.err" ||
    { cat "$TMP/curl.err"; fail "curl"; }
  t1=$(now)
  echo "  series endpoint, 16 concurrent loopback clients (curl -Z):" \
    "$(echo "2000 / ($t1 - $t0)" | bc) requests/s (2000 in $(echo "$t1 - $t0" | bc) s)"
else
  timeout 600 "$PY" "$SRC/tests/bench/webbench.py" "$url" || fail "webbench.py"
fi
exit $((failures > 0))
