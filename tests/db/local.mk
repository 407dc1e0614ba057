# SPDX-License-Identifier: BSD-3-Clause
# tests/db/ -- skampi-db on stored result files (no MPI): the command
# line against golden transcripts, the schema and its migration, an
# import killed half-way, the query plans.  Only where skampi-db is
# built (configure's SK_DB).
SK_DB_TESTS = tests/db/cli.sh tests/db/libfault.sh tests/db/migrate.sh tests/db/kill.sh \
	tests/db/modes.sh tests/db/token.sh tests/db/push.sh \
	tests/db/upload-hostile.sh tests/db/upload-archive.sh \
	tests/db/compare.sh tests/db/plot.sh tests/db/history.sh \
	tests/db/plans.sh tests/db/power.sh tests/db/peers.sh \
	tests/db/manypoints.sh tests/db/resolved.sh tests/db/floor.sh
if SK_DB
TESTS += $(SK_DB_TESTS)
check_PROGRAMS += tests/db/dbcheck
tests_db_dbcheck_SOURCES = tests/db/dbcheck.c
tests_db_dbcheck_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_db_dbcheck_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS)
tests_db_dbcheck_LDADD = $(SK_DB_LIBS)
# what the server calls: tokens and uploads
check_PROGRAMS += tests/db/test_upload
TESTS += tests/db/test_upload
tests_db_test_upload_SOURCES = tests/db/test_upload.c
tests_db_test_upload_CPPFLAGS = $(SK_DB_CPPFLAGS) -I$(srcdir)/tests/unit \
	-DSK_TEST_SRCDIR='"$(abs_top_srcdir)"'
tests_db_test_upload_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS)
tests_db_test_upload_LDADD = $(SK_DB_LIBS)
# the batch job read back from a stored file's head (show, /api/runs/ID)
check_PROGRAMS += tests/db/test_jobhead
TESTS += tests/db/test_jobhead
tests_db_test_jobhead_SOURCES = tests/db/test_jobhead.c
tests_db_test_jobhead_CPPFLAGS = $(SK_DB_CPPFLAGS) -I$(srcdir)/tests/unit
tests_db_test_jobhead_LDADD = $(SK_DB_LIBS)
# the request head the gate of serve takes, byte by byte
check_PROGRAMS += tests/db/test_webhead
TESTS += tests/db/test_webhead
tests_db_test_webhead_SOURCES = tests/db/test_webhead.c
tests_db_test_webhead_CPPFLAGS = $(SK_DB_CPPFLAGS) -I$(srcdir)/tests/unit
tests_db_test_webhead_LDADD = $(SK_DB_LIBS)
check_PROGRAMS += tests/db/upload_file
tests_db_upload_file_SOURCES = tests/db/upload_file.c
tests_db_upload_file_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_db_upload_file_LDADD = $(SK_DB_LIBS)
endif
EXTRA_DIST += $(SK_DB_TESTS) tests/db/lib.sh tests/db/cli.expected tests/db/compare.expected \
	tests/db/token.expected tests/db/pushserver.py tests/db/power.expected \
	tests/db/plot.expected tests/db/history.expected tests/db/resolved.expected tests/db/floor.expected \
	tests/db/schema-v1.sql tests/db/bigresult.sh tests/db/powerruns.sh
# outputs of OSU 7.4 and IMB 2021.11 made here, and skampi's ping-pong on
# the same machine (peers.sh)
EXTRA_DIST += tests/db/peers.expected tests/db/peers/pingpong.skampi \
	tests/db/peers/osu_latency.txt tests/db/peers/osu_latency-z.txt \
	tests/db/peers/osu_latency-run1.txt tests/db/peers/osu_latency-run2.txt \
	tests/db/peers/osu_latency-run3.txt tests/db/peers/osu_bw.txt \
	tests/db/peers/osu_allreduce-f.txt tests/db/peers/osu_bcast.txt \
	tests/db/peers/osu_barrier.txt tests/db/peers/imb_pingpong.txt \
	tests/db/peers/imb_coll.txt tests/db/peers/imb_sendrecv.txt \
	tests/db/peers/skampi-pingpong-run1.yaml \
	tests/db/peers/skampi-pingpong-run2.yaml \
	tests/db/peers/skampi-pingpong-run3.yaml
# make bench-db: import, query and compare times on generated files
EXTRA_DIST += tests/db/bench.sh
.PHONY: bench-db
bench-db: db/skampi-db
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	$(SHELL) $(srcdir)/tests/db/bench.sh
