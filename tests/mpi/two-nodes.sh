# SPDX-License-Identifier: BSD-3-Clause
# two-nodes.sh -- one machine made to look like two nodes: every rank
# runs in a UTS namespace of its own whose host name is node0 or node1
# (node-host.sh, `unshare -u`), with the traffic between ranks forced
# through the network module over TCP (MPICH: MPIR_CVAR_NOLOCAL=1
# UCX_TLS=tcp,self; Open MPI: btl self,tcp).  A node here is a host name
# (MPI_Get_processor_name): that is what this test exercises; what
# MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) makes of it is recorded and
# printed, not asserted (MPICH and Open MPI decide it from their launcher).
#
# Asserted: the node map (hosts, ranks per host, node of every rank,
# CPUs, sockets and pinning from a sysfs tree of two sockets made here,
# SKAMPI_TEST_SYSFS, with per-rank CPUs, SKAMPI_TEST_AFFINITY); an
# Inter_Node and an Intra_Node pair named as such, an Intra_Socket pair;
# Gropp's k pairs placed across the two nodes and within one; the report's
# title page and subtitles; and the located refusals of pairs a run does
# not have.  The default suite's Pingpong_Intra_Node and
# Pingpong_Inter_Node: on 2 x 4 both measured, placed and drawn on one
# report page; on 2 x 1 the one inside a node, on one host the one across
# nodes left out (status left_out, a located note), the run complete.
# Never a time.
#
# Open MPI: 4 ranks, 2 a node, then 8, 4 a node (2 x 4), oversubscribed
# (mpi_yield_when_idle).
# MPICH (its busy-polling makes more ranks than cores unusable): 2 ranks,
# one a node, then 2 on one node.  Skipped, saying why, where unshare is
# not permitted (it needs root; CI runs as root).
. "$top_srcdir/tests/mpi/lib.sh"
wrap=$(abs "$top_srcdir/tests/mpi/node-host.sh")
across=$SUITES/nodes-across.skampi
within=$SUITES/nodes-within.skampi

if unshare -u sh -c 'hostname sk-probe' 2>/dev/null; then
  SK_UNSHARE='unshare -u'
elif unshare -Ur -u sh -c 'hostname sk-probe' 2>/dev/null; then
  SK_UNSHARE='unshare -Ur -u'
else
  echo "SKIP: unshare -u is not permitted here (it needs root, or user" \
    "namespaces for unshare -Ur -u): the ranks cannot have host names of" \
    "their own"
  exit 77
fi
export SK_UNSHARE
case $("$SKAMPI" --list | head -n 1) in
  *"Open MPI"*) lib=openmpi
    launch="env OMPI_MCA_btl=self,tcp OMPI_MCA_mpi_yield_when_idle=1 $MPIEXEC" ;;
  *MPICH*) lib=mpich
    launch="env MPIR_CVAR_NOLOCAL=1 UCX_TLS=tcp,self $MPIEXEC" ;;
  *) echo "SKIP: neither MPICH nor Open MPI"; exit 77 ;;
esac

# A sysfs tree of 4 CPUs on two sockets (and two NUMA domains): 0-1 on
# package 0, 2-3 on package 1.
sys=$(abs "$work/sys")
for c in 0 1 2 3; do
  mkdir -p "$sys/devices/system/cpu/cpu$c/topology"
  echo $((c / 2)) > "$sys/devices/system/cpu/cpu$c/topology/physical_package_id"
done
echo 0-3 > "$sys/devices/system/cpu/online"
mkdir -p "$sys/devices/system/node/node0" "$sys/devices/system/node/node1"
echo 0-1 > "$sys/devices/system/node/node0/cpulist"
echo 2-3 > "$sys/devices/system/node/node1/cpulist"

# nodes_run NP PER_NODE "AFFINITIES" FILE OUT [options]: skampi on NP
# ranks, PER_NODE a host, rank r bound (as skampi sees it) to the r-th
# CPU list.  MPICH 4.0.2 over UCX's TCP sometimes hangs in MPI_Finalize,
# after the result file is complete (about one run in 20, with or without
# node maps: a library fault); such a run, stopped by timeout, is run
# again, twice at most.
nodes_run() {
  np=$1 per=$2 aff=$3 file=$4 out=$5
  shift 5
  for try in 1 2 3; do
    SK_RANKS_PER_NODE=$per SK_AFFINITIES=$aff SKAMPI_TEST_SYSFS=$sys \
      timeout 120 $launch -n "$np" "$wrap" "$SKAMPI" --timeout 100 "$@" \
      -o "$out" "$file" 2> "$work/stderr"
    rc=$?
    [ "$rc" = 124 ] || return "$rc"
    echo "note: try $try stopped after 120 s (MPI_Finalize hang?):" \
      "running it again" >&2
    rm -f "$out" "$out.journal" "$out.bak"
  done
  return 124
}

