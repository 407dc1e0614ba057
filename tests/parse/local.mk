# SPDX-License-Identifier: BSD-3-Clause
# tests/parse/ -- golden files of the suite language, and the shipped suites.
# ok-*: the resolved plan of a valid file; err-*: the exact diagnostics.
# run-golden.sh says how to update an .expected file.
SK_PARSE_GOLDEN = \
	tests/parse/ok-neighbor.skampi \
	tests/parse/err-neighbor.skampi \
	tests/parse/err-fixed-repetitions.skampi \
	tests/parse/err-cache.skampi \
	tests/parse/err-cache-size.skampi \
	tests/parse/ok-fixed-repetitions.skampi \
	tests/parse/ok-cache.skampi \
	tests/parse/ok-overlap-test-calls.skampi \
	tests/parse/ok-cache-size.skampi \
	tests/parse/err-synchronization.skampi \
	tests/parse/err-window-size.skampi \
	tests/parse/err-clock-sync.skampi \
	tests/parse/err-outlier-filter.skampi \
	tests/parse/err-raw-samples.skampi \
	tests/parse/ok-synchronization.skampi \
	tests/parse/ok-window-size.skampi \
	tests/parse/ok-clock-sync.skampi \
	tests/parse/ok-outlier-filter.skampi \
	tests/parse/ok-raw-samples.skampi \
	tests/parse/ok-postproc.skampi \
	tests/parse/err-postproc.skampi \
	tests/parse/err-outfile-path.skampi \
	tests/parse/err-outfile-hidden.skampi \
	tests/parse/err-basetype-missing.skampi \
	tests/parse/err-basetype-values.skampi \
	tests/parse/err-basetype-overlap.skampi \
	tests/parse/err-batch.skampi \
	tests/parse/err-overlap-test-calls.skampi \
	tests/parse/err-cut-quantile.skampi \
	tests/parse/err-datatype-unknown.skampi \
	tests/parse/err-count-distribution.skampi \
	tests/parse/err-memory-datatype.skampi \
	tests/parse/err-memory-basetype.skampi \
	tests/parse/err-fuzz-basetype-zero-count.skampi \
	tests/parse/ok-memory-basetype.skampi \
	tests/parse/err-default-value-no-default.skampi \
	tests/parse/err-distance.skampi \
	tests/parse/err-duplicate-basetype.skampi \
	tests/parse/err-duplicate-key.skampi \
	tests/parse/err-duplicate-measurements.skampi \
	tests/parse/err-duplicate-preamble.skampi \
	tests/parse/err-duplicate-suite.skampi \
	tests/parse/err-grid-too-large.skampi \
	tests/parse/err-memory-too-small.skampi \
	tests/parse/err-min-gt-max-repetition.skampi \
	tests/parse/err-missing-brace.skampi \
	tests/parse/err-missing-type.skampi \
	tests/parse/err-multiple.skampi \
	tests/parse/err-negative-repetitions.skampi \
	tests/parse/err-no-measurements.skampi \
	tests/parse/err-no-suites.skampi \
	tests/parse/err-nodes.skampi \
	tests/parse/err-not-utf8.skampi \
	tests/parse/err-not-whole.skampi \
	tests/parse/err-order.skampi \
	tests/parse/err-preamble-dedupe.skampi \
	tests/parse/err-preamble-key-in-suite.skampi \
	tests/parse/err-preamble-values.skampi \
	tests/parse/err-special-values.skampi \
	tests/parse/err-standard-error.skampi \
	tests/parse/err-start-gt-end.skampi \
	tests/parse/err-stepwidth-log.skampi \
	tests/parse/err-syntax-equals.skampi \
	tests/parse/err-syntax-semicolon.skampi \
	tests/parse/err-syntax-stray.skampi \
	tests/parse/err-top-level-brace.skampi \
	tests/parse/err-unit-not-allowed.skampi \
	tests/parse/err-unit-unknown.skampi \
	tests/parse/err-unknown-key-nosuggest.skampi \
	tests/parse/err-unknown-key.skampi \
	tests/parse/err-unknown-preamble-nosuggest.skampi \
	tests/parse/err-unknown-preamble.skampi \
	tests/parse/err-unknown-type-name.skampi \
	tests/parse/err-unknown-type-number.skampi \
	tests/parse/err-unterminated-block.skampi \
	tests/parse/err-unterminated-string.skampi \
	tests/parse/err-value-after.skampi \
	tests/parse/ok-variation-preamble.skampi \
	tests/parse/err-variation-unsupported.skampi \
	tests/parse/err-wrong-type.skampi \
	tests/parse/err-zero-elements.skampi \
	tests/parse/err-hex-number.skampi \
	tests/parse/err-cr-line-ends.skampi \
	tests/parse/err-cascade-no-suites.skampi \
	tests/parse/ok-basetypes.skampi \
	tests/parse/ok-bom.skampi \
	tests/parse/ok-chunks.skampi \
	tests/parse/ok-comments-strings.skampi \
	tests/parse/ok-crlf-tabs.skampi \
	tests/parse/ok-datatypes.skampi \
	tests/parse/ok-count-distribution.skampi \
	tests/parse/ok-fig1.skampi \
	tests/parse/ok-invalid-value.skampi \
	tests/parse/ok-linear-stepwidth.skampi \
	tests/parse/ok-many-suites.skampi \
	tests/parse/ok-max-value-collective.skampi \
	tests/parse/ok-max-value-bsend.skampi \
	tests/parse/err-displacements.skampi \
	tests/parse/ok-memory-fit.skampi \
	tests/parse/ok-memory-fit-displ.skampi \
	tests/parse/ok-mw-chunks.skampi \
	tests/parse/err-memory-bsend.skampi \
	tests/parse/ok-measurement-alias.skampi \
	tests/parse/ok-memory-exact.skampi \
	tests/parse/ok-minimal.skampi \
	tests/parse/ok-nodes.skampi \
	tests/parse/ok-preamble-defaults.skampi \
	tests/parse/ok-type-by-name.skampi \
	tests/parse/ok-units.skampi \
	tests/parse/ok-variation-default.skampi \
	tests/parse/ok-rma.skampi \
	tests/parse/err-rma.skampi \
	tests/parse/err-partitions.skampi \
	tests/parse/err-window.skampi tests/parse/ok-window.skampi \
	tests/parse/ok-types.skampi tests/parse/err-threads.skampi \
	tests/parse/ok-threads.skampi
