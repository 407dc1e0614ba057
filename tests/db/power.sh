#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# power.sh -- compare knows its power: 3 runs against 3 cannot show any
# change at q <= 0.05 (the rank-sum test's smallest p is 2 / C(6, 3) =
# 0.1), so a planted 1.5x slowdown of every point is "inconclusive" with
# exit status 6, the runs it would take (4) and the change flagged as
# beyond both sides' noise; 8 against 8 (smallest p 2 / C(16, 8) =
# 0.000155) finds the same slowdown, exit status 5.  The outputs are
# compared with tests/db/power.expected (renew as cli.sh says).
. "${top_srcdir:-.}/tests/db/lib.sh"

W=$TMP/w
mkdir -p "$W/b3" "$W/b8" "$W/c3" "$W/c8"
# scale FACTOR FILE: every time of every suite times FACTOR
scale() {
  awk -v f="$1" '
    $1 ~ /^(mean|stderr|min|median|max|q1|q3):$/ {
      n = index($0, $1); printf "%s%s %.6g\n", substr($0, 1, n - 1), $1, $2 * f
      next }
    { print }' "$2"
}
# eight runs a side from the five fixture runs, each a little apart so
# that no two files are alike; the candidate's 1.5 times as slow
i=1
while [ $i -le 8 ]; do
  src=$SRC/tests/tools/runs/a$(( (i - 1) % 5 + 1 )).yaml
  set3=8
  [ $i -le 3 ] && set3=3
  scale "1.00$i" "$src" > "$W/b$set3/run-0$i.yaml"
  scale "1.5$i" "$src" > "$W/c$set3/run-0$i.yaml"
  i=$((i + 1))
done
for d in b3 b8 c3 c8; do
  db import -q --tag "set=$d" "$W/$d" || fail "import $d/"
done

: > "$TMP/out"
step compare --baseline tag=set=b3 --candidate tag=set=c3
step compare --baseline tag=set=b3 --candidate tag=set=c3 --format yaml
step compare --baseline 'tag=set=b3 tag=set=b8' --candidate 'tag=set=c3 tag=set=c8'
golden power.expected
[ -n "${KEEP:-}" ] && cp "$TMP/out" "$BUILD/tests/db/power.out"
exit $((failures > 0))
