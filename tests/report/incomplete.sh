# SPDX-License-Identifier: BSD-3-Clause
# incomplete.sh -- a run with many suites that did not complete keeps
# what matters on its title page (doc/report.md, "Title page"): the
# experimental factors and the node map, the library faults, the counts
# by reason and the first three suites named; every one of them (and
# every factor) on a details page after the suite table.  The input is
# crafted: cluster-a.yaml (6 suites, one failed) and 20 more suites without points, 18 cut by
# Time_Run, one failed, one a library fault.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
in=$TMP/cut.yaml
{
  cat "$FIX/results/cluster-a.yaml"
  i=1
  while [ $i -le 20 ]; do
    case $i in
      19) st=failed msg="MPI_Alloc_mem failed" ;;
      20) st=library_fault msg="library fault: MPI_Alltoall delivered wrong data on 16 processes at argument 32 (send pattern 52 (Indexed) of @Basetype1, receive pattern 54 (Struct) of @Basetype1): byte 4 is 0x71, expected 0xc5; MPI library: Open MPI v4.1.4; reproducer: out.yaml.cut-20.repro.c" ;;
      *) st=incomplete msg="its share of Time_Run (1.43 s) reached after 0 points, 0 of them missed eps" ;;
    esac
    awk -v n="cut-$i" -v st="$st" -v msg="$msg" '
      /^  - name:/ { k++ }
      k == 6 && /^  - name:/ { print "  - name: " n; next }
      k == 6 && /^    status:/ { print "    status: " st; next }
      k == 6 && /^    message:/ { print "    message: \"" msg "\""; next }
      k == 6' "$FIX/results/cluster-a.yaml"
    i=$((i + 1))
  done
} > "$in"
"$REPORT" "$in" -o "$TMP/r.pdf" 2> "$TMP/err" || fail "report: $(cat "$TMP/err")"
want=$(expected_pages "$in")
got=$(pdf_pages "$TMP/r.pdf")
[ "$got" = "$want" ] || fail "$got pages, want $want"
pdftotext -layout -f 1 -l 1 "$TMP/r.pdf" "$TMP/p1.txt" || fail "pdftotext"
for text in "Experimental factors" "mpi_library" "processes" "timer_overhead" \
    "affinity" "0, 1, 2, 3" "cachewarmup" \
    "Suites that did not complete (21 of 26)" \
    "18 × incomplete: its share of Time_Run" "2 × failed: MPI_Alloc_mem failed" \
    "1 × library_fault: library fault" \
    "first: MPI_Alltoall-big, cut-1, cut-2 … and 18 more (all on the details page)" \
    "Library faults found (wrong data from MPI)" "cut-20: library fault: MPI_Alltoall" \
    "reproducer: out.yaml.cut-20.repro.c"; do
  grep -qF -- "$text" "$TMP/p1.txt" || fail "title page lacks '$text'"
done
# the hosts of the processes (the file has no node map: its hosts are it)
grep -qF "a01 ×2, a02 ×2" "$TMP/p1.txt" || fail "title page lacks the hosts"
# the details page: after the page of the suite table
pdftotext -layout -f 2 -l 2 "$TMP/r.pdf" "$TMP/p3.txt" || fail "pdftotext"
for text in "Suites that did not complete (21 of 26)" "cut-1: incomplete" \
    "cut-18: incomplete" "cut-19: failed" "cut-20: library_fault" \
    "Every factor" "environment.FI_PROVIDER=verbs" "hosts=a01 ×2, a02 ×2" \
    "Machine (suite file preamble)" "Cluster A (4 nodes)"; do
  grep -qF -- "$text" "$TMP/p3.txt" || fail "details page lacks '$text'"
done
# a file with three suites that did not complete has no details page
"$REPORT" "$FIX/results/cluster-a.yaml" -o "$TMP/a.pdf" 2> "$TMP/err" ||
  fail "report: $(cat "$TMP/err")"
[ "$(pdf_pages "$TMP/a.pdf")" = "$(expected_pages "$FIX/results/cluster-a.yaml")" ] ||
  fail "cluster-a: $(pdf_pages "$TMP/a.pdf") pages"
exit $((failures > 0))
