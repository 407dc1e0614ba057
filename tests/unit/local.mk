# SPDX-License-Identifier: BSD-3-Clause
# tests/unit/ -- C unit tests, no MPI.
# engine: statistics, sha256, system facts, progress, the result file
SK_ENGINE_UNIT = tests/unit/test_stats tests/unit/test_sha256 \
	tests/unit/test_sysinfo tests/unit/test_progress
check_PROGRAMS += $(SK_ENGINE_UNIT) tests/unit/result_writer tests/yamlflat
TESTS += $(SK_ENGINE_UNIT) tests/unit/result.sh
EXTRA_DIST += tests/unit/result.sh \
	tests/unit/result.expected
tests_unit_test_stats_LDADD = $(SK_LIB_LIBS)
tests_unit_test_sha256_LDADD = $(SK_LIB_LIBS)
tests_unit_test_sysinfo_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_unit_test_progress_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_unit_result_writer_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_yamlflat_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_yamlflat_LDADD = $(YAML_LIBS)
EXTRA_DIST += tests/unit/sk_test.h
# the run journal and the suites kept from an earlier result file
check_PROGRAMS += tests/unit/test_journal
TESTS += tests/unit/test_journal
tests_unit_test_journal_SOURCES = tests/unit/test_journal.c
tests_unit_test_journal_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_unit_test_journal_LDADD = $(SK_SRC_NOMPI_LIBS)
check_PROGRAMS += tests/unit/test_refine
TESTS += tests/unit/test_refine
# the calls of a timed region (Batch) on known costs
check_PROGRAMS += tests/unit/test_batch
TESTS += tests/unit/test_batch
tests_unit_test_batch_SOURCES = tests/unit/test_batch.c
tests_unit_test_batch_LDADD = $(SK_SRC_NOMPI_LIBS)
# the machine's noise and its verdict, the run's time budget
check_PROGRAMS += tests/unit/test_noise
TESTS += tests/unit/test_noise
tests_unit_test_noise_SOURCES = tests/unit/test_noise.c
tests_unit_test_noise_LDADD = $(SK_SRC_NOMPI_LIBS)
# the budget's second pass
check_PROGRAMS += tests/unit/test_budget
TESTS += tests/unit/test_budget
tests_unit_test_budget_SOURCES = tests/unit/test_budget.c
tests_unit_test_budget_LDADD = $(SK_SRC_NOMPI_LIBS)
# the team of threads of the threaded instances
check_PROGRAMS += tests/unit/test_team
TESTS += tests/unit/test_team
tests_unit_test_team_SOURCES = tests/unit/test_team.c
tests_unit_test_team_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_unit_test_refine_SOURCES = tests/unit/test_refine.c
tests_unit_test_refine_LDADD = $(SK_SRC_NOMPI_LIBS)
check_PROGRAMS += tests/unit/test_wilcoxon tests/unit/test_clockmodel tests/unit/test_fit
TESTS += tests/unit/test_wilcoxon tests/unit/test_clockmodel tests/unit/test_fit
tests_unit_test_wilcoxon_SOURCES = tests/unit/test_wilcoxon.c
tests_unit_test_wilcoxon_LDADD = $(SK_LIB_LIBS)
tests_unit_test_clockmodel_SOURCES = tests/unit/test_clockmodel.c
tests_unit_test_clockmodel_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_unit_test_fit_SOURCES = tests/unit/test_fit.c
tests_unit_test_fit_LDADD = $(SK_LIB_LIBS)
# the script that printed test_wilcoxon's reference p-values (needs SciPy)
EXTRA_DIST += tests/unit/wilcoxon_ref.py
# the --shuffle generator
check_PROGRAMS += tests/unit/test_shuffle
TESTS += tests/unit/test_shuffle
tests_unit_test_shuffle_SOURCES = tests/unit/test_shuffle.c
tests_unit_test_shuffle_LDADD = $(SK_SRC_NOMPI_LIBS)
check_PROGRAMS += tests/unit/test_cache
TESTS += tests/unit/test_cache
tests_unit_test_cache_SOURCES = tests/unit/test_cache.c
tests_unit_test_cache_LDADD = $(SK_SRC_NOMPI_LIBS)
# the room messages take (src/lang/layout.c) and the buffers of each instance
check_PROGRAMS += tests/unit/test_layout
TESTS += tests/unit/test_layout
tests_unit_test_layout_SOURCES = tests/unit/test_layout.c
tests_unit_test_layout_LDADD = $(SK_SRC_NOMPI_LIBS)
# which watchdog a suite gets, and when it is set again
check_PROGRAMS += tests/unit/test_guard
TESTS += tests/unit/test_guard
tests_unit_test_guard_SOURCES = tests/unit/test_guard.c
tests_unit_test_guard_LDADD = $(SK_SRC_NOMPI_LIBS)
# every shipped suite on 2 to 4096 processes: clipped to what fits, never
# refused (doc/suite-language.md, "Lengths that do not fit")
check_PROGRAMS += tests/unit/test_suites_np
TESTS += tests/unit/test_suites_np
tests_unit_test_suites_np_SOURCES = tests/unit/test_suites_np.c
tests_unit_test_suites_np_LDADD = $(SK_SRC_NOMPI_LIBS)
# the pairs of Multipair_Pingpong cross the halves of the world
check_PROGRAMS += tests/unit/test_pairs
TESTS += tests/unit/test_pairs
tests_unit_test_pairs_SOURCES = tests/unit/test_pairs.c
tests_unit_test_pairs_LDADD = $(SK_SRC_NOMPI_LIBS)

