#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# migrate.sh -- a database of schema version 1 (tests/db/schema-v1.sql),
# and ones of versions 2 to 7 (the same with the migrations applied by
# hand), is
# upgraded in place when skampi-db opens it, keeping its rows; an upgrade
# that fails half-way leaves the database as it was (one transaction); a
# database of a newer schema is refused.  Also: the query of a suite's
# points reads the points table through its index, never by a full scan.
. "${top_srcdir:-.}/tests/db/lib.sh"

V1=$SRC/tests/db/schema-v1.sql
now=8        # the schema version this skampi-db writes

# 1. upgrade, rows kept, new columns there and empty
"$CHECK" "$TMP/t.db" load "$V1" || fail "cannot load schema-v1.sql"
[ "$("$CHECK" "$TMP/t.db" version)" = 1 ] || fail "fixture is not version 1"
db query 1 --suite pingpong > "$TMP/q.csv" 2> "$TMP/q.err" ||
  fail "query on the old database failed: $(cat "$TMP/q.err")"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "not upgraded to version $now"
cat > "$TMP/want.csv" <<'CSV'
run,kind,machine,library,np,start_time,suite,argument,processes,mean,stderr,median,q1,q3,min,max,repetitions,eps_met,runs,ci_low,ci_high,ci_coverage,modes,overlap_pure,overlap_with_computation,overlap_computation,overlap_percent,init_time,free_time,p50,p90,p99,p999,p50_low,p50_high,p90_low,p90_high,p99_low,p99_high,p999_low,p999_high,resolved
1,run,old box,MPICH 3.4,2,2025-01-02T03:04:05Z,pingpong,8,2,2.5e-06,1e-08,2.4e-06,2.3e-06,2.6e-06,2e-06,4e-06,100,true,,,,,,,,,,,,,,,,,,,,,,,,true
1,run,old box,MPICH 3.4,2,2025-01-02T03:04:05Z,pingpong,1024,2,5e-06,2e-08,4.9e-06,4.8e-06,5.2e-06,4e-06,8e-06,100,false,,,,,,,,,,,,,,,,,,,,,,,,true
CSV
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "the old rows read differently"
"$CHECK" "$TMP/t.db" columns points | tr '\n' ' ' > "$TMP/cols"
case $(cat "$TMP/cols") in
  *"runs ci_low ci_high ci_coverage modes overlap_pure overlap_with_computation overlap_computation overlap_percent init_time free_time p50 p90 p99 p999 p50_low p50_high p90_low p90_high p99_low p99_high p999_low p999_high "*) ;;
  *) fail "points columns after the upgrade: $(cat "$TMP/cols")" ;;
esac
db list --tag phase=old | grep -q 'old box' || fail "tag lost in the upgrade"
db import "$SRC/tests/tools/runs/a1.yaml" > /dev/null ||
  fail "import into the upgraded database failed"
[ "$("$CHECK" "$TMP/t.db" integrity)" = ok ] || fail "integrity after upgrade"

# 2. a migration that fails leaves version 1 and no column of it behind:
# points already has ci_high, so migration 2 stops at its second step
rm -f "$TMP"/t.db*
sed 's/ runs INTEGER);/ runs INTEGER, ci_high REAL);/' "$V1" > "$TMP/v1b.sql"
sed '/^INSERT INTO points/s/, NULL);$/, NULL, NULL);/' "$TMP/v1b.sql" > "$TMP/v1c.sql"
"$CHECK" "$TMP/t.db" load "$TMP/v1c.sql" || fail "cannot load the broken v1"
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration: exit $st, want 3"
grep -q 'duplicate column name: ci_high' "$TMP/err" ||
  fail "failed migration message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 1 ] || fail "version moved on a failed migration"
"$CHECK" "$TMP/t.db" columns points | grep -qx ci_low &&
  fail "ci_low added by a migration that failed"

# 3. a newer schema is refused
rm -f "$TMP"/t.db*
printf 'PRAGMA user_version = 99;\n' > "$TMP/v99.sql"
"$CHECK" "$TMP/t.db" load "$TMP/v99.sql"
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "newer schema: exit $st, want 3"
echo "skampi-db: error: $TMP/t.db: schema version 99 is newer than this skampi-db knows ($now); use a newer skampi-db" > "$TMP/want"
diff -u "$TMP/want" "$TMP/err" || fail "newer schema message"

