# SPDX-License-Identifier: BSD-3-Clause
# tests/fuzz/ -- libFuzzer targets (tests/fuzz/README.md).
# configure --enable-fuzzing CC=clang: everything is built with coverage
# for libFuzzer and with ASan/UBSan; tests/fuzz/fuzz_parse is the target.
EXTRA_DIST += tests/fuzz/fuzz_parse.c tests/fuzz/README.md tests/fuzz/skampi.dict \
	tests/fuzz/ci-fuzz.sh tests/fuzz/fuzz_yread.c tests/fuzz/fuzz_tar.c \
	tests/fuzz/fuzz_webhead.c tests/fuzz/fuzz_pushjson.c
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
# skampi-db's readers of a stranger's bytes: the campaign archive of an
# upload (db/ingest/tar.c), the HTTP head the gate takes
# (db/web/webhead.c), a server's JSON answer to push (db/push/push.c)
noinst_PROGRAMS += tests/fuzz/fuzz_tar tests/fuzz/fuzz_webhead \
	tests/fuzz/fuzz_pushjson
tests_fuzz_fuzz_tar_SOURCES = tests/fuzz/fuzz_tar.c
tests_fuzz_fuzz_tar_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_fuzz_fuzz_tar_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_tar_LDADD = $(SK_DB_LIBS)
tests_fuzz_fuzz_webhead_SOURCES = tests/fuzz/fuzz_webhead.c
tests_fuzz_fuzz_webhead_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_fuzz_fuzz_webhead_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_webhead_LDADD = $(SK_DB_LIBS)
tests_fuzz_fuzz_pushjson_SOURCES = tests/fuzz/fuzz_pushjson.c
tests_fuzz_fuzz_pushjson_CPPFLAGS = $(SK_DB_CPPFLAGS)
tests_fuzz_fuzz_pushjson_LDFLAGS = $(AM_LDFLAGS) -fsanitize=fuzzer
tests_fuzz_fuzz_pushjson_LDADD = $(SK_DB_LIBS)
endif

