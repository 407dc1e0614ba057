# src/db/ -- skampi-db, the result database (doc/database.md): SQLite
# storage of runs and campaigns, selections, queries and comparisons.
# No MPI.  Everything but main() is a library, so the tests link the
# same objects.
noinst_LIBRARIES += src/db/libskampi_db.a
src_db_libskampi_db_a_SOURCES = \
	src/db/store.c src/db/store_query.c src/db/schema.c \
	src/db/store.h src/db/store_int.h \
	src/db/selection.c src/db/selection.h \
	src/db/ingest.c src/db/ingest.h \
	src/db/import.c src/db/dbcmd.h \
	src/db/dbout.c src/db/dbout.h \
	src/db/regress.c src/db/regress.h \
	src/db/cmd_runs.c src/db/cmd_query.c src/db/cmd_compare.c \
	src/db/store_web.c src/db/wbuf.c src/db/wbuf.h \
	src/db/web.c src/db/web.h src/db/web_api.c src/db/web_pages.c \
	src/db/webdata.c src/db/webdata.h src/db/web_plot.c \
	src/db/dbplot.c src/db/dbplot.h src/db/history.c src/db/history.h \
	src/db/cmd_plot.c src/db/web_upload.c \
	src/db/store_token.c src/db/token.c src/db/token.h \
	src/db/cmd_token.c src/db/upload.c src/db/upload.h \
	src/db/push.c src/db/push.h \
	src/db/publish.c src/db/pubdir.c src/db/pubdir.h \
	src/db/tar.c src/db/tar.h
# plot and history draw with skampi-report's gnuplot pieces (report/gp.h,
# report/gnuplot.h, report/rout.h, report/units.h).
SK_DB_CPPFLAGS = $(SK_LIB_CPPFLAGS) -I$(srcdir)/src/db -I$(srcdir)/report
src_db_libskampi_db_a_CPPFLAGS = $(SK_DB_CPPFLAGS) \
	-DSK_WEBDIR='"$(webdir)"' \
	-DSK_BUILD_DBDIR='"$(abs_top_builddir)/src/db"' \
	-DSK_SOURCE_WEBDIR='"$(abs_top_srcdir)/src/db/web"'
src_db_libskampi_db_a_CFLAGS = $(AM_CFLAGS) $(SQLITE_CFLAGS) $(YAML_CFLAGS) \
	$(MHD_CFLAGS) $(CURL_CFLAGS)
SK_DB_LIBS = src/db/libskampi_db.a report/libskampi_report.a $(SK_LIB_LIBS) \
	$(SQLITE_LIBS) $(MHD_LIBS) $(CURL_LIBS) -lpthread

# The web interface's script and style (skampi-db serve reads them at
# start: from the source tree when it runs from the build tree).
webdir = $(pkgdatadir)/web
dist_web_DATA = src/db/web/app.js src/db/web/style.css

bin_PROGRAMS += src/db/skampi-db
src_db_skampi_db_SOURCES = src/db/main.c
src_db_skampi_db_CPPFLAGS = $(SK_DB_CPPFLAGS)
src_db_skampi_db_LDADD = $(SK_DB_LIBS)
dist_man1_MANS += doc/skampi-db.1
