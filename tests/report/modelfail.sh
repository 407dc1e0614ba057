# SPDX-License-Identifier: BSD-3-Clause
# modelfail.sh -- a max-rate fit that fails is stated, not left out: a
# result whose concurrent pairs have one message length only (no model
# can be fitted) gets a model page whose legend and table say "no fit"
# with the reason, and a fits CSV row per failed model saying the same.
. "$top_srcdir/tests/report/lib.sh"
need_pdf_tools
cat >"$TMP/one.yaml" <<'EOT'
schema_version: 1
skampi_version: 0.1.0
suite_file: {path: one.skampi, sha256: null}
metadata: {}
run: {status: complete, start_time: 2026-11-24T02:00:00Z,
      end_time: 2026-11-24T02:00:01Z, wall_time: 1.0}
factors: {mpi_library: "MPICH Version:\t4.0.2", mpi_version: "4.0",
          processes: 4}
suites:
  - name: pairs
    type: 60
    instance: Multipair_Pingpong
    pattern: collective
    status: complete
    message: ""
    parameters: {Variation: Nodes, Default_Message_length: 1024}
    argument_name: nodes
    time_unit: s
    timing: max_over_pairs
    rate_unit: B/s
    points:
      - {argument: 2, mean: 4.0e-06, stderr: 1.0e-08, processes: 2}
      - {argument: 4, mean: 5.0e-06, stderr: 1.0e-08, processes: 4}
EOT
"$REPORT" "$TMP/one.yaml" -o "$TMP/m.pdf" --csv "$TMP/csv" \
  --script "$TMP/m.gp" 2>"$TMP/err" || fail "report: $(cat "$TMP/err")"
[ -s "$TMP/err" ] && fail "stderr: $(cat "$TMP/err")"
fits=$(ls "$TMP"/csv/p*-model-1-fits.csv 2>/dev/null)
[ -f "$fits" ] || fail "no fits CSV: $(ls "$TMP/csv")"
[ "$(head -n 1 "$fits")" = "regime_lo_bytes,regime_hi_bytes,model,k,alpha_s,beta_s_per_byte,r_n_bytes_per_s,r_cb_bytes_per_s,r_ci_bytes_per_s,wsse,points,max_rel_err,fit" ] ||
  fail "header: $(head -n 1 "$fits")"
for m in maxrate maxrate4 postal; do
  row=$(awk -F, -v m="$m" '$3 == m && $4 == 0' "$fits")
  [ "$row" = "0,inf,$m,0,,,,,,,,,failed: fewer than two message lengths" ] ||
    fail "fits CSV $m: '$row'"
done
grep -q -F "title 'max-rate model: no fit (see the table)'" "$TMP/m.gp" ||
  fail "the legend does not say the max-rate fit failed"
grep -q -F "set label 'max-rate: no fit (fewer than two message lengths)'" \
  "$TMP/m.gp" || fail "the table does not say why the fit failed"
mp=$(basename "$fits" | sed 's/^p0*\([0-9]*\)-.*/\1/')
pdftotext -f "$mp" -l "$mp" "$TMP/m.pdf" - 2>/dev/null |
  grep -q "max-rate: no fit (fewer than two message lengths)" ||
  fail "page $mp of the PDF does not say 'no fit'"
exit $((failures > 0))
