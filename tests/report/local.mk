# SPDX-License-Identifier: BSD-3-Clause
# tests/report/ -- skampi-report on stored result files (no MPI).
check_PROGRAMS += tests/report/units-test
tests_report_units_test_CPPFLAGS = $(SK_REPORT_CPPFLAGS)
tests_report_units_test_LDADD = $(SK_REPORT_LIBS)
TESTS += \
	tests/report/units-test \
	tests/report/pdf.sh \
	tests/report/csv.sh \
	tests/report/errors.sh \
	tests/report/doc.sh \
	tests/report/novalue.sh tests/report/hidden.sh tests/report/incomplete.sh \
	tests/report/unresolved.sh \
	tests/report/valgrind.sh \
	tests/report/ranks1024.sh
EXTRA_DIST += \
	tests/report/ranks1024.sh tests/report/ranks1024.awk \
	tests/report/novalue.sh tests/report/nan/no-value.yaml \
	tests/report/hidden.sh tests/report/nan/hidden.yaml \
	tests/report/unresolved.sh tests/report/nan/unresolved.yaml \
	tests/report/incomplete.sh \
	tests/report/valgrind.sh \
	tests/report/lib.sh tests/report/yaml-points.awk \
	tests/report/pdf.sh tests/report/csv.sh tests/report/errors.sh \
	tests/report/doc.sh \
	tests/report/groups.yaml \
	tests/report/results/cluster-a.yaml \
	tests/report/results/cluster-b.yaml \
	tests/report/real/real.skampi tests/report/real/mpich.yaml \
	tests/report/real/openmpi.yaml \
	tests/report/extra/unknown-keys.yaml \
	tests/report/extra/empty-run.yaml \
	tests/report/extra/many-suites.yaml \
	$(sk_report_bad_files)
sk_report_bad_files = \
	tests/report/bad/bad-argument-name.err \
	tests/report/bad/bad-argument-name.yaml \
	tests/report/bad/empty.err \
	tests/report/bad/empty.yaml \
	tests/report/bad/malformed.err \
	tests/report/bad/malformed.yaml \
	tests/report/bad/missing-mean.err \
	tests/report/bad/missing-mean.yaml \
	tests/report/bad/newer-schema.err \
	tests/report/bad/newer-schema.yaml \
	tests/report/bad/no-schema.err \
	tests/report/bad/no-schema.yaml \
	tests/report/bad/not-a-number.err \
	tests/report/bad/not-a-number.yaml \
	tests/report/bad/params-bandwidth-nodes.err \
	tests/report/bad/params-bandwidth-nodes.yaml \
	tests/report/bad/params-label-list.err \
	tests/report/bad/params-label-list.yaml \
	tests/report/bad/params-mixed.err \
	tests/report/bad/params-mixed.yaml \
	tests/report/bad/params-no-data.err \
	tests/report/bad/params-no-data.yaml \
	tests/report/bad/params-no-match.err \
	tests/report/bad/params-no-match.yaml \
	tests/report/bad/params-unknown-file.err \
	tests/report/bad/params-unknown-file.yaml \
	tests/report/bad/params-unknown-key.err \
	tests/report/bad/params-unknown-key.yaml \
	tests/report/bad/time-unit.err \
	tests/report/bad/time-unit.yaml \
	tests/report/bad/tail-order.err tests/report/bad/tail-order.yaml \
	tests/report/bad/tail-partial.err tests/report/bad/tail-partial.yaml \
	tests/report/bad/tail-ci.err tests/report/bad/tail-ci.yaml
# the tail-latency page (Percentiles) and the subtitles of In_Place,
# Root and Verify
TESTS += tests/report/tail.sh
EXTRA_DIST += tests/report/tail.sh tests/report/extra/tail.yaml \
	tests/report/extra/tail-merged.yaml
# beyond the SKaMPI patterns: the model page from synthetic data
TESTS += tests/report/model.sh tests/report/modelfail.sh
EXTRA_DIST += tests/report/model.sh tests/report/model-data.awk \
	tests/report/modelfail.sh
# collective bandwidth per process and host; switches of the real runs
check_PROGRAMS += tests/report/collbw-test
tests_report_collbw_test_CPPFLAGS = $(SK_REPORT_CPPFLAGS)
tests_report_collbw_test_LDADD = $(SK_REPORT_LIBS)
TESTS += tests/report/collbw-test tests/report/collbw.sh
EXTRA_DIST += tests/report/collbw.sh tests/report/extra/collbw-2hosts.yaml
# one formula for every bandwidth: CSV, bandwidth page, suite pages
TESTS += tests/report/bandwidth.sh
EXTRA_DIST += tests/report/bandwidth.sh tests/report/rate/bandwidth.yaml
# the subtitle states the settings the suite records
TESTS += tests/report/subtitle.sh
EXTRA_DIST += tests/report/subtitle.sh tests/report/rate/settings.yaml
# dispersion: quartiles, the CI of a merged median, modes
TESTS += tests/report/spread.sh
EXTRA_DIST += tests/report/spread.sh tests/report/rate/spread.yaml

TESTS += tests/report/overlap.sh
EXTRA_DIST += tests/report/overlap.sh tests/report/extra/overlap.yaml
# the per-rank page at 1,024 and 4,096 synthesized ranks
TESTS += tests/report/ranks.sh
EXTRA_DIST += tests/report/ranks.sh tests/report/ranks-result.awk
