# SPDX-License-Identifier: BSD-3-Clause
# tests/web/ -- skampi-db serve on an ephemeral loopback port with a
# database of stored runs (tests/web/lib.sh): the API and the pages, a
# bounded load, and the three steps in headless Chromium.  All traffic
# goes to 127.0.0.1, with time limits and bounded request counts.
SK_WEB_TESTS = tests/web/api.sh tests/web/load.sh tests/web/browser.sh \
	tests/web/upload.sh tests/web/publish.sh tests/web/draw.sh
if SK_DB
TESTS += $(SK_WEB_TESTS)
endif
EXTRA_DIST += $(SK_WEB_TESTS) tests/web/lib.sh tests/web/api.py \
	tests/web/load.py tests/web/browser.py tests/web/staticserve.py \
	tests/web/draw.py
# hostile names through every page and grouping, server and published site
if SK_DB
TESTS += tests/web/names.sh
endif
EXTRA_DIST += tests/web/names.sh tests/web/names.py
