# SPDX-License-Identifier: BSD-3-Clause
# tests/ -- make check: the environment every test gets; each family's
# tests are in its folder's local.mk.  SK_WITH_DB is yes where skampi-db
# is built (configure: --disable-db, or its libraries missing, say no):
# a test that uses it skips that part, or skips with exit 77, saying so.
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(top_srcdir)'; export top_srcdir; \
	top_builddir='$(top_builddir)'; export top_builddir; \
	MPIEXEC='$(MPIEXEC)'; export MPIEXEC; \
	GNUPLOT='$(GNUPLOT)'; export GNUPLOT; \
	SK_WITH_DB='$(SK_WITH_DB)'; export SK_WITH_DB; \
	ASAN_OPTIONS='detect_leaks=0:abort_on_error=1'; export ASAN_OPTIONS; \
	UBSAN_OPTIONS='print_stacktrace=1:halt_on_error=1'; export UBSAN_OPTIONS;
TEST_EXTENSIONS = .sh .skampi
# every test runs under tests/timed.sh, which ends its log with its time;
# make check-times lists the slowest (tests/times.sh)
SK_TIMED = $(SHELL) $(srcdir)/tests/timed.sh
LOG_COMPILER = $(SK_TIMED)
SH_LOG_COMPILER = $(SK_TIMED) $(SHELL)
SKAMPI_LOG_COMPILER = $(SK_TIMED) $(SHELL) $(srcdir)/tests/parse/run-golden.sh
EXTRA_DIST += tests/timed.sh tests/times.sh
check-times:
	@$(SHELL) $(srcdir)/tests/times.sh $(TEST_LOGS)

# The slow passes, opt-in (make check stays a few minutes; the CI, .ci/run,
# runs them).  check-valgrind: skampi-report and skampi-merge under
# valgrind on the hostile corpus and the report tests' inputs
# (SKAMPI_TEST_VALGRIND=1).  check-long: the 2 GiB + 8 B message of
# tests/mpi/large.sh (SKAMPI_TEST_LONG=1; about 9 GB of memory), and the
# shipped suites Open MPI cannot run, on 3 and 4 MPICH processes
# (tests/mpi/suites-mpich.sh, a minute of busy-polling).
# check-sanitizers: the whole of make check in a tree built with ASan and
# UBSan, in _sanitizers/ below this build.
SK_VALGRIND_TESTS = tests/hostile/results.sh tests/report/valgrind.sh
check-valgrind:
	SKAMPI_TEST_VALGRIND=1 $(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS='$(SK_VALGRIND_TESTS)'
check-long:
	SKAMPI_TEST_LONG=1 $(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS='tests/mpi/large.sh tests/mpi/suites-mpich.sh'
check-sanitizers:
	rm -rf _sanitizers && mkdir _sanitizers && cd _sanitizers && \
	  $(abs_top_srcdir)/configure -q MPICC='$(MPICC)' MPIEXEC='$(MPIEXEC)' \
	    --enable-sanitizers CFLAGS='-g -O1' && \
	  $(MAKE) $(AM_MAKEFLAGS) && $(MAKE) $(AM_MAKEFLAGS) check
clean-local: clean-sanitizers
clean-sanitizers:
	rm -rf _sanitizers
.PHONY: check-times check-valgrind check-long check-sanitizers \
	clean-sanitizers


# the tree keeps its layout (doc/hacking.md): includes across folders,
# include guards, one object per source, no instance known by identity
TESTS += tests/layout.sh
EXTRA_DIST += tests/layout.sh
# the licence: LICENSE, --version, the man pages, the SPDX line of every
# source file (build-aux/spdx.sh adds it; layout.sh's rule 13 tried on a
# copy of the tree with files injected)
TESTS += tests/licence.sh
EXTRA_DIST += tests/licence.sh build-aux/spdx.sh
