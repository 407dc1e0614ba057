# SPDX-License-Identifier: BSD-3-Clause
# tests/bench/ -- make bench: not part of make check (the machine's noise decides the
# figures); the accuracy program is built by make check so it keeps
# compiling.
check_PROGRAMS += tests/bench/accuracy
tests_bench_accuracy_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_bench_accuracy_LDADD = $(SK_SRC_LIBS)
EXTRA_DIST += tests/bench/bench.sh tests/bench/pin.sh \
	tests/bench/big-result.awk tests/bench/yread_stream.c
# (3) reproducibility: pairs of interleaved campaigns of skampi-run
# --precision 0.05; `make bench-repro SK_BENCH_PAIRS=1` runs only this
# part, with fewer pairs
EXTRA_DIST += tests/bench/repro.sh tests/bench/repro.skampi tests/bench/turn.sh
# (5) the floors' reproducibility over 5 runs of @LIMITS yes; `make
# bench-floors` runs only this part
EXTRA_DIST += tests/bench/floors.sh
.PHONY: bench-floors
bench-floors: src/skampi tests/yamlflat
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/floors.sh
# the database's part (tests/db/bench.sh) where skampi-db is built
if SK_DB
SK_BENCH_DB = db/skampi-db bench-web
SK_BENCH_DB_RUN = top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	$(SHELL) $(srcdir)/tests/db/bench.sh
else
SK_BENCH_DB =
SK_BENCH_DB_RUN = @echo "bench: skampi-db is not built (configure: --disable-db, or its libraries missing): skampi-db's figures and the web interface's (bench-db, bench-web) are left out"
endif
.PHONY: bench
bench: src/skampi tests/bench/accuracy tests/yamlflat \
	campaign/skampi-run campaign/skampi-merge \
	report/skampi-report $(SK_BENCH_DB)
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/bench.sh
	$(SK_BENCH_DB_RUN)
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/repro.sh
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/floors.sh
.PHONY: bench-repro
bench-repro: src/skampi tests/yamlflat campaign/skampi-run \
	campaign/skampi-merge
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	MPIEXEC='$(MPIEXEC)' $(SHELL) $(srcdir)/tests/bench/repro.sh

# (4) the web interface: latency and throughput of skampi-db serve on a
# generated database of 10,000 runs
EXTRA_DIST += tests/bench/web.sh tests/bench/webbench.py
.PHONY: bench-web
bench-web: db/skampi-db
	top_srcdir='$(top_srcdir)' top_builddir='$(top_builddir)' \
	$(SHELL) $(srcdir)/tests/bench/web.sh
