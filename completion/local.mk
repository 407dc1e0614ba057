# SPDX-License-Identifier: BSD-3-Clause
# completion/ -- bash completion of the programs (skampi.bash), installed
# into bash-completion's directory (configure: --with-bash-completion-dir)
# under the name of each program it completes, as bash-completion looks
# a completion up by the command's name: skampi, and links to it named
# skampi-report, skampi-run, skampi-merge and (where it is built)
# skampi-db.
EXTRA_DIST += completion/skampi.bash
SK_COMPLETED = skampi-report skampi-run skampi-merge
if SK_DB
SK_COMPLETED += skampi-db
endif
if SK_BASHCOMP
install-data-local: install-bashcomp
uninstall-local: uninstall-bashcomp
endif
install-bashcomp:
	$(MKDIR_P) '$(DESTDIR)$(bashcompdir)'
	$(INSTALL_DATA) $(srcdir)/completion/skampi.bash '$(DESTDIR)$(bashcompdir)/skampi'
	cd '$(DESTDIR)$(bashcompdir)' && for n in $(SK_COMPLETED); do \
	  rm -f $$n && $(LN_S) skampi $$n || exit 1; done
uninstall-bashcomp:
	cd '$(DESTDIR)$(bashcompdir)' 2> /dev/null || exit 0; \
	  rm -f skampi $(SK_COMPLETED)
.PHONY: install-bashcomp uninstall-bashcomp
