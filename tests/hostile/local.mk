# SPDX-License-Identifier: BSD-3-Clause
# tests/hostile/ -- untrusted input: hostile result files (results.sh and
# its corpus results/: NAME.yaml, the exact stderr of skampi-report and
# skampi-merge in NAME.report.err and NAME.merge.err, the exit statuses
# in STATUS; two inputs too large to keep are made by the script),
# nothing left behind; clean under valgrind (make check-valgrind).
TESTS += tests/hostile/results.sh
# times a little below 0, as skampi writes them (the overhead subtracted)
EXTRA_DIST += tests/hostile/results/overhead-negative-ok.yaml \
	tests/hostile/results/overhead-negative-ok.report.err \
	tests/hostile/results/overhead-negative-ok.merge.err
# a point without a value: drawn without it, refused by a merge
EXTRA_DIST += tests/hostile/results/no-value-point.yaml \
	tests/hostile/results/no-value-point.report.err \
	tests/hostile/results/no-value-point.merge.err
SK_HOSTILE = tests/hostile/results
EXTRA_DIST += tests/hostile/results.sh $(SK_HOSTILE)/STATUS
EXTRA_DIST += $(SK_HOSTILE)/alias-bomb.yaml \
	$(SK_HOSTILE)/alias-bomb.report.err $(SK_HOSTILE)/alias-bomb.merge.err
EXTRA_DIST += $(SK_HOSTILE)/argument-1e308.yaml \
	$(SK_HOSTILE)/argument-1e308.report.err $(SK_HOSTILE)/argument-1e308.merge.err
EXTRA_DIST += $(SK_HOSTILE)/argument-fraction.yaml \
	$(SK_HOSTILE)/argument-fraction.report.err $(SK_HOSTILE)/argument-fraction.merge.err
EXTRA_DIST += $(SK_HOSTILE)/argument-huge.yaml \
	$(SK_HOSTILE)/argument-huge.report.err $(SK_HOSTILE)/argument-huge.merge.err
EXTRA_DIST += $(SK_HOSTILE)/argument-negative.yaml \
	$(SK_HOSTILE)/argument-negative.report.err $(SK_HOSTILE)/argument-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/binary-garbage.yaml \
	$(SK_HOSTILE)/binary-garbage.report.err $(SK_HOSTILE)/binary-garbage.merge.err
EXTRA_DIST += $(SK_HOSTILE)/cut-in-number.yaml \
	$(SK_HOSTILE)/cut-in-number.report.err $(SK_HOSTILE)/cut-in-number.merge.err
EXTRA_DIST += $(SK_HOSTILE)/cut-negative.yaml \
	$(SK_HOSTILE)/cut-negative.report.err $(SK_HOSTILE)/cut-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/cut-short.yaml \
	$(SK_HOSTILE)/cut-short.report.err $(SK_HOSTILE)/cut-short.merge.err
EXTRA_DIST += $(SK_HOSTILE)/depth-64-ok.yaml \
	$(SK_HOSTILE)/depth-64-ok.report.err $(SK_HOSTILE)/depth-64-ok.merge.err
EXTRA_DIST += $(SK_HOSTILE)/depth-65.yaml \
	$(SK_HOSTILE)/depth-65.report.err $(SK_HOSTILE)/depth-65.merge.err
EXTRA_DIST += $(SK_HOSTILE)/duplicate-key.yaml \
	$(SK_HOSTILE)/duplicate-key.report.err $(SK_HOSTILE)/duplicate-key.merge.err
EXTRA_DIST += $(SK_HOSTILE)/elapsed-negative.yaml \
	$(SK_HOSTILE)/elapsed-negative.report.err $(SK_HOSTILE)/elapsed-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/invalid-utf8.yaml \
	$(SK_HOSTILE)/invalid-utf8.report.err $(SK_HOSTILE)/invalid-utf8.merge.err
