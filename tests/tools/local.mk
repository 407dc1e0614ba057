# SPDX-License-Identifier: BSD-3-Clause
# tests/tools/ -- skampi-merge, skampi-run, skampi-report --compare, @POSTPROC.
SK_TOOLS_TESTS = tests/tools/merge.sh tests/tools/compare.sh \
	tests/tools/run.sh tests/tools/doc.sh tests/tools/merge-raw.sh \
	tests/tools/run-args.sh tests/tools/run-precision.sh \
	tests/tools/workflow.sh tests/tools/run-push.sh tests/tools/run-survive.sh \
	tests/tools/merge-tail.sh tests/tools/run-grid.sh \
	tests/tools/floors.sh
TESTS += $(SK_TOOLS_TESTS)
# TEST ONLY: the library workflow.sh preloads into the ranks of one
# campaign to make MPI_Iprobe slower (slowcall.c).  Built for make check
# alone, never installed: skampi itself has no such switch.
tests/tools/slowcall.so: tests/tools/slowcall.c
	$(MKDIR_P) tests/tools
	$(CC) -shared -fPIC -I$(top_builddir) $(MPI_CFLAGS) $(CFLAGS) \
	  -o $@ $(srcdir)/tests/tools/slowcall.c $(MPI_LIBS)
tests/tools/workflow.log: tests/tools/slowcall.so
CLEANFILES += tests/tools/slowcall.so
check_PROGRAMS += tests/tools/wilcoxon-p
# skampi-merge's per-run values from raw samples (Alg. 3), exactly
check_PROGRAMS += tests/tools/merge-raw-test
TESTS += tests/tools/merge-raw-test
tests_tools_merge_raw_test_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_tools_merge_raw_test_LDADD = $(SK_LIB_LIBS)
# @POSTPROC yes: run-file names and which run a start makes (no MPI)
check_PROGRAMS += tests/tools/postproc-test
TESTS += tests/tools/postproc-test
tests_tools_postproc_test_SOURCES = tests/tools/postproc-test.c
tests_tools_postproc_test_LDADD = $(SK_SRC_NOMPI_LIBS)
tests_tools_wilcoxon_p_LDADD = $(SK_LIB_LIBS)
# every ping-pong point against its floor (lib/floor.h; floors.sh)
check_PROGRAMS += tests/tools/floorcheck
tests_tools_floorcheck_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_tools_floorcheck_LDADD = $(SK_LIB_LIBS)
EXTRA_DIST += $(SK_TOOLS_TESTS) tests/tools/lib.sh tests/tools/merge3.expected \
	tests/tools/runs/a1.yaml tests/tools/runs/a2.yaml \
	tests/tools/runs/a3.yaml tests/tools/runs/a4.yaml \
	tests/tools/runs/a5.yaml tests/tools/runs/b1.yaml tests/tools/runs/noisy.yaml \
	tests/tools/runs/b2.yaml tests/tools/runs/b3.yaml \
	tests/tools/runs/b4.yaml tests/tools/runs/b5.yaml \
	tests/tools/runs/other-suite.yaml tests/tools/runs/other-grid.yaml \
	tests/tools/runs/fewer-points.yaml \
	tests/tools/runs/raw1.yaml tests/tools/runs/raw2.yaml \
	tests/tools/runs/raw3.yaml \
	tests/tools/runs/nbc1.yaml tests/tools/runs/nbc2.yaml \
	tests/tools/runs/nbc3.yaml \
	tests/tools/runs/outlier1.yaml tests/tools/runs/outlier2.yaml \
	tests/tools/runs/outlier3.yaml \
	tests/tools/runs/tail1.yaml tests/tools/runs/tail2.yaml \
	tests/tools/runs/tail3.yaml \
	tests/tools/tiny-one.skampi \
	tests/tools/tiny.skampi \
	tests/tools/workflow.skampi tests/tools/slowcall.c \
	tests/tools/tiny-dynamic.skampi \
	tests/tools/wilcoxon-p.c tests/tools/floorcheck.c \
	tests/tools/floors.yaml

