# SPDX-License-Identifier: BSD-3-Clause
# src/ -- skampi, the MPI program: options (cli), start and the
# restart of a run (launch, run), suites found by name (suitepath), and
# @POSTPROC yes, which merges a series of runs (postproc).
bin_PROGRAMS += src/skampi
src_skampi_SOURCES = src/main.c src/cli.c src/cli.h \
	src/launch.c src/launch.h src/run.c src/run.h src/run_int.h \
	src/run_block.c \
	src/suitepath.c src/suitepath.h
# @POSTPROC's file logic has no MPI: in the library, for its unit test.
src_libskampi_src_a_SOURCES += src/postproc.c src/postproc.h
# The files a run will write, checked before it measures (no MPI).
src_libskampi_src_a_SOURCES += src/outcheck.c src/outcheck.h
src_skampi_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS) $(YAML_CFLAGS)
# a shipped suite by name (doc/install.md): the build tree's suites/ for a
# skampi run from its build tree, else the installed $(pkgdatadir)
src_skampi_CPPFLAGS = $(AM_CPPFLAGS) \
	-DSK_BUILD_BINDIR='"$(abs_top_builddir)/src"' \
	-DSK_SOURCE_SUITEDIR='"$(abs_top_srcdir)/suites"'
src_skampi_LDADD = $(SK_SRC_LIBS)
dist_man1_MANS += doc/skampi.1