# refused FILE LINE: the error lines of $work/stderr are exactly LINE...
refused() {
  grep ': error: ' "$work/stderr" > "$work/errors"
  printf '%s\n' "$@" > "$work/want"
  diff -u "$work/want" "$work/errors" >&2 || fail "the refusal differs (above)"
}

# report OUT TEXT...: skampi-report draws OUT, its pages show every TEXT.
report() {
  out=$1
  shift
  command -v pdftotext >/dev/null 2>&1 && command -v gnuplot >/dev/null 2>&1 ||
    { echo "note: no pdftotext or gnuplot: the report is not checked"; return; }
  "$top_builddir/report/skampi-report" "$out" -o "$work/r.pdf" \
    2> "$work/report.err" || fail "skampi-report: $(cat "$work/report.err")"
  pdftotext -layout "$work/r.pdf" "$work/r.txt" || fail "pdftotext"
  for text in "$@"; do
    grep -qF -- "$text" "$work/r.txt" || fail "the report lacks '$text'"
  done
}

# The node map of 2 hosts with PER ranks each: hosts, counts, nodes, and
# every rank's CPUs as the affinities gave them (one CPU each: pinned).
expect_map() {
  per=$1
  expect node_map.node_by host_name
  expect node_map.ranks $((2 * per))
  expect node_map.pinned_ranks $((2 * per))
  expect node_map.nodes.0.host node0
  expect node_map.nodes.1.host node1
  expect node_map.nodes.0.ranks "$per"
  expect node_map.nodes.1.ranks "$per"
  expect node_map.nodes.1.first_rank "$per"
  expect node_map.nodes.0.cpus_online 4
  expect factors.hosts.0 node0
  expect "factors.hosts.$per" node1
  echo "shared memory (MPI_COMM_TYPE_SHARED): $(get node_map.shared_memory_domains) domain(s), agrees with the host names: $(get node_map.shared_memory_agrees)"
}

# The default suite's two placed ping-pongs, as shipped (its preamble
# but the log file and the node's limits, and its lines of
# Pingpong_Intra_Node and Pingpong_Inter_Node, without their Time_Suite:
# 8 ranks oversubscribed on a busy machine may take more than its 3 s,
# and the test asserts them complete), cut short by the test-only
# SKAMPI_TEST_QUICK=2 (doc/robustness.md).
pairs=$work/pairs.skampi
sed -n '1,/^@MEASUREMENTS/p' "$top_srcdir/suites/default.skampi" |
  grep -v '^@LOGFILE\|^@LIMITS' > "$pairs"
grep '^Pingpong_Int[er][ar]_Node {' "$top_srcdir/suites/default.skampi" |
  sed 's/ Time_Suite = [0-9]*;//' >> "$pairs"
[ "$(grep -c '^Pingpong_Int' "$pairs")" = 2 ] ||
  fatal "suites/default.skampi lacks Pingpong_Intra_Node or Pingpong_Inter_Node"
# where the note of a suite left out points: NAME's Pair value
pair_at() {
  awk -v n="$1" '$1 == n { print NR ":" index($0, "Pair = ") + 7; exit }' "$pairs"
}

# default_pairs NP PER AFF OUT: the two on NP ranks, PER a node; exit 0,
# run complete, every suite complete or left out.
default_pairs() {
  SKAMPI_TEST_QUICK=2
  export SKAMPI_TEST_QUICK
  nodes_run "$1" "$2" "$3" "$pairs" "$4" --quiet
  rc=$?
  unset SKAMPI_TEST_QUICK
  [ "$rc" = 0 ] || fail "default pairs on $1 ($2 a node): exit status $rc ($(cat "$work/stderr"))"
  flatten "$4"
  expect run.status complete
}

# left_out NAME MESSAGE: suite NAME was left out with MESSAGE, said in a
# note at its Pair (and nothing measured).
left_out() {
  sexpect "$1" status left_out
  sexpect "$1" message "left out: $2"
  [ -z "$(sget "$1" points.0.argument)" ] || fail "$1 left out has points"
  grep -qxF "$pairs:$(pair_at "$1"): note: suite '$1': left out: $2" \
    "$work/stderr" || fail "no note of $1 left out: $(cat "$work/stderr")"
}

