# SPDX-License-Identifier: BSD-3-Clause
# report/ -- skampi-report: result files (read with lib/rfile_load.c)
# into gnuplot data and scripts, and gnuplot into a PDF (doc/report.md).
# The pages: title, one per suite, groups from a parameter file, single
# points, bandwidth, the max-rate model, broadcast methods, collective
# bandwidth, tail latency; --runs and --compare for merged sets.
# Everything but main() is a library, so the tests link the same objects.
noinst_LIBRARIES += report/libskampi_report.a
report_libskampi_report_a_SOURCES = \
	report/report.c report/report.h \
	report/params.c report/params.h \
	report/pages.c report/pages.h \
	report/group.c report/group.h \
	report/units.c report/units.h \
	report/gp.c report/gp.h \
	report/plot.c report/plot.h \
	report/subtitle.c report/subtitle.h \
	report/title.c report/title.h \
	report/single.c report/single.h \
	report/csv.c report/csv.h \
	report/gnuplot.c report/gnuplot.h \
	report/rout.c report/rout.h \
	report/beyond.c report/beyond.h \
	report/model.c report/model.h \
	report/modelpage.c report/modelpage.h \
	report/collbwpage.c report/collbwpage.h \
	report/rankgrid.c report/rankgrid.h \
	report/rankpage.c report/rankpage.h \
	report/tailpage.c report/tailpage.h \
	report/compare.c report/compare.h report/compare_csv.c \
	report/compare_plot.c report/compare_plot.h \
	report/compare_run.c report/compare_run.h
SK_REPORT_CPPFLAGS = $(SK_LIB_CPPFLAGS) -I$(srcdir)/report
report_libskampi_report_a_CPPFLAGS = $(SK_REPORT_CPPFLAGS)
report_libskampi_report_a_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
SK_REPORT_LIBS = report/libskampi_report.a $(SK_LIB_LIBS)

bin_PROGRAMS += report/skampi-report
report_skampi_report_SOURCES = report/main.c
report_skampi_report_CPPFLAGS = $(SK_REPORT_CPPFLAGS)
report_skampi_report_LDADD = $(SK_REPORT_LIBS)
dist_man1_MANS += doc/skampi-report.1
EXTRA_DIST += doc/report.md
