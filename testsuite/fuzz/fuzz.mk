# testsuite/fuzz/fuzz.mk - the fuzz targets in `make check' (automake
# fragment, included by testsuite/local.mk; paths relative to the top
# directory).  See testsuite/fuzz/README.md.
#
# Built here with the configured compiler and replay.c as main(): the
# targets replay the seed corpus (testsuite/pto-opt.dg) and every
# regression input (testsuite/fuzz/regress/).  The libFuzzer builds of
# the same sources are made by hand with clang (README.md).

check_PROGRAMS += testsuite/fuzz/fuzz-parse testsuite/fuzz/fuzz-passes
testsuite_fuzz_fuzz_parse_SOURCES = \
	testsuite/fuzz/fuzz-parse.c \
	testsuite/fuzz/fuzz-common.c \
	testsuite/fuzz/replay.c \
	testsuite/fuzz/fuzz.h
testsuite_fuzz_fuzz_parse_LDADD = libptocore.la $(LIBM)
testsuite_fuzz_fuzz_parse_LDFLAGS = $(PTO_SAN_CFLAGS)
testsuite_fuzz_fuzz_passes_SOURCES = \
	testsuite/fuzz/fuzz-passes.c \
	testsuite/fuzz/fuzz-common.c \
	testsuite/fuzz/replay.c \
	testsuite/fuzz/fuzz.h
testsuite_fuzz_fuzz_passes_LDADD = libptocore.la $(LIBM)
testsuite_fuzz_fuzz_passes_LDFLAGS = $(PTO_SAN_CFLAGS)

TESTS += testsuite/fuzz/replay.sh
EXTRA_DIST += \
	testsuite/fuzz/README.md \
	testsuite/fuzz/fuzz.mk \
	testsuite/fuzz/pto.dict \
	testsuite/fuzz/make-corpus.sh \
	testsuite/fuzz/replay.sh \
	testsuite/fuzz/regress