out=$work/out.yaml
if [ "$lib" = openmpi ]; then
  # node0: rank 0 on CPU 0 (socket 0), rank 1 on CPU 2 (socket 1);
  # node1: ranks 2 and 3 on CPUs 0 and 1 (both socket 0).
  { cat "$across"; sed '1,/^@MEASUREMENTS/d' "$within"; } > "$work/all.skampi"
  nodes_run 4 2 "0 2 0 1" "$work/all.skampi" "$out" --quiet ||
    fail "skampi exited with $rc ($(cat "$work/stderr"))"
  flatten "$out"
  expect run.status complete
  expect factors.environment.OMPI_MCA_btl self,tcp
  expect_map 2
  for r in 0 1 2 3; do
    expect "node_map.placement.$r.ranks.0" "$r"
    expect "node_map.placement.$r.node" $((r / 2))
    expect "node_map.placement.$r.pinned" true
    expect "node_map.placement.$r.ncpus" 1
  done
  expect node_map.placement.1.cpus 2
  expect node_map.placement.1.packages 1
  expect node_map.placement.1.numa 1
  expect node_map.placement.3.cpus 1
  expect node_map.placement.3.packages 0
  # Inter_Node: rank 0 and the first rank of node1
  expect suites.0.pingpong_pair.0 0
  expect suites.0.pingpong_pair.1 2
  expect suites.0.pair_placement.selection Inter_Node
  expect suites.0.pair_placement.hosts.0 node0
  expect suites.0.pair_placement.hosts.1 node1
  expect suites.0.pair_placement.placement inter_node
  expect suites.0.pair_placement.same_socket false
  # k pairs across: k = 1 is 0-2, k = 2 is 0-2 and 1-3, all crossing
  expect suites.1.pairs_placement.selection Across_Nodes
  expect suites.1.pairs_placement.most_processes 4
  expect suites.1.pairs_placement.hosts.1 node1
  expect suites.1.points.0.argument 2
  expect suites.1.points.0.pairs.0.1 2
  expect suites.1.points.1.argument 4
  expect suites.1.points.1.pairs.1.0 1
  expect suites.1.points.1.pairs.1.1 3
  expect suites.1.points.1.pairs_cross_hosts.0 true
  expect suites.1.points.1.pairs_cross_hosts.1 true
  expect suites.1.points.2.argument ""
  # Intra_Node: ranks 0 and 1 of node0, on two sockets
  expect suites.2.pingpong_pair.1 1
  expect suites.2.pair_placement.selection Intra_Node
  expect suites.2.pair_placement.placement intra_node
  expect suites.2.pair_placement.same_socket false
  # Intra_Socket: node0's are on two sockets; node1's ranks 2 and 3 not
  expect suites.3.pingpong_pair.0 2
  expect suites.3.pingpong_pair.1 3
  expect suites.3.pair_placement.hosts.0 node1
  expect suites.3.pair_placement.same_socket true
  # k pairs within node0: one pair, 0-1, not crossing
  expect suites.4.pairs_placement.most_processes 2
  expect suites.4.points.0.pairs.0.0 0
  expect suites.4.points.0.pairs.0.1 1
  expect suites.4.points.0.pairs_cross_hosts.0 false
  expect suites.4.points.1.argument ""
  sane
  report "$out" "2 hosts × 2 ranks, pinned" \
    "pair 0–2 (Inter_Node: node0 ↔ node1, inter-node)" \
    "pair 0–1 (Intra_Node: node0, intra-node, two sockets)" \
    "pair 2–3 (Intra_Socket: node1, intra-node, same socket)" \
    "pairs Across_Nodes" "pairs Within_Node" \
    "k concurrent ping-pong pairs across two nodes" \
    "k concurrent ping-pong pairs within one node"
  grep -qF "pairs across the halves" "$work/r.txt" &&
    fail "a placed Multipair_Pingpong's subtitle speaks of the halves"
  echo "open mpi, 4 ranks on node0 and node1: pairs 0-2 inter, 0-1 intra, 2-3 socket; k pairs across 0-2, 1-3"
  # 2 x 4: 8 ranks, 4 a node (CPUs 0-3 of each): Inter_Node is 0-4, the
  # k pairs across are i with 4 + i for k = 2 and 4
  nodes_run 8 4 "0 1 2 3 0 1 2 3" "$across" "$work/two4.yaml" --quiet ||
    fail "2 x 4: skampi exited with $rc ($(cat "$work/stderr"))"
  flatten "$work/two4.yaml"
  expect run.status complete
  expect_map 4
  expect node_map.placement.5.node 1
  expect suites.0.pingpong_pair.0 0
  expect suites.0.pingpong_pair.1 4
  expect suites.0.pair_placement.placement inter_node
  expect suites.1.pairs_placement.most_processes 8
  expect suites.1.points.0.argument 2
  expect suites.1.points.0.pairs.0.1 4
  expect suites.1.points.2.argument 6
  expect suites.1.points.3.argument 8
  expect suites.1.points.3.pairs.3.0 3
  expect suites.1.points.3.pairs.3.1 7
  expect suites.1.points.3.pairs_cross_hosts.3 true
  expect suites.1.points.4.argument ""
  sane
  echo "open mpi, 2 x 4 ranks: pair 0-4 inter; k pairs across i-(4+i) up to k = 4"
  # The default suite's pairs, 2 x 4: 0-1 inside node0, 0-4 across,
  # both measured and drawn on one page of the report.
  default_pairs 8 4 "0 1 2 3 0 1 2 3" "$work/dp.yaml"
  sexpect Pingpong_Intra_Node status complete
  sexpect Pingpong_Intra_Node pingpong_pair.1 1
  sexpect Pingpong_Intra_Node pair_placement.placement intra_node
  sexpect Pingpong_Intra_Node pair_placement.hosts.0 node0
  sexpect Pingpong_Inter_Node status complete
  sexpect Pingpong_Inter_Node pingpong_pair.0 0
  sexpect Pingpong_Inter_Node pingpong_pair.1 4
  sexpect Pingpong_Inter_Node pair_placement.placement inter_node
  sexpect Pingpong_Inter_Node pair_placement.hosts.1 node1
  sane
  report "$work/dp.yaml" "ping-pong by pair placement: Pingpong_Send_Recv" \
    "Pingpong_Intra_Node: pair 0–1 (Intra_Node: node0, intra-node" \
    "Pingpong_Inter_Node: pair 0–4 (Inter_Node: node0 ↔ node1, inter-node)" \
    "Pingpong_Intra_Node · pair 0–1, intra-node" \
    "Pingpong_Inter_Node · pair 0–4, inter-node"
  grep -qF "Left out" "$work/r.txt" && fail "2 x 4: a suite is said left out"
  # 2 x 1: no pair inside a node; Pingpong_Intra_Node left out, not failed
  default_pairs 2 1 "0 2" "$work/dp1.yaml"
  sexpect Pingpong_Inter_Node status complete
  sexpect Pingpong_Inter_Node pair_placement.placement inter_node
  left_out Pingpong_Intra_Node "Pair = Intra_Node: no two processes of this run share a node (on 2 hosts, one process each)"
  report "$work/dp1.yaml" "Left out (the run lacks their pair)" \
    "Pingpong_Intra_Node — left out: Pair = Intra_Node"
  grep -qF "did not complete" "$work/r.txt" &&
    fail "2 x 1: the suite left out is counted as not complete"
  # one host: Pingpong_Inter_Node left out, the run complete
  default_pairs 4 4 "0 1 2 3" "$work/dp0.yaml"
  sexpect Pingpong_Intra_Node status complete
  left_out Pingpong_Inter_Node "Pair = Inter_Node: no two processes of this run are on different nodes (all 4 on host 'node0')"
  # Missing_Pair = Leave_Out as a preamble default and in a suite of k
  # pairs across nodes: each note at the value the run lacks
  printf '%s\n' '@Missing_Pair Leave_Out' '@MEASUREMENTS' \
    'across { Type = Pingpong_Send_Recv; Pair = Inter_Node; }' \
    'k { Type = Multipair_Pingpong; Variation = Nodes; Pairs_Placement = Across_Nodes; Missing_Pair = Leave_Out; }' \
    > "$work/leave.skampi"
  nodes_run 4 4 "0 1 2 3" "$work/leave.skampi" "$work/leave.yaml" --quiet ||
    fail "one host, Leave_Out: exit status $rc ($(cat "$work/stderr"))"
  flatten "$work/leave.yaml"
  expect run.status complete
  sexpect across status left_out
  sexpect k status left_out
  sexpect k message "left out: Pairs_Placement = Across_Nodes: k pairs across two nodes need processes on two nodes: the 4 processes of this run are all on host 'node0'"
  grep -v '^--\|^ \|^[A-Z]\|^$' "$work/stderr" > "$work/notes"
  printf '%s\n' "$work/leave.skampi:3:44: note: suite 'across': left out: Pair = Inter_Node: no two processes of this run are on different nodes (all 4 on host 'node0')" \
    "$work/leave.skampi:4:69: note: suite 'k': left out: Pairs_Placement = Across_Nodes: k pairs across two nodes need processes on two nodes: the 4 processes of this run are all on host 'node0'" \
    > "$work/want"
  diff -u "$work/want" "$work/notes" >&2 || fail "the notes of the suites left out differ (above)"
  echo "open mpi, the default suite's pairs: 2 x 4 both (0-1 intra, 0-4 inter, one page); 2 x 1 intra left out; one host inter left out"
  # All 4 on one node: no pair across nodes, refused where written.
  nodes_run 4 4 "0 1 2 3" "$across" "$work/one.yaml" --quiet
  [ "$rc" = 1 ] || fail "one node, pairs across: exit status $rc, not 1"
  [ ! -f "$work/one.yaml" ] || fail "a refused run wrote its result file"
  refused "$across:10:50: error: Pair = Inter_Node: no two processes of this run are on different nodes (all 4 on host 'node0')" \
    "$across:13:28: error: Pairs_Placement = Across_Nodes: k pairs across two nodes need processes on two nodes: the 4 processes of this run are all on host 'node0'"