# 4. version 2 to 3: the tokens table, the rows kept; a failed migration 3
# leaves version 2
v2() {
  rm -f "$TMP"/t.db*
  { sed '/^PRAGMA user_version/d' "$V1"
    cat <<'SQL'
ALTER TABLE points ADD COLUMN ci_low REAL;
ALTER TABLE points ADD COLUMN ci_high REAL;
ALTER TABLE points ADD COLUMN ci_coverage REAL;
ALTER TABLE points ADD COLUMN modes INTEGER;
SQL
    printf '%s\n' "$@"
    echo 'PRAGMA user_version = 2;'
  } > "$TMP/v2.sql"
  "$CHECK" "$TMP/t.db" load "$TMP/v2.sql" || fail "cannot load the v2 database"
}
v2
[ "$("$CHECK" "$TMP/t.db" version)" = 2 ] || fail "fixture is not version 2"
db token list > "$TMP/out" 2>&1 || fail "token list on v2: $(cat "$TMP/out")"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "v2 not upgraded to $now"
echo 'no tokens (add one with: skampi-db token add NAME)' > "$TMP/want"
diff -u "$TMP/want" "$TMP/out" || fail "token list after the upgrade"
"$CHECK" "$TMP/t.db" columns tokens | tr '\n' ' ' > "$TMP/cols"
[ "$(cat "$TMP/cols")" = "id name sha256 created revoked " ] ||
  fail "tokens columns: $(cat "$TMP/cols")"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 2 -> 3"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v2 rows read differently"
db token add ci > /dev/null 2>&1 || fail "token add after 2 -> 3"
v2 'CREATE TABLE tokens (x);'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 3: exit $st, want 3"
grep -q 'table tokens already exists' "$TMP/err" ||
  fail "failed migration 3 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 2 ] || fail "version moved on a failed migration 3"

# 5. version 3 to 4: the overlap and persistent columns, empty on the
# rows kept; imported overlap and persistent points fill them and query
# gives them back (CSV and YAML); a failed migration 4 leaves version 3
v3() {
  rm -f "$TMP"/t.db*
  { sed '/^PRAGMA user_version/d' "$V1"
    cat <<'SQL'
ALTER TABLE points ADD COLUMN ci_low REAL;
ALTER TABLE points ADD COLUMN ci_high REAL;
ALTER TABLE points ADD COLUMN ci_coverage REAL;
ALTER TABLE points ADD COLUMN modes INTEGER;
CREATE TABLE tokens (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  sha256 TEXT NOT NULL UNIQUE, created TEXT NOT NULL, revoked TEXT);
CREATE UNIQUE INDEX tokens_active_name ON tokens(name) WHERE revoked IS NULL;
SQL
    printf '%s\n' "$@"
    echo 'PRAGMA user_version = 3;'
  } > "$TMP/v3.sql"
  "$CHECK" "$TMP/t.db" load "$TMP/v3.sql" || fail "cannot load the v3 database"
}
v3
[ "$("$CHECK" "$TMP/t.db" version)" = 3 ] || fail "fixture is not version 3"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 3 -> 4"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "v3 not upgraded to $now"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v3 rows read differently"
db import "$SRC/tests/tools/runs/nbc2.yaml" > /dev/null ||
  fail "import of an overlap and a persistent point after 3 -> 4"
db query 2 --suite ovl | cut -d, -f24-29 > "$TMP/q.csv"
printf '%s\n' "overlap_pure,overlap_with_computation,overlap_computation,overlap_percent,init_time,free_time" \
  "1.4e-05,1.9e-05,1.3e-05,30,," > "$TMP/want.ovl"
diff -u "$TMP/want.ovl" "$TMP/q.csv" || fail "overlap columns of query"
db query 2 --suite pers | cut -d, -f24-29 | tail -n 1 > "$TMP/q.csv"
echo ",,,,7e-06,3e-06" | diff -u - "$TMP/q.csv" ||
  fail "persistent columns of query"
db query 2 --suite pers --format yaml > "$TMP/q.yaml" ||
  fail "query --format yaml"
grep -q '^ *init_time: 7.0e-06$' "$TMP/q.yaml" &&
  grep -q '^ *free_time: 3.0e-06$' "$TMP/q.yaml" ||
  fail "persistent values of query --format yaml: $(cat "$TMP/q.yaml")"
grep -q 'overlap_' "$TMP/q.yaml" && fail "a persistent point with overlap"
v3 'ALTER TABLE points ADD COLUMN init_time REAL;'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 4: exit $st, want 3"
grep -q 'duplicate column name: init_time' "$TMP/err" ||
  fail "failed migration 4 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 3 ] || fail "version moved on a failed migration 4"
