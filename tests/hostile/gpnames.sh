#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gpnames.sh -- names that end a gnuplot string early or that gnuplot
# cannot show (O''Brien, ', '''', a backslash, a newline, a backquote,
# every byte 0x01..0xFF) as a machine, a suite and a legend label,
# through skampi-report, skampi-db plot, /api/plot.svg and publish
# (tests/hostile/gpnames.py): every picture is drawn and shows the name.
. "${top_srcdir:-.}/tests/db/lib.sh"
# -P: not this folder first on the path (its http.py is a test)
python3 -P -c '' 2> /dev/null || { echo "SKIP: no python3 -P"; exit 77; }
command -v pdftotext > /dev/null || { echo "SKIP: no pdftotext"; exit 77; }
python3 -P "$SRC/tests/hostile/gpnames.py" "$SRC" "$BUILD" "$TMP" || fail "gpnames.py"
exit $((failures > 0))
