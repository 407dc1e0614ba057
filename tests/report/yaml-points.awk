# SPDX-License-Identifier: BSD-3-Clause
# yaml-points.awk -- list the suites and points of a skampi result file.
#
# Not a YAML parser: it reads the block layout that skampi writes (see
# doc/output-format.md), with sequences indented or not, so that the
# report tests can derive what a PDF and its CSV files must contain
# without using the code under test.  Output, tab-separated:
#   S  suite  argument_name  number-of-points  timing  type  ranks
#      points-with-p50
# (ranks: 1 when a point has node_times of two or more entries)
#   P  suite  argument  mean  stderr  repetitions  eps_met  refined
# Numbers are printed with %.17g so that equal values give equal text.

function indent(s) { match(s, /^ */); return RLENGTH }
function keyof(s) { sub(/^ *(- )?/, "", s); sub(/:.*/, "", s); return s }
function valof(s) {
  sub(/^ *(- )?[^:]*:[ ]*/, "", s)
  sub(/[ ]+#.*$/, "", s)
  if (s ~ /^".*"$/ || s ~ /^'.*'$/) s = substr(s, 2, length(s) - 2)
  return s
}
function num(s) { return (s == "") ? "" : sprintf("%.17g", s + 0) }
function flush_point() {
  if (inpoint)
    printf "P\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", suite, num(arg), num(mean),
      num(se), reps, tolower(eps), tolower(ref)
  if (inpoint) npoints++
  if (inpoint && p50 != "") ntail++
  inpoint = 0
}
function start_point() {
  flush_point()
  inpoint = 1; arg = ""; mean = ""; se = "0"; reps = ""
  eps = "true"; ref = "false"; p50 = ""
}
function flush_suite() {
  flush_point()
  if (suite != "") printf "S\t%s\t%s\t%d\t%s\t%s\t%d\t%d\n", suite, argname, npoints, timing, type, ranks, ntail
  suite = ""; inpoints = 0; ranks = 0
}
function point_key(k, v) {
  if (k == "argument") arg = v
  else if (k == "mean") mean = v
  else if (k == "stderr") se = v
  else if (k == "repetitions") reps = v
  else if (k == "eps_met") eps = v
  else if (k == "refined") ref = v
  else if (k == "node_times" && v ~ /,/) ranks = 1
  else if (k == "node_times" && v == "") { ntblock = 1; ntitems = 0 }
  else if (k == "p50") p50 = v
}

/^[ \t]*#/ || /^[ \t]*$/ { next }
/^suites:/ { insuites = 1; sind = -1; next }
insuites && /^[^ -]/ { flush_suite(); insuites = 0 }
!insuites { next }
{
  i = indent($0); dash = ($0 ~ /^ *- /); k = keyof($0); v = valof($0)
  if (sind < 0 && dash) sind = i
  if (dash && i == sind) {           # a new suite
    flush_suite(); npoints = 0; ntail = 0; argname = "none"; timing = ""; type = ""; pind = -1; pitem = -1
  }
  if (inpoints && pitem < 0 && dash && i >= pind) pitem = i
  if (inpoints && (i < pind || (i == pind && !(dash && i == pitem)))) {
    flush_point(); inpoints = 0
  }
  if (inpoints) {
    # the items of a block sequence node_times: (two make per-rank times)
    if (ntblock && dash && i == pitem + 2 && $0 ~ /^ *- [^:]*$/) {
      if (++ntitems >= 2) ranks = 1
      next
    }
    ntblock = 0
    if (dash && i == pitem) { start_point(); point_key(k, v) }
    else if (i == pitem + 2) point_key(k, v)
    next
  }
  if (k == "name" && (i == sind + 2 || (dash && i == sind))) suite = v
  else if (k == "argument_name") argname = v
  else if (k == "timing" && i == sind + 2) timing = v
  else if (k == "type" && (i == sind + 2 || (dash && i == sind))) type = v
  else if (k == "points" && v == "") { inpoints = 1; pind = i; pitem = -1 }
}
END { flush_suite() }