"$CHECK" "$TMP/t.db" columns points | grep -qx overlap_pure &&
  fail "overlap_pure added by a migration that failed"

# 6. version 4 to 5: the machine's verdict and its evidence of runs and
# suites, empty on the rows kept (list and show say "-"); a run with a
# verdict imported after the upgrade fills them; a failed migration 5
# leaves version 4
v4() {
  rm -f "$TMP"/t.db*
  { sed '/^PRAGMA user_version/d' "$V1"
    cat <<'SQL'
ALTER TABLE points ADD COLUMN ci_low REAL;
ALTER TABLE points ADD COLUMN ci_high REAL;
ALTER TABLE points ADD COLUMN ci_coverage REAL;
ALTER TABLE points ADD COLUMN modes INTEGER;
CREATE TABLE tokens (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
  sha256 TEXT NOT NULL UNIQUE, created TEXT NOT NULL, revoked TEXT);
CREATE UNIQUE INDEX tokens_active_name ON tokens(name) WHERE revoked IS NULL;
ALTER TABLE points ADD COLUMN overlap_pure REAL;
ALTER TABLE points ADD COLUMN overlap_with_computation REAL;
ALTER TABLE points ADD COLUMN overlap_computation REAL;
ALTER TABLE points ADD COLUMN overlap_percent REAL;
ALTER TABLE points ADD COLUMN init_time REAL;
ALTER TABLE points ADD COLUMN free_time REAL;
SQL
    printf '%s\n' "$@"
    echo 'PRAGMA user_version = 4;'
  } > "$TMP/v4.sql"
  "$CHECK" "$TMP/t.db" load "$TMP/v4.sql" || fail "cannot load the v4 database"
}
v4
[ "$("$CHECK" "$TMP/t.db" version)" = 4 ] || fail "fixture is not version 4"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 4 -> 5"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "v4 not upgraded to $now"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v4 rows read differently"
for t in runs suites; do
  "$CHECK" "$TMP/t.db" columns $t | tr '\n' ' ' > "$TMP/cols"
  case $(cat "$TMP/cols") in
    *" verdict noise "*) ;;
    *) fail "$t columns after 4 -> $now: $(cat "$TMP/cols")" ;;
  esac
done
db show 1 | grep -qx 'noise:           -' || fail "show of an old run: noise is not -"
db import "$SRC/tests/tools/runs/noisy.yaml" > /dev/null ||
  fail "import of a run with a verdict after 4 -> 5"
db show 2 > "$TMP/show"
grep -qx 'noise:           noisy (worst rank 41% CPU): 2 of 2 ranks were switched out for other tasks: rank 1 had the CPU 41% of its wall time (230 involuntary context switches/s)' "$TMP/show" ||
  fail "show: the run's verdict: $(grep noise "$TMP/show")"
grep -q '^    0  pingpong .* complete   3 points, machine noisy (worst rank 44% CPU)$' "$TMP/show" ||
  fail "show: the suite's verdict: $(cat "$TMP/show")"
db list | grep -q '^   2  run     2026-11-22T04:05:06Z    2  noisy ' ||
  fail "list: the verdict column: $(db list)"
# a verdict without its degree (a file from before the CPU share): the
# evidence is shown whole, its first words kept
sed -e '/^  cpu_share: /d' -e 's/^  start_time: 2026-11-22T04:05:06Z/  start_time: 2026-11-22T05:05:06Z/' \
  "$SRC/tests/tools/runs/noisy.yaml" > "$TMP/nodegree.yaml"
grep -q '^  cpu_share: ' "$TMP/nodegree.yaml" && fail "fixture: nodegree.yaml has a CPU share"
id=$(db import "$TMP/nodegree.yaml" 2> /dev/null | sed -n 's/.* as run \([0-9]*\).*/\1/p')
[ -n "$id" ] || id=$(db list | awk 'NR > 1 { n = $1 } END { print n }')
db show "$id" | grep -x 'noise: .*' > "$TMP/nd"
grep -qx 'noise:           noisy: 2 of 2 ranks were switched out for other tasks: rank 1 had the CPU 41% of its wall time (230 involuntary context switches/s)' "$TMP/nd" ||
  fail "show without a degree: $(cat "$TMP/nd")"