# MPI-IO: @IO_DIRECTORY and IO_File
SK_PARSE_GOLDEN += tests/parse/ok-io.skampi tests/parse/err-io.skampi \
	tests/parse/err-io-notdir.skampi tests/parse/err-io-empty.skampi
# the keys that place pairs: Pair and Pairs_Placement
SK_PARSE_GOLDEN += tests/parse/ok-pair.skampi tests/parse/err-pair.skampi \
	tests/parse/ok-pairs-placement.skampi \
	tests/parse/err-pairs-placement.skampi tests/parse/err-missing-pair.skampi
# Percentiles, In_Place, Root and Verify
SK_PARSE_GOLDEN += tests/parse/ok-in-place-root.skampi \
	tests/parse/err-in-place-root.skampi
SK_PARSE_SH = \
	tests/parse/suites.sh \
	tests/parse/np.sh \
	tests/parse/doc-examples.sh \
	tests/parse/doc-tables.sh \
	tests/parse/cli.sh \
	tests/parse/mpi-bad-suite.sh
TESTS += $(SK_PARSE_GOLDEN) $(SK_PARSE_SH)
EXTRA_DIST += tests/parse/run-golden.sh $(SK_PARSE_SH) \
	$(SK_PARSE_GOLDEN) $(SK_PARSE_GOLDEN:.skampi=.expected)