EXTRA_DIST += $(SK_HOSTILE)/max-negative.yaml \
	$(SK_HOSTILE)/max-negative.report.err $(SK_HOSTILE)/max-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-above-1e6.yaml \
	$(SK_HOSTILE)/mean-above-1e6.report.err $(SK_HOSTILE)/mean-above-1e6.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-huge.yaml \
	$(SK_HOSTILE)/mean-huge.report.err $(SK_HOSTILE)/mean-huge.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-inf.yaml \
	$(SK_HOSTILE)/mean-inf.report.err $(SK_HOSTILE)/mean-inf.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-nan.yaml \
	$(SK_HOSTILE)/mean-nan.report.err $(SK_HOSTILE)/mean-nan.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-neg-inf.yaml \
	$(SK_HOSTILE)/mean-neg-inf.report.err $(SK_HOSTILE)/mean-neg-inf.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-negative.yaml \
	$(SK_HOSTILE)/mean-negative.report.err $(SK_HOSTILE)/mean-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-too-small.yaml \
	$(SK_HOSTILE)/mean-too-small.report.err $(SK_HOSTILE)/mean-too-small.merge.err
EXTRA_DIST += $(SK_HOSTILE)/mean-text.yaml \
	$(SK_HOSTILE)/mean-text.report.err $(SK_HOSTILE)/mean-text.merge.err
EXTRA_DIST += $(SK_HOSTILE)/median-nan.yaml \
	$(SK_HOSTILE)/median-nan.report.err $(SK_HOSTILE)/median-nan.merge.err
EXTRA_DIST += $(SK_HOSTILE)/merged-run-medians-short.yaml \
	$(SK_HOSTILE)/merged-run-medians-short.report.err $(SK_HOSTILE)/merged-run-medians-short.merge.err \
	$(SK_HOSTILE)/merged-point-runs-over.yaml \
	$(SK_HOSTILE)/merged-point-runs-over.report.err $(SK_HOSTILE)/merged-point-runs-over.merge.err
EXTRA_DIST += $(SK_HOSTILE)/min-inf.yaml \
	$(SK_HOSTILE)/min-inf.report.err $(SK_HOSTILE)/min-inf.merge.err
EXTRA_DIST += $(SK_HOSTILE)/nested-brackets.report.err \
	$(SK_HOSTILE)/nested-brackets.merge.err
EXTRA_DIST += $(SK_HOSTILE)/no-suites-ok.yaml \
	$(SK_HOSTILE)/no-suites-ok.report.err $(SK_HOSTILE)/no-suites-ok.merge.err
EXTRA_DIST += $(SK_HOSTILE)/node-times-negative.yaml \
	$(SK_HOSTILE)/node-times-negative.report.err $(SK_HOSTILE)/node-times-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/processes-fraction.yaml \
	$(SK_HOSTILE)/processes-fraction.report.err $(SK_HOSTILE)/processes-fraction.merge.err
EXTRA_DIST += $(SK_HOSTILE)/processes-negative.yaml \
	$(SK_HOSTILE)/processes-negative.report.err $(SK_HOSTILE)/processes-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/q1-nan.yaml \
	$(SK_HOSTILE)/q1-nan.report.err $(SK_HOSTILE)/q1-nan.merge.err
EXTRA_DIST += $(SK_HOSTILE)/q3-negative.yaml \
	$(SK_HOSTILE)/q3-negative.report.err $(SK_HOSTILE)/q3-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/rate-inf.yaml \
	$(SK_HOSTILE)/rate-inf.report.err $(SK_HOSTILE)/rate-inf.merge.err
EXTRA_DIST += $(SK_HOSTILE)/recursive-alias.yaml \
	$(SK_HOSTILE)/recursive-alias.report.err $(SK_HOSTILE)/recursive-alias.merge.err
EXTRA_DIST += $(SK_HOSTILE)/repetitions-negative.yaml \
	$(SK_HOSTILE)/repetitions-negative.report.err $(SK_HOSTILE)/repetitions-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/scalar-1mib-plus-1.report.err \
	$(SK_HOSTILE)/scalar-1mib-plus-1.merge.err
EXTRA_DIST += $(SK_HOSTILE)/schema-999.yaml \
	$(SK_HOSTILE)/schema-999.report.err $(SK_HOSTILE)/schema-999.merge.err