v4 'ALTER TABLE suites ADD COLUMN verdict TEXT;'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 5: exit $st, want 3"
grep -q 'duplicate column name: verdict' "$TMP/err" ||
  fail "failed migration 5 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 4 ] || fail "version moved on a failed migration 5"
"$CHECK" "$TMP/t.db" columns runs | grep -qx verdict &&
  fail "runs.verdict added by a migration that failed"

# 6b. version 5 to 6 (and on to 7): the percentile columns, empty on the
# rows kept; imported percentiles (a run's, and a merged point's with
# intervals) fill them and query gives them back (CSV and YAML); a failed
# migration 6 leaves version 5
v5() {
  v4 'ALTER TABLE runs ADD COLUMN verdict TEXT;' \
    'ALTER TABLE runs ADD COLUMN noise TEXT;' \
    'ALTER TABLE suites ADD COLUMN verdict TEXT;' \
    'ALTER TABLE suites ADD COLUMN noise TEXT;' "$@"
  sed -i 's/^PRAGMA user_version = 4;$/PRAGMA user_version = 5;/' "$TMP/v4.sql"
  rm -f "$TMP"/t.db*
  "$CHECK" "$TMP/t.db" load "$TMP/v4.sql" || fail "cannot load the v5 database"
}
v5
[ "$("$CHECK" "$TMP/t.db" version)" = 5 ] || fail "fixture is not version 5"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 5 -> 6"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "v5 not upgraded to $now"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v5 rows read differently"
db import "$SRC/tests/tools/runs/tail1.yaml" "$SRC/tests/report/extra/tail-merged.yaml" > /dev/null ||
  fail "import of points with percentiles after 5 -> 6"
db query 2 --suite pp | cut -d, -f8,30-41 > "$TMP/q.csv"
printf '%s\n' "argument,p50,p90,p99,p999,p50_low,p50_high,p90_low,p90_high,p99_low,p99_high,p999_low,p999_high" \
  "8,2e-06,3e-06,7e-06,9e-06,,,,,,,," "1024,4e-06,5e-06,8e-06,8.5e-06,,,,,,,," > "$TMP/want.tail"
diff -u "$TMP/want.tail" "$TMP/q.csv" || fail "percentile columns of query (a run)"
db query 3 --suite pp | cut -d, -f8,30-41 | sed -n 2p > "$TMP/q.csv"
echo "8,2e-06,3e-06,7e-06,9e-06,1.5e-06,2.5e-06,2.5e-06,3.5e-06,6e-06,9e-06,6.5e-06,1.2e-05" |
  diff -u - "$TMP/q.csv" || fail "percentile columns of query (merged)"
db query 3 --suite pp --format yaml > "$TMP/q.yaml" || fail "query --format yaml"
grep -q '^ *p99: 7.0e-06$' "$TMP/q.yaml" && grep -q '^ *p99_high: 9.0e-06$' "$TMP/q.yaml" ||
  fail "percentiles of query --format yaml: $(cat "$TMP/q.yaml")"
v5 'ALTER TABLE points ADD COLUMN p99 REAL;'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 6: exit $st, want 3"
grep -q 'duplicate column name: p99' "$TMP/err" ||
  fail "failed migration 6 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 5 ] || fail "version moved on a failed migration 6"
"$CHECK" "$TMP/t.db" columns points | grep -qx p50 &&
  fail "p50 added by a migration that failed"

