# grammar/ -- the suite language's lexer and parser.  The C files are
# generated into the build tree, never committed, never distributed;
# they are compiled into src/'s library with the rest of the language.
BUILT_SOURCES += grammar/parser.h grammar/lexer.h
CLEANFILES += grammar/parser.c grammar/parser.h grammar/parser.output \
	grammar/lexer.c grammar/lexer.h
EXTRA_DIST += grammar/parser.y grammar/lexer.l

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
