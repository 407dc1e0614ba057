# SPDX-License-Identifier: BSD-3-Clause
# tests/mpi/ -- runs of skampi with mpiexec -n 2 (a few short ones with more).
# The engine: every instance, calibration against a known cost, the
# bounds of a point and a suite, the result file while it grows, the two
# collective timings, and (3 processes, short) the choice of the pair.
SK_MPI_TESTS = tests/mpi/instances.sh tests/mpi/calibrate.sh \
	tests/mpi/bounds.sh tests/mpi/resultfile.sh tests/mpi/timing.sh \
	tests/mpi/pair3.sh tests/mpi/library.sh tests/mpi/noise.sh \
	tests/mpi/budget.sh tests/mpi/second-pass.sh
TESTS += $(SK_MPI_TESTS)
CLEANFILES += mpitest.lock
EXTRA_DIST += $(SK_MPI_TESTS) tests/mpi/lib.sh tests/mpi/sane.awk \
	tests/mpi/instances.skampi tests/mpi/calibrate.skampi \
	tests/mpi/bounds.skampi tests/mpi/resultfile.skampi \
	tests/mpi/timing.skampi tests/mpi/pair3.skampi tests/mpi/library.skampi \
	tests/mpi/noise.skampi tests/mpi/budget.skampi \
	tests/mpi/second-pass.skampi
# beyond the SKaMPI patterns: instances 60-69 on 2 processes,
# concurrent pairs and broadcast methods on 4 (tiny repetition counts),
# and the three shipped suites once each (tiny repetition counts)
SK_MPI_TESTS_BEYOND = tests/mpi/beyond.sh tests/mpi/beyond4.sh \
	tests/mpi/beyond-suites.sh tests/mpi/bcast-ol.sh
TESTS += $(SK_MPI_TESTS_BEYOND)
EXTRA_DIST += $(SK_MPI_TESTS_BEYOND) tests/mpi/beyond.skampi \
	tests/mpi/beyond4.skampi tests/mpi/bcast-ol.skampi
# coverage: datatype integrity for every pair of patterns
check_PROGRAMS += tests/mpi/dtype_integrity
tests_mpi_dtype_integrity_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_mpi_dtype_integrity_LDADD = $(SK_SRC_LIBS)
check_PROGRAMS += tests/mpi/verify_faults
tests_mpi_verify_faults_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS)
tests_mpi_verify_faults_LDADD = $(SK_SRC_LIBS)
TESTS += tests/mpi/dtype.sh tests/mpi/cover3.sh tests/mpi/verify.sh
EXTRA_DIST += tests/mpi/dtype.sh tests/mpi/cover3.sh tests/mpi/cover3.skampi \
	tests/mpi/verify.sh tests/mpi/dtype-memory.skampi
TESTS += tests/mpi/reduce.sh
EXTRA_DIST += tests/mpi/reduce.sh tests/mpi/reduce.skampi
# Percentiles, In_Place, Root and Verify; Verify against a byte that a
# preloaded library corrupts on purpose (TEST ONLY, corrupt.c: built for
# make check alone, never installed; skampi has no such switch)
TESTS += tests/mpi/tail.sh tests/mpi/verify-key.sh
EXTRA_DIST += tests/mpi/tail.sh tests/mpi/tail.skampi \
	tests/mpi/verify-key.sh tests/mpi/verify-key.skampi tests/mpi/corrupt.c
tests/mpi/corrupt.so: tests/mpi/corrupt.c
	$(MKDIR_P) tests/mpi
	$(CC) -shared -fPIC -I$(top_builddir) $(MPI_CFLAGS) $(CFLAGS) \
	  -o $@ $(srcdir)/tests/mpi/corrupt.c $(MPI_LIBS)
tests/mpi/verify-key.log: tests/mpi/corrupt.so
# wrong data as a library fault, its reproducer, the known fault of Open
# MPI 4.1's MPI_Alltoall (16 processes under Open MPI)
TESTS += tests/mpi/libfault-found.sh
EXTRA_DIST += tests/mpi/libfault-found.sh
# the bytes a point takes in the result file, as doc/engine.md says
TESTS += tests/mpi/pointbytes.sh
EXTRA_DIST += tests/mpi/pointbytes.sh tests/mpi/pointbytes.skampi
tests/mpi/libfault-found.log: tests/mpi/corrupt.so
CLEANFILES += tests/mpi/corrupt.so
TESTS += tests/mpi/batch.sh
EXTRA_DIST += tests/mpi/batch.sh tests/mpi/batch.skampi

# Robustness (doc/robustness.md): kill -9 of a rank and the restart, the
# watchdog on a hang, SIGTERM/SIGINT, and the errors before measuring.
SK_ROBUST_TESTS = tests/mpi/restart.sh tests/mpi/hang.sh \
	tests/mpi/signal.sh tests/mpi/resume-errors.sh tests/mpi/mpierror.sh \
	tests/mpi/rerun.sh
TESTS += $(SK_ROBUST_TESTS)
EXTRA_DIST += $(SK_ROBUST_TESTS) tests/mpi/restart-lib.sh \
	tests/mpi/restart.skampi
# a "running" result file no run writes: readers say incomplete (no MPI)
TESTS += tests/report/running.sh
EXTRA_DIST += tests/report/running.sh
# window sync, clock sync, timers
SK_MPI_TESTS += tests/mpi/window.sh tests/mpi/timer.sh tests/mpi/replay.sh \
	tests/mpi/interleave.sh tests/mpi/window4.sh