# output paths that never destroy data; strings from files made printable
check_PROGRAMS += tests/unit/test_outfile tests/unit/test_escape
TESTS += tests/unit/test_outfile tests/unit/test_escape
tests_unit_test_outfile_LDADD = $(SK_LIB_LIBS)
tests_unit_test_escape_LDADD = $(SK_LIB_LIBS)
# the one CSV cell of every CSV: quoted, never a formula
check_PROGRAMS += tests/unit/test_csvcell
TESTS += tests/unit/test_csvcell
tests_unit_test_csvcell_LDADD = $(SK_LIB_LIBS)
# the bounded YAML reader: limits, streaming, refusals
check_PROGRAMS += tests/unit/test_yread
TESTS += tests/unit/test_yread
# the node map: CPU lists, sysfs topology, building, questions, file form
check_PROGRAMS += tests/unit/test_nodemap
TESTS += tests/unit/test_nodemap
tests_unit_test_nodemap_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_unit_test_nodemap_LDADD = $(SK_LIB_LIBS)
tests_unit_test_yread_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_unit_test_yread_LDADD = $(SK_LIB_LIBS)
# decimal numbers: which text is one, its value as strtod() has it
check_PROGRAMS += tests/unit/test_decimal
TESTS += tests/unit/test_decimal
tests_unit_test_decimal_LDADD = $(SK_LIB_LIBS)
# skampi-db's statistics: Benjamini-Hochberg, Hodges-Lehmann, E-divisive
check_PROGRAMS += tests/unit/test_dbstats
TESTS += tests/unit/test_dbstats
tests_unit_test_dbstats_SOURCES = tests/unit/test_dbstats.c
tests_unit_test_dbstats_LDADD = $(SK_LIB_LIBS)
EXTRA_DIST += tests/unit/dbstats_ref.py
# the confidence interval of a median from order statistics
check_PROGRAMS += tests/unit/test_medci
TESTS += tests/unit/test_medci
tests_unit_test_medci_LDADD = $(SK_LIB_LIBS)
# the modes of a point's repetitions (synthetic samples, false alarms)
check_PROGRAMS += tests/unit/test_modes
TESTS += tests/unit/test_modes
tests_unit_test_modes_LDADD = $(SK_LIB_LIBS)
# the round-robin schedule that chooses the ping-pong pair
check_PROGRAMS += tests/unit/test_tournament
TESTS += tests/unit/test_tournament
tests_unit_test_tournament_LDADD = $(SK_LIB_LIBS)
# the escapes of skampi-db serve: JSON, HTML, URL, CSV
if SK_DB
check_PROGRAMS += tests/unit/test_wbuf
TESTS += tests/unit/test_wbuf
tests_unit_test_wbuf_SOURCES = tests/unit/test_wbuf.c
tests_unit_test_wbuf_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_unit_test_wbuf_LDADD = $(SK_DB_LIBS)
endif

# the overlap percentage of the nonblocking overlap instances
check_PROGRAMS += tests/unit/test_overlap
TESTS += tests/unit/test_overlap
tests_unit_test_overlap_SOURCES = tests/unit/test_overlap.c
tests_unit_test_overlap_LDADD = $(SK_LIB_LIBS)
# the graphs of the neighbourhood collectives (ring, random k-regular)
check_PROGRAMS += tests/unit/test_nbrgraph
TESTS += tests/unit/test_nbrgraph
tests_unit_test_nbrgraph_SOURCES = tests/unit/test_nbrgraph.c
tests_unit_test_nbrgraph_LDADD = $(SK_LIB_LIBS)
# the directory and file names of the MPI-IO instances, the journal's io lines
check_PROGRAMS += tests/unit/test_iodir
TESTS += tests/unit/test_iodir
tests_unit_test_iodir_SOURCES = tests/unit/test_iodir.c
tests_unit_test_iodir_LDADD = $(SK_LIB_LIBS)
# an installation's data found from where its program is
check_PROGRAMS += tests/unit/test_datadir
TESTS += tests/unit/test_datadir
tests_unit_test_datadir_SOURCES = tests/unit/test_datadir.c
tests_unit_test_datadir_LDADD = $(SK_LIB_LIBS)
# the suite keys' names for the readers of a result file, and the orders
# of their values that those readers rely on
check_PROGRAMS += tests/unit/test_suitekey
TESTS += tests/unit/test_suitekey
tests_unit_test_suitekey_LDADD = $(SK_LIB_LIBS)
# the growable array every list of the tree is built in
check_PROGRAMS += tests/unit/test_grow
TESTS += tests/unit/test_grow
tests_unit_test_grow_LDADD = $(SK_LIB_LIBS)
# the values of a reduction's check: defined by MPI at every process count
check_PROGRAMS += tests/unit/test_redval
TESTS += tests/unit/test_redval
tests_unit_test_redval_SOURCES = tests/unit/test_redval.c
tests_unit_test_redval_LDADD = $(SK_LIB_LIBS)
