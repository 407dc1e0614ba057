# SPDX-License-Identifier: BSD-3-Clause
# collbw.sh -- the collective bandwidth page: for a fixture of 4
# processes on 2 hosts and for the real runs (one host), the bytes and
# bandwidths of its CSV are those of the payload table in doc/report.md,
# computed here by hand; the pages come in the promised number.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
fx="$FIX/extra/collbw-2hosts.yaml"
"$REPORT" "$fx" -o "$TMP/c.pdf" --csv "$TMP/csv" 2>"$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
pages=$(pdf_pages "$TMP/c.pdf")
want=$(expected_pages "$fx")
# title, 5 suite pages, 1 single-measurement page, collective bandwidth
# pages for Length and for Nodes
[ "$pages" = 9 ] && [ "$want" = 9 ] || fail "$pages pages, lib.sh says $want, want 9"
len="$TMP/csv/p08-collbw-1-bandwidth.csv"
nodes="$TMP/csv/p09-collbw-nodes-1-bandwidth.csv"
[ -f "$len" ] && [ -f "$nodes" ] || fail "no bandwidth CSVs: $(ls "$TMP/csv")"
[ "$(head -n 1 "$len")" = \
  "suite,instance,argument,processes,mean,scope,host,ranks,bytes,bandwidth" ] ||
  fail "header: $(head -n 1 "$len")"

# row FILE SUITE ARGUMENT SCOPE HOST -> "ranks bytes bandwidth"
row() {
  awk -F, -v s="$2" -v a="$3" -v sc="$4" -v h="$5" \
    '$1 == s && $3 == a && $6 == sc && $7 == h { print $8, $9, $10 }' "$1"
}
# expect FILE SUITE ARGUMENT SCOPE HOST RANKS BYTES BANDWIDTH: bytes
# exactly, bandwidth within 1e-12 relative.
expect() {
  got=$(row "$1" "$2" "$3" "$4" "$5")
  echo "$got" | awk -v r="$6" -v b="$7" -v w="$8" '{
    d = ($3 - w) / w; exit !(NF == 3 && $1 == r && $2 == b &&
                            d < 1e-12 && d > -1e-12) }' ||
    fail "$2 $3 $4 $5: '$got', want '$6 $7 $8'"
}
# MPI_Gather, n = 1024, P = 4, 10 us: rank 0 gets 3n, ranks 1-3 send n.
expect "$len" gather 1024 process "" 4 1536 1.536e8
expect "$len" gather 1024 host a01 2 4096 4.096e8
expect "$len" gather 1024 host a02 2 2048 2.048e8
expect "$len" gather 4096 host a02 2 8192 4.096e8
# MPI_Allreduce: 2n everywhere, 20 us.
expect "$len" allreduce 1024 process "" 4 2048 1.024e8
expect "$len" allreduce 1024 host a01 2 4096 2.048e8
expect "$len" allreduce 1024 host a02 2 4096 2.048e8
# MPI_Scan: n at ranks 0 and 3, 2n at ranks 1 and 2.
expect "$len" scan 1024 process "" 4 1536 1.536e8
expect "$len" scan 1024 host a01 2 3072 3.072e8
expect "$len" scan 1024 host a02 2 3072 3.072e8
# No Type: found by the instance; P from factors.processes.
expect "$len" bcast-untyped 8 process "" 4 8 8e6
expect "$len" bcast-untyped 8 host a01 2 16 1.6e7
# MPI_Alltoall over 2..4 processes of 1000 bytes: 2(P-1)n per process.
expect "$nodes" alltoall-nodes 2 process "" 2 2000 2e8
expect "$nodes" alltoall-nodes 2 host a01 2 4000 4e8
[ "$(row "$nodes" alltoall-nodes 2 host a02)" = "0 0 0" ] ||
  fail "alltoall P=2 on a02: $(row "$nodes" alltoall-nodes 2 host a02)"
expect "$nodes" alltoall-nodes 3 process "" 3 4000 2e8
expect "$nodes" alltoall-nodes 3 host a01 2 8000 4e8
expect "$nodes" alltoall-nodes 3 host a02 1 4000 2e8
expect "$nodes" alltoall-nodes 4 process "" 4 6000 1.5e8
expect "$nodes" alltoall-nodes 4 host a02 2 12000 3e8
# one process row and one per host for every point, nothing else
[ "$(wc -l <"$len")" = 16 ] || fail "$(wc -l <"$len") lines in $len"
[ "$(wc -l <"$nodes")" = 10 ] || fail "$(wc -l <"$nodes") lines in $nodes"
grep -q barrier "$len" "$nodes" && fail "MPI_Barrier on the page"

# A real run, one host: each bcast point's host row is twice the
# process row (2 processes, n each), and the bandwidth is n / mean.
"$REPORT" "$FIX/real/mpich.yaml" -o "$TMP/m.pdf" --csv "$TMP/m" \
  2>"$TMP/err" || fail "mpich: $(cat "$TMP/err")"
bw=$(ls "$TMP"/m/p*-collbw-1-bandwidth.csv)
awk -F, 'NR > 1 && $6 == "process" { p[$3] = $9 " " $10; pm[$3] = $5; n++ }
  NR > 1 && $6 == "host" { h[$3] = $9 " " $10; hn[$3] = $7 " " $8 }
  END {
    for (a in p) {
      split(p[a], x, " "); split(h[a], y, " ")
      d = (x[2] - a / pm[a]) / x[2]
      if (x[1] != a || y[1] != 2 * a || y[2] != 2 * x[2] ||
          hn[a] != "vm 2" || d > 1e-12 || d < -1e-12) { print "bad " a; bad++ }
    }
    exit bad > 0 || n != 9
  }' "$bw" || fail "mpich collective bandwidth: $(cat "$bw")"
[ "$failures" = 0 ]