EXTRA_DIST += tests/mpi/window.skampi tests/mpi/window4.skampi \
	tests/mpi/window-bad.skampi tests/mpi/replay.skampi \
	tests/mpi/interleave.skampi
# @POSTPROC yes: a series of runs merged by skampi itself
SK_MPI_TESTS += tests/mpi/postproc.sh
EXTRA_DIST += tests/mpi/postproc.skampi

# nonblocking and persistent operations
# one machine as two nodes (per-rank host names, TCP): the node map, the
# pairs by placement, k pairs across and within nodes
TESTS += tests/mpi/two-nodes.sh
EXTRA_DIST += tests/mpi/two-nodes.sh tests/mpi/node-host.sh \
	tests/mpi/nodes-across.skampi tests/mpi/nodes-within.skampi

TESTS += tests/mpi/nbc.sh tests/mpi/persistent.sh
EXTRA_DIST += tests/mpi/nbc.sh tests/mpi/nbc.skampi \
	tests/mpi/persistent.sh tests/mpi/persistent.skampi
# lengths that do not fit in @MEMORY: clipped, left out, refused; what
# each process allocates by its role, measured
TESTS += tests/mpi/clip.sh tests/mpi/memory.sh
EXTRA_DIST += tests/mpi/clip.sh tests/mpi/memory.sh
# every shipped suite on 3, 4, 7 and 8 processes (Open MPI, oversubscribed;
# skipped under MPICH)
TESTS += tests/mpi/suites-np.sh
EXTRA_DIST += tests/mpi/suites-np.sh
# known faults of MPI libraries: left out, or met at run time without a
# hang (3 processes with MPICH 4.0)
TESTS += tests/mpi/libfault.sh
EXTRA_DIST += tests/mpi/libfault.sh
# the message rate of concurrent pairs with a window
TESTS += tests/mpi/msgrate.sh
EXTRA_DIST += tests/mpi/msgrate.sh tests/mpi/msgrate.skampi
# the threaded instances: 2 processes x 2 threads, MPI_THREAD_MULTIPLE
TESTS += tests/mpi/threads.sh
EXTRA_DIST += tests/mpi/threads.sh tests/mpi/threads.skampi
# base types beyond MPI-1, or their refusal
TESTS += tests/mpi/types.sh
EXTRA_DIST += tests/mpi/types.sh tests/mpi/types.skampi
# start-up: MPI_Init times, a session's communicator, or its refusal
TESTS += tests/mpi/startup.sh
EXTRA_DIST += tests/mpi/startup.sh tests/mpi/startup.skampi
# partitioned point-to-point (MPI-4), or its refusal
TESTS += tests/mpi/partitioned.sh
EXTRA_DIST += tests/mpi/partitioned.sh tests/mpi/partitioned.skampi
# large counts: the refusals, and one point of 2 GiB + 8 B (a long test);
# the suites Open MPI cannot run, on 3 and 4 MPICH processes (a long test)
TESTS += tests/mpi/large.sh tests/mpi/suites-mpich.sh
EXTRA_DIST += tests/mpi/large.sh tests/mpi/suites-mpich.sh
# neighbourhood collectives on their topologies (neighbor4.sh: 4 processes)
TESTS += tests/mpi/neighbor.sh tests/mpi/neighbor4.sh
EXTRA_DIST += tests/mpi/neighbor.sh tests/mpi/neighbor.skampi \
	tests/mpi/neighbor4.sh tests/mpi/neighbor4.skampi

# MPI-IO: every instance, integrity, the directory, no file left behind
TESTS += tests/mpi/io.sh
EXTRA_DIST += tests/mpi/io.sh tests/mpi/io.skampi

# one-sided communication (RMA)
TESTS += tests/mpi/rma.sh
EXTRA_DIST += tests/mpi/rma.sh

# the messages and communicators of a suite's setup at 4 and 8 processes,
# counted by a library preloaded into the ranks (test only, never
# installed: skampi itself has no such switch)
tests/mpi/msgcount.so: tests/mpi/msgcount.c
	$(MKDIR_P) tests/mpi
	$(CC) -shared -fPIC -I$(top_builddir) $(MPI_CFLAGS) $(CFLAGS) \
	  -o $@ $(srcdir)/tests/mpi/msgcount.c $(MPI_LIBS)
tests/mpi/msgcount.log: tests/mpi/msgcount.so
CLEANFILES += tests/mpi/msgcount.so
TESTS += tests/mpi/msgcount.sh
EXTRA_DIST += tests/mpi/msgcount.sh tests/mpi/msgcount.c \
	tests/mpi/msgcount.skampi tests/mpi/msgcount-linear.skampi
# every shipped suite on 2 processes: no time below the timer's reach,
# memcpy below the machine's copy rate (copyrate.c: measured apart)
TESTS += tests/mpi/suites-p2.sh
EXTRA_DIST += tests/mpi/suites-p2.sh
check_PROGRAMS += tests/mpi/copyrate

# the batch system's job in a result, its title page, skampi-db show
TESTS += tests/mpi/jobfactors.sh
EXTRA_DIST += tests/mpi/jobfactors.sh tests/mpi/jobfactors.skampi