# 7. version 6 to 7: the node map.  A v6 database (v5 + migration 6 by
# hand) keeps its rows; a run with a node map fills run_nodes and
# run_placement and the runs' summary, and show names its nodes; removing
# the run removes them; a failed migration 7 leaves version 6.
v6() {
  v5 'ALTER TABLE points ADD COLUMN p50 REAL;' \
    'ALTER TABLE points ADD COLUMN p90 REAL;' \
    'ALTER TABLE points ADD COLUMN p99 REAL;' \
    'ALTER TABLE points ADD COLUMN p999 REAL;' \
    'ALTER TABLE points ADD COLUMN p50_low REAL;' \
    'ALTER TABLE points ADD COLUMN p50_high REAL;' \
    'ALTER TABLE points ADD COLUMN p90_low REAL;' \
    'ALTER TABLE points ADD COLUMN p90_high REAL;' \
    'ALTER TABLE points ADD COLUMN p99_low REAL;' \
    'ALTER TABLE points ADD COLUMN p99_high REAL;' \
    'ALTER TABLE points ADD COLUMN p999_low REAL;' \
    'ALTER TABLE points ADD COLUMN p999_high REAL;' "$@"
  sed -i 's/^PRAGMA user_version = 5;$/PRAGMA user_version = 6;/' "$TMP/v4.sql"
  rm -f "$TMP"/t.db*
  "$CHECK" "$TMP/t.db" load "$TMP/v4.sql" || fail "cannot load the v6 database"
}
v6
[ "$("$CHECK" "$TMP/t.db" version)" = 6 ] || fail "fixture is not version 6"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 6 -> 7"
[ "$("$CHECK" "$TMP/t.db" version)" = $now ] || fail "v6 not upgraded to $now"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v6 rows read differently"
echo "1 NULL NULL NULL NULL" > "$TMP/want.nodes"
"$CHECK" "$TMP/t.db" nodes > "$TMP/nodes" || fail "dbcheck nodes"
diff -u "$TMP/want.nodes" "$TMP/nodes" || fail "an old run has a node map"
# a run of 4 ranks, 2 on each of n0 and n1, every rank pinned to CPU
# r % 2 of package r % 2 (ranks-result.awk)
awk -v P=4 -v R=2 -f "$SRC/tests/report/ranks-result.awk" > "$TMP/n4.yaml"
db import "$TMP/n4.yaml" > /dev/null || fail "import of a run with a node map"
"$CHECK" "$TMP/t.db" nodes > "$TMP/nodes" || fail "dbcheck nodes"
cat > "$TMP/want.nodes" <<'ROWS'
1 NULL NULL NULL NULL
2 2 4 2 1
node 2 0 n0 2 0 2
node 2 1 n1 2 2 2
placement 2 0 0 0 0 0 0 0 1 1
placement 2 1 1 0 0 1 1 1 1 1
placement 2 2 2 1 1 0 0 0 1 1
placement 2 3 3 1 1 1 1 1 1 1
ROWS
diff -u "$TMP/want.nodes" "$TMP/nodes" || fail "the node map's rows"
# show names the nodes (an old run shows none)
db show 2 | sed -n '/^nodes:/,/^suites:/p' > "$TMP/show"
cat > "$TMP/want.show" <<'SHOW'
nodes:           2 (4 of 4 ranks pinned, 2 shared-memory domains)
  node 0    n0               2 ranks from rank 0, 2 CPUs online
  node 1    n1               2 ranks from rank 2, 2 CPUs online
suites:          1 suites, 12 points
SHOW
diff -u "$TMP/want.show" "$TMP/show" || fail "show: the node map"
db show 1 | grep -q '^nodes:' && fail "show: a node map for a run without one"
# a ping-pong suite that says where its pair ran
sed 's/^    pingpong_pair: \[0, 1\]$/&\
    pair_placement: {selection: Intra_Node, hosts: [box, box], nodes: [0, 0], placement: intra_node, same_socket: null}/' \
  "$SRC/tests/tools/runs/a1.yaml" > "$TMP/pair.yaml"
db import "$TMP/pair.yaml" > /dev/null || fail "import of a placed pair"
"$CHECK" "$TMP/t.db" nodes | grep '^pair ' > "$TMP/pairs"
echo "pair 3 0 Intra_Node intra_node" | diff -u - "$TMP/pairs" ||
  fail "the suite's pair placement"
db show 3 | grep -qx '    0  pingpong                  Pingpong_Send_Recv        complete   3 points, pair Intra_Node within a node' ||
  fail "show: the pair's placement: $(db show 3 | grep pingpong)"
db rm 2 > /dev/null 2>&1 || fail "rm of the run with a node map"
printf '%s\n' "1 NULL NULL NULL NULL" "3 NULL NULL NULL NULL" \
  "pair 3 0 Intra_Node intra_node" > "$TMP/want.nodes"
"$CHECK" "$TMP/t.db" nodes > "$TMP/nodes"
diff -u "$TMP/want.nodes" "$TMP/nodes" || fail "rows left of a removed run"
[ "$("$CHECK" "$TMP/t.db" integrity)" = ok ] || fail "integrity after 6 -> 7"
v6 'CREATE TABLE run_nodes (x);'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 7: exit $st, want 3"
grep -q 'table run_nodes already exists' "$TMP/err" ||
  fail "failed migration 7 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 6 ] || fail "version moved on a failed migration 7"
"$CHECK" "$TMP/t.db" columns runs | grep -qx node_count &&
  fail "node_count added by a migration that failed"

