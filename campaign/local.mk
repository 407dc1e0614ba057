# SPDX-License-Identifier: BSD-3-Clause
# campaign/ -- skampi-run and skampi-merge: several mpiruns as one
# campaign (doc/reproducibility.md).  skampi-run (a shell script) runs a
# suite several times and merges the runs with skampi-merge (its code is
# lib/merge.c and lib/mergeout.c).  No MPI of its own.
bin_PROGRAMS += campaign/skampi-merge
campaign_skampi_merge_SOURCES = campaign/merge_main.c
campaign_skampi_merge_CPPFLAGS = $(SK_LIB_CPPFLAGS)
campaign_skampi_merge_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
campaign_skampi_merge_LDADD = $(SK_LIB_LIBS)
dist_man1_MANS += doc/skampi-merge.1 doc/skampi-run.1

bin_SCRIPTS += campaign/skampi-run
EXTRA_DIST += campaign/skampi-run.in
CLEANFILES += campaign/skampi-run
campaign/skampi-run: $(srcdir)/campaign/skampi-run.in Makefile
	$(AM_V_at)$(MKDIR_P) campaign
	$(AM_V_GEN)sed -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/campaign/skampi-run.in > $@.tmp && chmod +x $@.tmp && \
	  mv $@.tmp $@
