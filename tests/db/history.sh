#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# history.sh -- skampi-db history on a synthetic database with a known
# step: twenty runs of one machine, the median of pingpong at 1024 bytes
# 4 us in the first ten and 6 us (+50%) in the last ten, with small
# noise; at 8 bytes no step.  E-divisive finds exactly the one change
# point, before run 11, and none at 8 bytes; table, CSV and YAML against
# the golden transcript tests/db/history.expected, the plot in PDF and
# SVG, the usage errors, an argument off the grid (the nearest named) and
# a misspelt suite (the close name).  The permutations use the fixed default
# seed, so the p-values are the same on every machine.
# To renew the transcript: run with KEEP=1, copy $TMP/out over
# history.expected, then read the diff.
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W"
# run I (1..20): start minute I, its medians at 8 and 1024 bytes
before="4.00 4.04 3.96 4.02 3.98 4.01 3.97 4.03 3.99 4.00"
after="6.00 6.05 5.95 6.02 5.98 6.01 5.97 6.03 5.99 6.04"
small="2.00 2.02 1.98 2.01 1.99 2.00 2.03 1.97 2.01 1.99"
i=0
for m in $before $after; do
  i=$((i + 1))
  s=$(echo $small $small | cut -d' ' -f$i)
  mm=$(printf %02d "$i")
  sed -e "10s/05:01:00Z/06:$mm:00Z/" -e "11s/05:01:30Z/06:$mm:30Z/" \
      -e "43s/median: .*/median: ${s}e-06/" \
      -e "55s/median: .*/median: ${m}e-06/" \
      "$SRC/tests/tools/runs/a1.yaml" > "$W/r$mm.yaml"
done
grep -q 'median: 6.04e-06' "$W/r20.yaml" || fail "fixture r20.yaml not made"
db import -q "$W"/r*.yaml 2> /dev/null || fail "import of the fixtures failed"

: > "$TMP/out"
step history all --suite pingpong --argument 1024
step history all --suite pingpong --argument 8
step history all --suite pingpong --argument 1024 --format csv
step history 3-20 --suite pingpong --argument 1024 --format yaml --alpha 0.01 --permutations 999
step history all --suite pingpong --argument 1024 --min-effect 0.6
step history all --suite pingpong --argument 1024 --alpha 0.0001 --permutations 1999
step history all --suite pingpong --argument 3
step history all --suite pingpong --argument 1000
step history all --suite pingpong --argument 100000
step history all --suite pingpon --argument 1024
step history 1-3 --suite pingpong --argument 1024 --format json
step history machine=nothing --suite pingpong --argument 1024
step history all --suite pingpong
step history all --argument 1024
step history all --suite pingpong --argument 1k
step history all --suite pingpong --argument 1024 --permutations 5
step history all --suite pingpong --argument 1024 -o h.png
golden history.expected

# the plot: a PDF gnuplot drew, an SVG that parses, both replaced whole
(cd "$W" && "$DB" --db "$TMP/t.db" history all --suite pingpong \
  --argument 1024 -o h.pdf > /dev/null) || fail "history -o h.pdf failed"
pdfinfo "$W/h.pdf" > /dev/null 2>&1 || fail "h.pdf is not a PDF"
for k in 1 2; do
  (cd "$W" && "$DB" --db "$TMP/t.db" history all --suite pingpong \
    --argument 1024 -o h.svg > /dev/null) || fail "history -o h.svg failed ($k)"
done
python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
  "$W/h.svg" || fail "h.svg does not parse"
grep -q '1 change point' "$W/h.svg" || fail "h.svg lacks its title"

[ -n "${KEEP:-}" ] && { trap - EXIT; echo "kept $TMP" >&2; }
exit $((failures > 0))
