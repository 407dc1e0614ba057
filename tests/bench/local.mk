# tests/bench/ -- make bench: not part of make check (the machine's noise decides the
# figures); the accuracy program is built by make check so it keeps
# compiling.
check_PROGRAMS += tests/bench/accuracy
tests_bench_accuracy_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_bench_accuracy_LDADD = $(SK_SRC_LIBS)
EXTRA_DIST += tests/bench/bench.sh tests/bench/pin.sh \
	tests/bench/big-result.awk tests/bench/yread_stream.c
# (3) reproducibility: two campaigns of skampi-run -n 10
EXTRA_DIST += tests/bench/repro.sh tests/bench/repro.skampi tests/bench/turn.sh
.PHONY: bench
bench: src/skampi tests/bench/accuracy tests/yamlflat \
	src/campaign/skampi-run src/campaign/skampi-merge \
	report/skampi-report src/db/skampi-db
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/bench.sh
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	$(SHELL) $(srcdir)/tests/db/bench.sh
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/repro.sh