# 7b. version 7 to 8: whether the timer resolved a point.  A v7 database
# (v6 + migration 7 by hand) keeps its rows, read back as resolved (NULL);
# a file's `resolved: false` is stored as 0 and query says so; a failed
# migration 8 leaves version 7.
v7() {
  v6 'ALTER TABLE runs ADD COLUMN node_count INTEGER;' \
    'ALTER TABLE runs ADD COLUMN pinned_ranks INTEGER;' \
    'ALTER TABLE runs ADD COLUMN shared_memory_domains INTEGER;' \
    'ALTER TABLE runs ADD COLUMN shared_memory_agrees INTEGER;' \
    'CREATE TABLE run_nodes (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, node INTEGER NOT NULL, host TEXT NOT NULL, ranks INTEGER NOT NULL, first_rank INTEGER NOT NULL, cpus_online INTEGER NOT NULL, PRIMARY KEY (run_id, node)) WITHOUT ROWID;' \
    'CREATE INDEX run_nodes_host ON run_nodes(host);' \
    'CREATE TABLE run_placement (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, first_rank INTEGER NOT NULL, last_rank INTEGER NOT NULL, node INTEGER NOT NULL, shared_memory INTEGER NOT NULL, cpus TEXT NOT NULL, packages TEXT NOT NULL, numa TEXT NOT NULL, ncpus INTEGER NOT NULL, pinned INTEGER NOT NULL, PRIMARY KEY (run_id, first_rank)) WITHOUT ROWID;' \
    'ALTER TABLE suites ADD COLUMN pair_selection TEXT;' \
    'ALTER TABLE suites ADD COLUMN pair_placement TEXT;' "$@"
  sed -i 's/^PRAGMA user_version = 6;$/PRAGMA user_version = 7;/' "$TMP/v4.sql"
  rm -f "$TMP"/t.db*
  "$CHECK" "$TMP/t.db" load "$TMP/v4.sql" || fail "cannot load the v7 database"
}
v7
[ "$("$CHECK" "$TMP/t.db" version)" = 7 ] || fail "fixture is not version 7"
db query 1 --suite pingpong > "$TMP/q.csv" || fail "query after 7 -> 8"
[ "$("$CHECK" "$TMP/t.db" version)" = 8 ] || fail "v7 not upgraded to 8"
diff -u "$TMP/want.csv" "$TMP/q.csv" || fail "v7 rows read differently"
"$CHECK" "$TMP/t.db" resolved | awk '$3 != "NULL"' | grep . &&
  fail "an old row has a resolved value"
db query 1 --suite pingpong --format yaml | grep -q 'resolved:' &&
  fail "an old row read back as unresolved"
sed '/^        eps_met: true$/{p;s/eps_met: true/resolved: false/;}' \
  "$SRC/tests/tools/runs/a2.yaml" > "$TMP/unres.yaml"
db import "$TMP/unres.yaml" > /dev/null || fail "import of unresolved points after 7 -> 8"
[ "$("$CHECK" "$TMP/t.db" resolved | awk '$3 == "0"' | wc -l)" = 3 ] ||
  fail "resolved: false not stored: $("$CHECK" "$TMP/t.db" resolved)"
[ "$(db query 2 --suite pingpong --format yaml | grep -c '^ *resolved: false$')" = 3 ] ||
  fail "query does not say resolved: false"
v7 'ALTER TABLE points ADD COLUMN resolved INTEGER;'
db list > /dev/null 2> "$TMP/err"
st=$?
[ "$st" = 3 ] || fail "failed migration 8: exit $st, want 3"
grep -q 'duplicate column name: resolved' "$TMP/err" ||
  fail "failed migration 8 message: $(cat "$TMP/err")"
[ "$("$CHECK" "$TMP/t.db" version)" = 7 ] || fail "version moved on a failed migration 8"

# 8. the points of a suite are found through the index
rm -f "$TMP"/t.db*
db import "$SRC/tests/report/real" > /dev/null || fail "import real/"
"$CHECK" "$TMP/t.db" plan > "$TMP/plan" || fail "no query plan"
grep -q '^SEARCH p USING INDEX points_suite (suite_id=?)$' "$TMP/plan" ||
  fail "points not searched by points_suite: $(cat "$TMP/plan")"
grep -E -q '^SCAN (p|points)( |$)' "$TMP/plan" &&
  fail "full scan of points: $(cat "$TMP/plan")"
exit $((failures > 0))
