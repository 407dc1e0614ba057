# SPDX-License-Identifier: BSD-3-Clause
# tests/fuzz/ -- libFuzzer targets (tests/fuzz/README.md).
# configure --enable-fuzzing CC=clang: everything is built with coverage
# for libFuzzer and with ASan/UBSan; tests/fuzz/fuzz_parse is the target.
EXTRA_DIST += tests/fuzz/fuzz_parse.c tests/fuzz/README.md tests/fuzz/skampi.dict \
	tests/fuzz/ci-fuzz.sh tests/fuzz/fuzz_yread.c
if FUZZING
AM_CFLAGS += -fsanitize=fuzzer-no-link,address,undefined
AM_LDFLAGS += -fsanitize=address,undefined
noinst_PROGRAMS += tests/fuzz/fuzz_parse
tests_fuzz_fuzz_parse_SOURCES = tests/fuzz/fuzz_parse.c
tests_fuzz_fuzz_parse_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_parse_LDADD = $(SK_SRC_NOMPI_LIBS)
# the result reader (lib/yread.c)
noinst_PROGRAMS += tests/fuzz/fuzz_yread
tests_fuzz_fuzz_yread_SOURCES = tests/fuzz/fuzz_yread.c
tests_fuzz_fuzz_yread_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
tests_fuzz_fuzz_yread_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_yread_LDADD = $(SK_LIB_LIBS)
endif

