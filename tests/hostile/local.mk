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
	tests/hostile/suites/zero-elements.skampi \
	tests/hostile/suites/zero-elements.expected
