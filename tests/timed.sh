# SPDX-License-Identifier: BSD-3-Clause
# timed.sh -- runs one test, COMMAND [ARGS...], and ends its log with one
# line, "time: W s (CPU C s)": the test's wall-clock seconds and the CPU
# seconds of everything it started and waited for.  The exit status is
# the test's (77 skip and 99 hard error included).  Every test of make
# check runs under it (the *LOG_COMPILER variables of tests/local.mk);
# tests/times.sh lists the slowest (make check-times).
now() {
  t=$(date +%s.%N 2> /dev/null)
  case $t in *N|'') t=$(date +%s) ;; esac
  echo "$t"
}
start=$(now)
"$@"
st=$?
end=$(now)
# `times` in this shell, not in a pipeline's subshell (which has no
# children): its second line is the children's user and system time
tf=$(mktemp "${TMPDIR:-/tmp}/timed.XXXXXX") && times > "$tf" &&
  cpu=$(awk 'NR == 2 { s = 0
    for (i = 1; i <= 2; i++) {
      split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2] }
    printf "%.1f", s }' "$tf")
rm -f "$tf"
awk -v s="$start" -v e="$end" -v c="${cpu:-?}" \
  'BEGIN { printf "time: %.1f s (CPU %s s)\n", e - s, c }'
exit "$st"
