# src/campaign/ -- several mpiruns as one campaign (doc/reproducibility.md):
# skampi-run (a shell script) runs a suite several times and merges the
# runs with skampi-merge (its code is lib/merge.c and lib/mergeout.c).
bin_PROGRAMS += src/campaign/skampi-merge
src_campaign_skampi_merge_SOURCES = src/campaign/merge_main.c
src_campaign_skampi_merge_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
src_campaign_skampi_merge_LDADD = $(SK_LIB_LIBS)
dist_man1_MANS += doc/skampi-merge.1 doc/skampi-run.1

bin_SCRIPTS += src/campaign/skampi-run
EXTRA_DIST += src/campaign/skampi-run.in
CLEANFILES += src/campaign/skampi-run
src/campaign/skampi-run: $(srcdir)/src/campaign/skampi-run.in Makefile
	$(AM_V_at)$(MKDIR_P) src/campaign
	$(AM_V_GEN)sed -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/src/campaign/skampi-run.in > $@.tmp && chmod +x $@.tmp && \
	  mv $@.tmp $@