EXTRA_DIST += $(SK_HOSTILE)/schema-missing.yaml \
	$(SK_HOSTILE)/schema-missing.report.err $(SK_HOSTILE)/schema-missing.merge.err
EXTRA_DIST += $(SK_HOSTILE)/schema-tagged.yaml \
	$(SK_HOSTILE)/schema-tagged.report.err $(SK_HOSTILE)/schema-tagged.merge.err
EXTRA_DIST += $(SK_HOSTILE)/schema-text.yaml \
	$(SK_HOSTILE)/schema-text.report.err $(SK_HOSTILE)/schema-text.merge.err
EXTRA_DIST += $(SK_HOSTILE)/schema-zero.yaml \
	$(SK_HOSTILE)/schema-zero.report.err $(SK_HOSTILE)/schema-zero.merge.err
EXTRA_DIST += $(SK_HOSTILE)/second-document.yaml \
	$(SK_HOSTILE)/second-document.report.err $(SK_HOSTILE)/second-document.merge.err
EXTRA_DIST += $(SK_HOSTILE)/stderr-negative.yaml \
	$(SK_HOSTILE)/stderr-negative.report.err $(SK_HOSTILE)/stderr-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/suite-not-mapping.yaml \
	$(SK_HOSTILE)/suite-not-mapping.report.err $(SK_HOSTILE)/suite-not-mapping.merge.err
EXTRA_DIST += $(SK_HOSTILE)/suites-mapping.yaml \
	$(SK_HOSTILE)/suites-mapping.report.err $(SK_HOSTILE)/suites-mapping.merge.err
EXTRA_DIST += $(SK_HOSTILE)/valid.yaml \
	$(SK_HOSTILE)/valid.report.err $(SK_HOSTILE)/valid.merge.err
EXTRA_DIST += $(SK_HOSTILE)/wall-time-nan.yaml \
	$(SK_HOSTILE)/wall-time-nan.report.err $(SK_HOSTILE)/wall-time-nan.merge.err

# the factors and run times of a result file, each checked
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-huge.yaml \
	$(SK_HOSTILE)/factors-processes-huge.report.err $(SK_HOSTILE)/factors-processes-huge.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-negative.yaml \
	$(SK_HOSTILE)/factors-processes-negative.report.err $(SK_HOSTILE)/factors-processes-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-text.yaml \
	$(SK_HOSTILE)/factors-processes-text.report.err $(SK_HOSTILE)/factors-processes-text.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-fraction.yaml \
	$(SK_HOSTILE)/factors-processes-fraction.report.err $(SK_HOSTILE)/factors-processes-fraction.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-hex.yaml \
	$(SK_HOSTILE)/factors-processes-hex.report.err $(SK_HOSTILE)/factors-processes-hex.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-list.yaml \
	$(SK_HOSTILE)/factors-processes-list.report.err $(SK_HOSTILE)/factors-processes-list.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-map.yaml \
	$(SK_HOSTILE)/factors-processes-map.report.err $(SK_HOSTILE)/factors-processes-map.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-processes-zero.yaml \
	$(SK_HOSTILE)/factors-processes-zero.report.err $(SK_HOSTILE)/factors-processes-zero.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-hosts-map.yaml \
	$(SK_HOSTILE)/factors-hosts-map.report.err $(SK_HOSTILE)/factors-hosts-map.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-hosts-count.yaml \
	$(SK_HOSTILE)/factors-hosts-count.report.err $(SK_HOSTILE)/factors-hosts-count.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-hosts-empty.yaml \
	$(SK_HOSTILE)/factors-hosts-empty.report.err $(SK_HOSTILE)/factors-hosts-empty.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-hosts-nested.yaml \
	$(SK_HOSTILE)/factors-hosts-nested.report.err $(SK_HOSTILE)/factors-hosts-nested.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-timer-unknown.yaml \
	$(SK_HOSTILE)/factors-timer-unknown.report.err $(SK_HOSTILE)/factors-timer-unknown.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-pinned-text.yaml \
	$(SK_HOSTILE)/factors-pinned-text.report.err $(SK_HOSTILE)/factors-pinned-text.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-environment-list.yaml \
	$(SK_HOSTILE)/factors-environment-list.report.err $(SK_HOSTILE)/factors-environment-list.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-batch-list.yaml \
	$(SK_HOSTILE)/factors-batch-list.report.err $(SK_HOSTILE)/factors-batch-list.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-unknown-nested.yaml \
	$(SK_HOSTILE)/factors-unknown-nested.report.err $(SK_HOSTILE)/factors-unknown-nested.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-unknown-ok.yaml \
	$(SK_HOSTILE)/factors-unknown-ok.report.err $(SK_HOSTILE)/factors-unknown-ok.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-seed-huge.yaml \
	$(SK_HOSTILE)/factors-seed-huge.report.err $(SK_HOSTILE)/factors-seed-huge.merge.err
