# SPDX-License-Identifier: BSD-3-Clause
# grammar/ -- the suite language's lexer and parser.  The C files are
# generated into the build tree and never committed; they are compiled
# into src/'s library with the rest of the language.  The release
# tarball (make dist) carries them, newer than their sources, so that a
# build from it needs neither bison nor flex (configure.ac: then BISON
# and FLEX are Automake's missing script, which says what is needed
# should grammar/ change); being distributed, only maintainer-clean
# removes them.
BUILT_SOURCES += grammar/parser.h grammar/lexer.h
MAINTAINERCLEANFILES = grammar/parser.c grammar/parser.h \
	grammar/lexer.c grammar/lexer.h
CLEANFILES += grammar/parser.output
EXTRA_DIST += grammar/parser.y grammar/lexer.l
EXTRA_DIST += grammar/parser.c grammar/parser.h grammar/lexer.c grammar/lexer.h

# One rule writes both files of each generator; the header rule only
# re-runs it when the header alone went missing.
grammar/parser.c: $(srcdir)/grammar/parser.y
	$(AM_V_at)$(MKDIR_P) grammar
	$(AM_V_GEN)$(BISON) -Wall -Werror --defines=grammar/parser.h \
	  -o grammar/parser.c $(srcdir)/grammar/parser.y
grammar/parser.h: grammar/parser.c
	@test -f $@ || { rm -f grammar/parser.c; \
	  $(MAKE) $(AM_MAKEFLAGS) grammar/parser.c; }
grammar/lexer.c: $(srcdir)/grammar/lexer.l
	$(AM_V_at)$(MKDIR_P) grammar
	$(AM_V_GEN)$(FLEX) --header-file=grammar/lexer.h \
	  -o grammar/lexer.c $(srcdir)/grammar/lexer.l
grammar/lexer.h: grammar/lexer.c
	@test -f $@ || { rm -f grammar/lexer.c; \
	  $(MAKE) $(AM_MAKEFLAGS) grammar/lexer.c; }
