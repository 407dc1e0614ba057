# SPDX-License-Identifier: BSD-3-Clause
# db/ -- skampi-db, the result database (doc/database.md): SQLite storage
# of runs and campaigns, the commands, the web server, a static site and
# pushes to a server.  No MPI.  Its layers are folders, each calling only
# the ones below it (tests/layout.sh holds them to that):
#   store/     the only SQL: schema, migrations, queries, selections
#   ingest/    what comes in and who may send it: result files, uploads,
#              campaign archives, tokens
#   analysis/  what goes out: comparisons, history, drawings (gnuplot
#              through skampi-report's pieces)
#   web/       skampi-db serve: router, JSON API, pages, static/ files
#   push/      skampi-db push: the client of a server's upload API
#   publish/   skampi-db publish: the web's pages written as a static site
#   cmd/       the commands of the command line
# main.c parses the command line and calls one command; dbstatus.h, the
# exit statuses, stands below every layer.  Everything but main() is a
# library, so the tests link the same objects.
# Built only where configure found its libraries (--disable-db: not at
# all); its sources, web files and man page are in the tarball either way
# (Automake distributes the sources and dist_ data of both sides of a
# conditional, but not a man page: it is named in EXTRA_DIST).
EXTRA_DIST += doc/skampi-db.1
if SK_DB
noinst_LIBRARIES += db/libskampi_db.a
db_libskampi_db_a_SOURCES = db/dbstatus.h \
	db/store/store.c db/store/store_open.c db/store/store_query.c \
	db/store/schema.c \
	db/store/store.h db/store/store_int.h \
	db/store/store_web.c db/store/store_token.c \
	db/store/selection.c db/store/selection.h \
	db/ingest/ingest.c db/ingest/ingest.h \
	db/ingest/jobhead.c db/ingest/jobhead.h \
	db/ingest/peer.c db/ingest/peer.h \
	db/ingest/upload.c db/ingest/upload.h \
	db/ingest/tar.c db/ingest/tar.h \
	db/ingest/token.c db/ingest/token.h \
	db/analysis/regress.c db/analysis/regress_text.c \
	db/analysis/regress_overlap.c db/analysis/regress.h \
	db/analysis/dbplot.c db/analysis/dbplot.h \
	db/analysis/history.c db/analysis/history.h \
	db/analysis/payload.c db/analysis/payload.h \
	db/analysis/runfloor.c db/analysis/runfloor.h \
	db/web/wbuf.c db/web/wbuf.h \
	db/web/web.c db/web/web.h db/web/web_api.c db/web/web_pages.c \
	db/web/webdata.c db/web/webdata.h db/web/web_plot.c \
	db/web/webpage.h db/web/web_cmp.c db/web/web_hist.c \
	db/web/web_upload.c db/web/webserve.c \
	db/web/webgate.c db/web/webgate.h db/web/webhead.c db/web/webhead.h \
	db/web/webpool.c db/web/webpool.h \
	db/push/push.c db/push/push.h \
	db/publish/publish.c db/publish/publish.h \
	db/publish/pubdir.c db/publish/pubdir.h \
	db/publish/pubman.c db/publish/pubman.h \
	db/cmd/dbcmd.h db/cmd/cmd_import.c \
	db/cmd/dbout.c db/cmd/dbout.h \
	db/cmd/cmd_runs.c db/cmd/cmd_query.c db/cmd/cmd_compare.c \
	db/cmd/cmd_plot.c db/cmd/cmd_token.c db/cmd/cmd_site.c \
	db/cmd/cmd_check.c
# analysis/ draws with skampi-report's gnuplot pieces (report/gp.h,
# report/gnuplot.h, report/rout.h, report/units.h).
SK_DB_LAYERS = store ingest analysis web push publish cmd
SK_DB_CPPFLAGS = $(SK_LIB_CPPFLAGS) -I$(srcdir)/db \
	$(SK_DB_LAYERS:%=-I$(srcdir)/db/%) -I$(srcdir)/report
db_libskampi_db_a_CPPFLAGS = $(SK_DB_CPPFLAGS) \
	-DSK_BUILD_DBDIR='"$(abs_top_builddir)/db"' \
	-DSK_SOURCE_WEBDIR='"$(abs_top_srcdir)/db/web/static"'
db_libskampi_db_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS) $(YAML_CFLAGS) \
	$(MHD_CFLAGS) $(CURL_CFLAGS)
SK_DB_LIBS = db/libskampi_db.a report/libskampi_report.a $(SK_LIB_LIBS) \
	$(SQLITE_LIBS) $(MHD_LIBS) $(CURL_LIBS) -lpthread

# The web interface's script and style (skampi-db serve reads them at
# start: from the source tree when it runs from the build tree).
webdir = $(pkgdatadir)/web
dist_web_DATA = db/web/static/app.js db/web/static/style.css

bin_PROGRAMS += db/skampi-db
db_skampi_db_SOURCES = db/main.c
db_skampi_db_CPPFLAGS = $(SK_DB_CPPFLAGS)
db_skampi_db_LDADD = $(SK_DB_LIBS)
man1_MANS += doc/skampi-db.1
endif
