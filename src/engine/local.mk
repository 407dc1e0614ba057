# SPDX-License-Identifier: BSD-3-Clause
# src/engine/ -- measuring: one point to its standard error (measure,
# point), the grid and its refinement (refine), a suite and a run
# (execute), the result file (result) and the run journal with resume
# and the watchdog (resume, run_resume, guard), timers, clock sync and
# window sync, the cache, datatypes on the wire (dtype, reduce), the
# experimental factors, progress and the log (doc/engine.md).
src_libskampi_src_a_SOURCES += \
	src/engine/measure.c src/engine/measure.h \
	src/engine/point.c src/engine/point.h \
	src/engine/batch.c src/engine/batch.h \
	src/engine/refine.c src/engine/refine.h \
	src/engine/shuffle.c src/engine/shuffle.h \
	src/engine/gridfile.c src/engine/gridfile.h \
	src/engine/execute.c src/engine/execute.h src/engine/execute_int.h \
	src/engine/execute_setup.c src/engine/execute_repeat.c \
	src/engine/nodecomm.c src/engine/nodecomm.h \
	src/engine/result.c src/engine/result.h \
	src/engine/result_place.c src/engine/result_place.h \
	src/engine/resultfile.c src/engine/resultfile.h \
	src/engine/resume.c src/engine/resume.h \
	src/engine/run_resume.c src/engine/run_resume.h \
	src/engine/guard.c src/engine/guard.h \
	src/engine/mpierr.c src/engine/mpierr.h \
	src/engine/timer.c src/engine/timer.h \
	src/engine/clockmodel.c src/engine/clockmodel.h \
	src/engine/clocksync.c src/engine/clocksync.h \
	src/engine/window.c src/engine/window.h \
	src/engine/cache.c src/engine/cache.h \
	src/engine/pairs.c src/engine/pairs.h \
	src/engine/dtype.c src/engine/dtype.h \
	src/engine/reduce.c src/engine/reduce.h \
	src/engine/repro.c src/engine/repro.h src/engine/repro_main.inc \
	src/engine/fault.c src/engine/fault.h \
	src/engine/factors.c src/engine/factors.h \
	src/engine/sysinfo.c src/engine/sysinfo.h \
	src/engine/progress.c src/engine/progress.h \
	src/engine/probe.c src/engine/probe.h \
	src/engine/runnoise.c src/engine/runnoise.h \
	src/engine/budget.c src/engine/budget.h \
	src/engine/runlog.c src/engine/runlog.h \
	src/engine/nodelimits.c src/engine/nodelimits.h
# the topology of a neighbourhood collective's suite
src_libskampi_src_a_SOURCES += src/engine/topology.c src/engine/topology.h
# the node map of a run, gathered at its start
src_libskampi_src_a_SOURCES += src/engine/placement.c src/engine/placement.h
# Verify = yes: every repetition's data checked
src_libskampi_src_a_SOURCES += src/engine/verify.c src/engine/verify.h
# the team of threads of a threaded instance's point
src_libskampi_src_a_SOURCES += src/engine/team.c src/engine/team.h
