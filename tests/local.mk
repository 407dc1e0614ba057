# tests/ -- make check: the environment every test gets; each family's
# tests are in its folder's local.mk.
AM_TESTS_ENVIRONMENT = \
	top_srcdir='$(top_srcdir)'; export top_srcdir; \
	top_builddir='$(top_builddir)'; export top_builddir; \
	MPIEXEC='$(MPIEXEC)'; export MPIEXEC; \
	GNUPLOT='$(GNUPLOT)'; export GNUPLOT; \
	ASAN_OPTIONS='detect_leaks=0:abort_on_error=1'; export ASAN_OPTIONS; \
	UBSAN_OPTIONS='print_stacktrace=1:halt_on_error=1'; export UBSAN_OPTIONS;
TEST_EXTENSIONS = .sh .skampi
SH_LOG_COMPILER = $(SHELL)
SKAMPI_LOG_COMPILER = $(SHELL) $(srcdir)/tests/parse/run-golden.sh


# the tree keeps its layout (doc/hacking.md): includes across folders,
# include guards, one object per source, no instance known by identity
TESTS += tests/layout.sh
EXTRA_DIST += tests/layout.sh
