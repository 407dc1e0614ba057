# SPDX-License-Identifier: BSD-3-Clause
# tests/install/ -- make install, suites by name, the docs against the programs.
# make install into a prefix under the build directory; suites by name;
# --help against the man pages; the job scripts of doc/batch.md.
SK_INSTALL_TESTS = tests/install/install.sh tests/install/suitepath.sh \
	tests/install/man-options.sh tests/install/batch.sh
# doc/gallery.md: its pictures exist and are distributed; every page
# type of report/ is in it
SK_INSTALL_TESTS += tests/install/gallery.sh
# the README names the Debian packages of .ci/install-deps and every man page
SK_INSTALL_TESTS += tests/install/readme.sh
# every command of the README, run as written (tests/install/readme-run.sh
# says what stands in for the build and the placeholders)
SK_INSTALL_TESTS += tests/install/readme-run.sh
# bash's completion of the programs (completion/skampi.bash)
SK_INSTALL_TESTS += tests/install/completion.sh
TESTS += $(SK_INSTALL_TESTS)
EXTRA_DIST += $(SK_INSTALL_TESTS)

# make install after configuring again with another prefix: a whole
# build of its own, so opt-in (make check-reconfigure; .ci/run runs it)
TESTS += tests/install/reconfigure.sh
EXTRA_DIST += tests/install/reconfigure.sh
check-reconfigure:
	SKAMPI_TEST_RECONFIGURE=1 $(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS=tests/install/reconfigure.sh
.PHONY: check-reconfigure

# make, make check, make install prefix=P, in the tree and beside it:
# P's programs find P's suites (two whole builds: opt-in, make
# check-install-order; .ci/run runs it)
TESTS += tests/install/order.sh
EXTRA_DIST += tests/install/order.sh
check-install-order:
	SKAMPI_TEST_ORDER=1 $(MAKE) $(AM_MAKEFLAGS) check \
	  TESTS=tests/install/order.sh
.PHONY: check-install-order
