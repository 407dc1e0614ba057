# SPDX-License-Identifier: BSD-3-Clause
# src/lang/ -- the suite language: diagnostics, syntax tree, the parse
# driver over grammar/, keys, values, datatypes and their layouts, the
# checker and the plan it resolves to (doc/suite-language.md).  Compiled
# into src/libskampi_src.a with the engine and the patterns; none of it
# uses MPI, so the unit tests link it without MPI.
noinst_LIBRARIES += src/libskampi_src.a
src_libskampi_src_a_SOURCES = \
	src/lang/diag.c src/lang/diag.h \
	src/lang/ast.c src/lang/ast.h \
	src/lang/parse.c src/lang/parse.h src/lang/parse_ctx.h \
	src/lang/keys.c src/lang/keys.h \
	src/lang/value.c src/lang/value.h \
	src/lang/datatype.c src/lang/datatype.h src/lang/datatypes.def \
	src/lang/layout.c src/lang/layout.h \
	src/lang/check.c src/lang/check.h src/lang/check_int.h \
	src/lang/check_preamble.c src/lang/check_suite.c \
	src/lang/check_resolve.c \
	src/lang/plan.c src/lang/plan.h src/lang/plan_emit.c src/lang/plan_emit.h
# the neighbourhood collectives' topology keys against the run; the keys
# that depend on what the instance supports
src_libskampi_src_a_SOURCES += src/lang/check_topology.c \
	src/lang/check_support.c
# what fits on the run's processes: Memory_Fit, known faults, chunks
src_libskampi_src_a_SOURCES += src/lang/check_fit.c
# the keys that place pairs, against the node map of the run
src_libskampi_src_a_SOURCES += src/lang/check_pair.c
# Threads: the threaded instances, and a run that can give threads
src_libskampi_src_a_SOURCES += src/lang/check_threads.c
nodist_src_libskampi_src_a_SOURCES = \
	grammar/parser.c grammar/parser.h grammar/lexer.c grammar/lexer.h
src_libskampi_src_a_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS) $(YAML_CFLAGS)
# A program that links skampi's code links all of these.
SK_SRC_LIBS = src/libskampi_src.a $(SK_LIB_LIBS) $(MPI_LIBS)
# The same without MPI, for the unit tests of the parts that do not use it.
SK_SRC_NOMPI_LIBS = src/libskampi_src.a $(SK_LIB_LIBS)
