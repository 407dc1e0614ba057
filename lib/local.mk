# SPDX-License-Identifier: BSD-3-Clause
# lib/ -- the code every program shares, with no MPI and no suite
# language: statistics and fits, SHA-256, the YAML writer (emit) and
# reader (yread), the checks of a result file (rcheck), the instance
# table, the result schema and a result file in memory (rfile), the
# journal format, merging, and the messages.
noinst_LIBRARIES += lib/libskampi.a
lib_libskampi_a_SOURCES = \
	lib/msg.c lib/msg.h \
	lib/grow.c lib/grow.h \
	lib/schema.h \
	lib/instance.c lib/instance.h lib/instances.def \
	lib/suitekey.c lib/suitekey.h lib/keys.def \
	lib/libfault.c lib/libfault.h \
	lib/stats.c lib/stats.h \
	lib/overlap.c lib/overlap.h \
	lib/wilcoxon.c lib/wilcoxon.h \
	lib/fdr.c lib/fdr.h lib/hlshift.c lib/hlshift.h \
	lib/edivisive.c lib/edivisive.h \
	lib/fit.c lib/fit.h \
	lib/sha256.c lib/sha256.h \
	lib/emit.c lib/emit.h \
	lib/yread.c lib/yread_get.c lib/yread.h lib/decimal.c lib/decimal.h \
	lib/rcheck.c lib/rcheck.h lib/rfactors.c lib/rfactors.h \
	lib/rfile.c lib/rfile.h lib/rfile_load.c lib/rfile_load.h \
	lib/collbw.c lib/collbw.h \
	lib/journal.c lib/journal.h \
	lib/runstate.c lib/runstate.h \
	lib/merge.c lib/merge.h lib/mergeout.c lib/mergeout.h \
	lib/outfile.c lib/outfile_write.c lib/outfile.h lib/outfile_int.h \
	lib/escape.c lib/escape.h lib/utf8.c lib/utf8.h \
	lib/suggest.c lib/suggest.h \
	lib/csvcell.c lib/csvcell.h \
	lib/iodir.c lib/iodir.h \
	lib/noise.c lib/noise.h \
	lib/redval.c lib/redval.h \
	lib/floor.c lib/floor.h
# the honest numbers of a point (the median's interval, its modes) and
# the schedule that chooses the ping-pong pair
lib_libskampi_a_SOURCES += lib/medci.c lib/medci.h lib/modes.c lib/modes.h \
	lib/tournament.c lib/tournament.h
# the graphs of the neighbourhood collectives' distributed graph topologies
lib_libskampi_a_SOURCES += lib/nbrgraph.c lib/nbrgraph.h
# the node map: hosts, CPUs, sockets and NUMA domains of every rank
lib_libskampi_a_SOURCES += lib/cpuset.c lib/cpuset.h \
	lib/cputopo.c lib/cputopo.h \
	lib/nodemap.c lib/nodemap_io.c lib/nodemap.h
# the copyright and licence lines of every program's --version
lib_libskampi_a_SOURCES += lib/licence.h
# where an installation's data is, found when a program runs (datadir.c)
lib_libskampi_a_SOURCES += lib/datadir.c lib/datadir.h
lib_libskampi_a_CPPFLAGS = $(SK_LIB_CPPFLAGS)

# The installation's directories as configure gave them, for the
# programs that find their data (src/suitepath.c, db/web/web.c).  Made
# again whenever configure runs again (a new --prefix), and replaced only
# when a directory changed, so that the objects including it are rebuilt
# then, and only then: `make install` after a reconfigure installs
# programs that know the new place.
# The stamp says when the header was last made: without it a header left
# as it was (configure run again with the same prefix) would stay older
# than config.status, and be made again by every later make, `make
# install prefix=DIR` of make check's install test (tests/install/
# install.sh) too, which then wrote its temporary DIR into the header
# and rebuilt the programs with it; the next `make install` installed
# programs that named make check's deleted directory.
BUILT_SOURCES += lib/skpaths.h
CLEANFILES += lib/skpaths.h lib/skpaths.stamp
lib/skpaths.h: lib/skpaths.stamp
	@test -f $@ || { rm -f lib/skpaths.stamp; \
	  $(MAKE) $(AM_MAKEFLAGS) lib/skpaths.stamp; }
lib/skpaths.stamp: $(top_builddir)/config.status
	$(AM_V_GEN)$(MKDIR_P) lib && { \
	  echo '/* skpaths.h -- made by make from configure (lib/local.mk) */'; \
	  echo '#ifndef SK_SKPATHS_H'; echo '#define SK_SKPATHS_H'; \
	  echo '#define SK_BINDIR "$(bindir)"'; \
	  echo '#define SK_PKGDATADIR "$(pkgdatadir)"'; \
	  echo '#define SK_WEBDIR "$(pkgdatadir)/web"'; \
	  echo '#endif'; } > lib/skpaths.h.tmp && \
	if cmp -s lib/skpaths.h.tmp lib/skpaths.h; then rm -f lib/skpaths.h.tmp; \
	else mv -f lib/skpaths.h.tmp lib/skpaths.h; fi && touch $@
lib_libskampi_a_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
# A program that links lib/ links libyaml and libm with it.
SK_LIB_LIBS = lib/libskampi.a $(YAML_LIBS) -lm