EXTRA_DIST += $(SK_HOSTILE)/factors-overhead-negative.yaml \
	$(SK_HOSTILE)/factors-overhead-negative.report.err $(SK_HOSTILE)/factors-overhead-negative.merge.err
EXTRA_DIST += $(SK_HOSTILE)/start-time-script.yaml \
	$(SK_HOSTILE)/start-time-script.report.err $(SK_HOSTILE)/start-time-script.merge.err
EXTRA_DIST += $(SK_HOSTILE)/start-time-month-13.yaml \
	$(SK_HOSTILE)/start-time-month-13.report.err $(SK_HOSTILE)/start-time-month-13.merge.err
EXTRA_DIST += $(SK_HOSTILE)/start-time-formula.yaml \
	$(SK_HOSTILE)/start-time-formula.report.err $(SK_HOSTILE)/start-time-formula.merge.err
EXTRA_DIST += $(SK_HOSTILE)/end-time-feb-30.yaml \
	$(SK_HOSTILE)/end-time-feb-30.report.err $(SK_HOSTILE)/end-time-feb-30.merge.err
EXTRA_DIST += $(SK_HOSTILE)/start-time-fraction-ok.yaml \
	$(SK_HOSTILE)/start-time-fraction-ok.report.err $(SK_HOSTILE)/start-time-fraction-ok.merge.err

TESTS += tests/hostile/outputs.sh
EXTRA_DIST += tests/hostile/outputs.sh

# tests/hostile/ -- untrusted input: hostile suite files are refused (or
# accepted) with their exact message and status, at once.
TESTS += tests/hostile/suites.sh
EXTRA_DIST += tests/hostile/suites.sh \
	tests/hostile/suites/control-name.skampi \
	tests/hostile/suites/control-name.expected \
	tests/hostile/suites/huge-number.skampi \
	tests/hostile/suites/huge-number.expected \
	tests/hostile/suites/negative-basetype.skampi \
	tests/hostile/suites/negative-basetype.expected \
	tests/hostile/suites/negative-sizes.skampi \
	tests/hostile/suites/negative-sizes.expected \
	tests/hostile/suites/not-utf8.skampi \
	tests/hostile/suites/not-utf8.expected \
	tests/hostile/suites/nul-byte.skampi \
	tests/hostile/suites/nul-byte.expected \
	tests/hostile/suites/tiny-stepwidth.skampi \
	tests/hostile/suites/tiny-stepwidth.expected \
	tests/hostile/suites/zero-elements.skampi \
	tests/hostile/suites/zero-elements.expected
# node maps: one that does not add up, a node out of range, ranks other
# than factors.processes (refused); a map of 2^31 - 1 ranks in one run
# (O(runs) memory), host names that try to break out of a gnuplot string
# (drawn, harmless)
EXTRA_DIST += $(SK_HOSTILE)/nodemap-gap.yaml \
	$(SK_HOSTILE)/nodemap-gap.report.err $(SK_HOSTILE)/nodemap-gap.merge.err \
	$(SK_HOSTILE)/nodemap-node-range.yaml \
	$(SK_HOSTILE)/nodemap-node-range.report.err \
	$(SK_HOSTILE)/nodemap-node-range.merge.err \
	$(SK_HOSTILE)/nodemap-processes.yaml \
	$(SK_HOSTILE)/nodemap-processes.report.err \
	$(SK_HOSTILE)/nodemap-processes.merge.err \
	$(SK_HOSTILE)/nodemap-half-run.yaml \
	$(SK_HOSTILE)/nodemap-half-run.report.err \
	$(SK_HOSTILE)/nodemap-half-run.merge.err \
	$(SK_HOSTILE)/nodemap-huge-ok.yaml \
	$(SK_HOSTILE)/nodemap-huge-ok.report.err \
	$(SK_HOSTILE)/nodemap-huge-ok.merge.err \
	$(SK_HOSTILE)/nodemap-host-quote-ok.yaml \
	$(SK_HOSTILE)/nodemap-host-quote-ok.report.err \
	$(SK_HOSTILE)/nodemap-host-quote-ok.merge.err