else
  # MPICH, one rank a node: rank 0 on CPU 0, rank 1 on CPU 2.
  nodes_run 2 1 "0 2" "$across" "$out" --quiet ||
    fail "skampi exited with $rc ($(cat "$work/stderr"))"
  flatten "$out"
  expect run.status complete
  expect factors.environment.MPIR_CVAR_NOLOCAL 1
  expect_map 1
  expect node_map.placement.1.node 1
  expect node_map.placement.1.cpus 2
  expect node_map.placement.1.packages 1
  expect suites.0.pingpong_pair.0 0
  expect suites.0.pingpong_pair.1 1
  expect suites.0.pair_placement.selection Inter_Node
  expect suites.0.pair_placement.placement inter_node
  expect suites.0.pair_placement.hosts.1 node1
  expect suites.1.pairs_placement.selection Across_Nodes
  expect suites.1.points.0.pairs.0.1 1
  expect suites.1.points.0.pairs_cross_hosts.0 true
  expect suites.1.points.1.argument ""
  sane
  report "$out" "2 hosts × 1 rank, pinned" \
    "pair 0–1 (Inter_Node: node0 ↔ node1, inter-node)" "pairs Across_Nodes"
  # One rank a node: no pair within a node, refused where written.
  nodes_run 2 1 "0 2" "$within" "$work/none.yaml" --quiet
  [ "$rc" = 1 ] || fail "two nodes, pairs within: exit status $rc, not 1"
  refused "$within:10:50: error: Pair = Intra_Node: no two processes of this run share a node (on 2 hosts, one process each)" \
    "$within:12:35: error: Pair = Intra_Socket: no two processes of this run share a node (on 2 hosts, one process each)" \
    "$within:15:28: error: Pairs_Placement = Within_Node: k pairs within one node need two processes on the node of rank 0, host 'node0', which has 1"
  # Both ranks on node0, on CPUs 0 and 1 of socket 0.
  nodes_run 2 2 "0 1" "$within" "$out" --quiet --fresh ||
    fail "one node: skampi exited with $rc ($(cat "$work/stderr"))"
  flatten "$out"
  expect node_map.nodes.0.ranks 2
  expect node_map.nodes.1.host ""
  expect suites.0.pair_placement.selection Intra_Node
  expect suites.0.pair_placement.placement intra_node
  expect suites.0.pair_placement.same_socket true
  expect suites.1.pair_placement.selection Intra_Socket
  expect suites.2.points.0.pairs.0.1 1
  expect suites.2.points.0.pairs_cross_hosts.0 false
  sane
  report "$out" "1 host × 2 ranks, pinned" \
    "pair 0–1 (Intra_Node: node0, intra-node, same socket)"
  # The default suite's pairs: 2 x 1 (no pair inside a node), then one
  # host (no pair across nodes); each left out, the run complete.
  default_pairs 2 1 "0 2" "$work/dp1.yaml"
  sexpect Pingpong_Inter_Node status complete
  sexpect Pingpong_Inter_Node pair_placement.placement inter_node
  left_out Pingpong_Intra_Node "Pair = Intra_Node: no two processes of this run share a node (on 2 hosts, one process each)"
  default_pairs 2 2 "0 1" "$work/dp0.yaml"
  sexpect Pingpong_Intra_Node status complete
  sexpect Pingpong_Intra_Node pair_placement.placement intra_node
  left_out Pingpong_Inter_Node "Pair = Inter_Node: no two processes of this run are on different nodes (all 2 on host 'node0')"
  echo "mpich: 2 ranks on node0 and node1, pair 0-1 inter; on node0 alone, 0-1 intra, same socket"
fi
exit 0
