-- schema-v1.sql -- a database as skampi-db schema version 1 made it,
-- with one run, for tests/db/migrate.sh.  The statements are migration 1
-- of db/store/schema.c as it was released; never change them.
CREATE TABLE machines ( id INTEGER PRIMARY KEY, identity TEXT NOT NULL UNIQUE, name TEXT NOT NULL, hosts TEXT NOT NULL, cpu_model TEXT, cores INTEGER);
CREATE TABLE environments ( id INTEGER PRIMARY KEY, identity TEXT NOT NULL UNIQUE, library TEXT NOT NULL, library_version TEXT NOT NULL, mpi_version TEXT NOT NULL, compiler TEXT NOT NULL, cflags TEXT NOT NULL, variables TEXT NOT NULL);
CREATE TABLE runs ( id INTEGER PRIMARY KEY, sha256 TEXT NOT NULL UNIQUE, kind TEXT NOT NULL CHECK (kind IN ('run', 'merged')), machine_id INTEGER NOT NULL REFERENCES machines(id), environment_id INTEGER NOT NULL REFERENCES environments(id), status TEXT NOT NULL, start_time TEXT NOT NULL, end_time TEXT NOT NULL, processes INTEGER, hosts TEXT NOT NULL, suite_path TEXT NOT NULL, suite_sha256 TEXT, skampi_version TEXT NOT NULL, source TEXT NOT NULL, imported TEXT NOT NULL, original BLOB NOT NULL);
CREATE INDEX runs_machine ON runs(machine_id, start_time);
CREATE INDEX runs_environment ON runs(environment_id, start_time);
CREATE INDEX runs_start ON runs(start_time);
CREATE TABLE tags ( run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (run_id, key));
CREATE INDEX tags_value ON tags(key, value);
CREATE TABLE campaigns ( id INTEGER PRIMARY KEY, merged_run_id INTEGER NOT NULL UNIQUE  REFERENCES runs(id) ON DELETE CASCADE, source TEXT NOT NULL);
CREATE TABLE campaign_runs ( campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE, position INTEGER NOT NULL, sha256 TEXT, path TEXT NOT NULL, run_id INTEGER REFERENCES runs(id) ON DELETE SET NULL, PRIMARY KEY (campaign_id, position));
CREATE INDEX campaign_runs_sha256 ON campaign_runs(sha256);
CREATE INDEX campaign_runs_run ON campaign_runs(run_id);
CREATE TABLE suites ( id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE, position INTEGER NOT NULL, name TEXT NOT NULL, type INTEGER, instance TEXT NOT NULL, pattern TEXT NOT NULL, status TEXT NOT NULL, argument_name TEXT NOT NULL, parameters TEXT NOT NULL, UNIQUE (run_id, position));
CREATE INDEX suites_name ON suites(name, run_id);
CREATE TABLE points ( id INTEGER PRIMARY KEY, suite_id INTEGER NOT NULL REFERENCES suites(id) ON DELETE CASCADE, argument REAL NOT NULL, processes INTEGER, mean REAL NOT NULL, stderr REAL, median REAL, q1 REAL, q3 REAL, min REAL, max REAL, repetitions INTEGER, eps_met INTEGER, refined INTEGER, runs INTEGER);
CREATE INDEX points_suite ON points(suite_id, argument);
CREATE TABLE samples ( point_id INTEGER NOT NULL REFERENCES points(id) ON DELETE CASCADE, kind TEXT NOT NULL CHECK (kind IN ('raw', 'run_medians', 'run_means')), n INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (point_id, kind)) WITHOUT ROWID;
INSERT INTO machines VALUES (1, 'MACHINE=old box', 'old box', 'ob1', NULL, NULL);
INSERT INTO environments VALUES (1, 'e1', 'MPICH 3.4', 'MPICH Version: 3.4', '3.1', 'gcc', '-O2', '');
INSERT INTO runs VALUES (1, 'aaaa', 'run', 1, 1, 'complete', '2025-01-02T03:04:05Z', '2025-01-02T03:05:05Z', 2, 'ob1,ob1', 'old.skampi', NULL, '0.0.9', 'old.yaml', '2025-01-03T00:00:00Z', X'7363');
INSERT INTO tags VALUES (1, 'phase', 'old');
INSERT INTO suites VALUES (1, 1, 0, 'pingpong', 1, 'Pingpong_Send_Recv', 'pingpong', 'complete', 'length', 'Variation=Length');
INSERT INTO points VALUES (1, 1, 8, 2, 2.5e-06, 1e-08, 2.4e-06, 2.3e-06, 2.6e-06, 2e-06, 4e-06, 100, 1, 0, NULL);
INSERT INTO points VALUES (2, 1, 1024, 2, 5e-06, 2e-08, 4.9e-06, 4.8e-06, 5.2e-06, 4e-06, 8e-06, 100, 0, 1, NULL);
PRAGMA user_version = 1;