# tests/hostile/ -- what skampi-db publish may remove or replace (only
# its own files, by its manifest), a killed publish, two at once.
if SK_DB
TESTS += tests/hostile/publish.sh
endif
EXTRA_DIST += tests/hostile/publish.sh

# tests/hostile/ -- other benchmarks' outputs from strangers: every
# NAME.osu.txt and NAME.imb.txt refused by skampi-db import --from with
# exactly the messages of its .err, nothing stored.
if SK_DB
TESTS += tests/hostile/peers.sh
endif
EXTRA_DIST += tests/hostile/peers.sh \
	tests/hostile/peers/bad-date.imb.err \
	tests/hostile/peers/bad-date.imb.txt \
	tests/hostile/peers/blank-lines.osu.err \
	tests/hostile/peers/blank-lines.osu.txt \
	tests/hostile/peers/collective-without-np.osu.err \
	tests/hostile/peers/collective-without-np.osu.txt \
	tests/hostile/peers/column-twice.osu.err \
	tests/hostile/peers/column-twice.osu.txt \
	tests/hostile/peers/comment-in-table.osu.err \
	tests/hostile/peers/comment-in-table.osu.txt \
	tests/hostile/peers/control-chars-number.osu.err \
	tests/hostile/peers/control-chars-number.osu.txt \
	tests/hostile/peers/empty.imb.err \
	tests/hostile/peers/empty.imb.txt \
	tests/hostile/peers/empty.osu.err \
	tests/hostile/peers/empty.osu.txt \
	tests/hostile/peers/escape-in-column.osu.err \
	tests/hostile/peers/escape-in-column.osu.txt \
	tests/hostile/peers/hex-time.osu.err \
	tests/hostile/peers/hex-time.osu.txt \
	tests/hostile/peers/hostile-benchmark-name.imb.err \
	tests/hostile/peers/hostile-benchmark-name.imb.txt \
	tests/hostile/peers/huge-time.osu.err \
	tests/hostile/peers/huge-time.osu.txt \
	tests/hostile/peers/inf-time.osu.err \
	tests/hostile/peers/inf-time.osu.txt \
	tests/hostile/peers/long-line.osu.err \
	tests/hostile/peers/long-line.osu.txt \
	tests/hostile/peers/nan-time.osu.err \
	tests/hostile/peers/nan-time.osu.txt \
	tests/hostile/peers/negative-time.osu.err \
	tests/hostile/peers/negative-time.osu.txt \
	tests/hostile/peers/no-date.imb.err \
	tests/hostile/peers/no-date.imb.txt \
	tests/hostile/peers/no-processes.imb.err \
	tests/hostile/peers/no-processes.imb.txt \
	tests/hostile/peers/no-tables.imb.err \
	tests/hostile/peers/no-tables.imb.txt \
	tests/hostile/peers/no-time-column.osu.err \
	tests/hostile/peers/no-time-column.osu.txt \
	tests/hostile/peers/no-title.osu.err \
	tests/hostile/peers/no-title.osu.txt \
	tests/hostile/peers/nul-byte.osu.err \
	tests/hostile/peers/nul-byte.osu.txt \
	tests/hostile/peers/number-too-long.osu.err \
	tests/hostile/peers/number-too-long.osu.txt \
	tests/hostile/peers/osu-output.imb.err \
	tests/hostile/peers/osu-output.imb.txt \
	tests/hostile/peers/processes-huge.imb.err \
	tests/hostile/peers/processes-huge.imb.txt \
	tests/hostile/peers/row-before-header.osu.err \
	tests/hostile/peers/row-before-header.osu.txt \
	tests/hostile/peers/row-outside-table.imb.err \
	tests/hostile/peers/row-outside-table.imb.txt \
	tests/hostile/peers/same-block-twice.imb.err \
	tests/hostile/peers/same-block-twice.imb.txt \
	tests/hostile/peers/second-header.imb.err \
	tests/hostile/peers/second-header.imb.txt \
	tests/hostile/peers/second-title.osu.err \
	tests/hostile/peers/second-title.osu.txt \
	tests/hostile/peers/size-fraction.osu.err \
	tests/hostile/peers/size-fraction.osu.txt \
	tests/hostile/peers/size-huge.osu.err \
	tests/hostile/peers/size-huge.osu.txt \
	tests/hostile/peers/sizes-not-growing.osu.err \
	tests/hostile/peers/sizes-not-growing.osu.txt \
	tests/hostile/peers/table-before-benchmarking.imb.err \
	tests/hostile/peers/table-before-benchmarking.imb.txt \
	tests/hostile/peers/text-in-row.osu.err \
	tests/hostile/peers/text-in-row.osu.txt \
	tests/hostile/peers/title-no-version.osu.err \
	tests/hostile/peers/title-no-version.osu.txt \
	tests/hostile/peers/title-only.osu.err \
	tests/hostile/peers/title-only.osu.txt \
	tests/hostile/peers/too-few-numbers.osu.err \
	tests/hostile/peers/too-few-numbers.osu.txt \
	tests/hostile/peers/too-large.osu.err \
	tests/hostile/peers/too-many-numbers.osu.err \
	tests/hostile/peers/too-many-numbers.osu.txt \
	tests/hostile/peers/two-tables-one-block.imb.err \
	tests/hostile/peers/two-tables-one-block.imb.txt \
	tests/hostile/peers/unknown-column.imb.err \
	tests/hostile/peers/unknown-column.imb.txt \
	tests/hostile/peers/unknown-column.osu.err \
	tests/hostile/peers/unknown-column.osu.txt
# tests/hostile/ -- the database file as bad luck leaves it (a table
# dropped, a path mistyped, another program's, a read-only medium, a file
# size limit) and directories with links to import and push.
if SK_DB
TESTS += tests/hostile/dbopen.sh
endif
EXTRA_DIST += tests/hostile/dbopen.sh

# tests/hostile/ -- formula injection: every CSV of skampi-db and
# skampi-report holds a formula as text.
TESTS += tests/hostile/csv.sh
EXTRA_DIST += tests/hostile/csv.sh

# tests/hostile/ -- HTTP written by hand against skampi-db serve.
if SK_DB
TESTS += tests/hostile/http.sh
endif
EXTRA_DIST += tests/hostile/http.sh tests/hostile/http.py

# tests/hostile/ -- 256 hostile connections; a well-behaved client is
# answered, the memory stays in its budget.
if SK_DB
TESTS += tests/hostile/flood.sh
endif
EXTRA_DIST += tests/hostile/flood.sh tests/hostile/flood.py

# tests/hostile/ -- a stranger's names in list, show and suites (escaped),
# selections of 1,000 and 10,001 words, dates out of range.
if SK_DB
TESTS += tests/hostile/names.sh
endif
EXTRA_DIST += tests/hostile/names.sh
# names that end a gnuplot string early or that gnuplot cannot show, as
# machine, suite and label, through every program that draws
if SK_DB
TESTS += tests/hostile/gpnames.sh
endif
EXTRA_DIST += tests/hostile/gpnames.sh tests/hostile/gpnames.py
# a tag by import --tag is refused exactly as an upload's
if SK_DB
TESTS += tests/hostile/tags.sh
endif
EXTRA_DIST += tests/hostile/tags.sh
# push DIR of long names or too many files; "ustar" at byte 257 of a run
if SK_DB
TESTS += tests/hostile/pushdir.sh
endif
EXTRA_DIST += tests/hostile/pushdir.sh
