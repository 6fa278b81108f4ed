# testsuite/unit/rewrite.mk - unit tests of the symbolic rewriter, the
# decompositions and the fast division (issue 7; automake fragment, to be
# included from the top Makefile.am; paths relative to the top dir).
#
#   rewrite-rules      every rule: expected form + exhaustive/sampled
#                      equivalence proof; generic patterns over i8/u8
#                      (full range), i16/i32/i64 near MIN/MAX, u32, u64
#   rewrite-decompose  decompositions; fast division for every divisor
#                      2..1024 over all 16-bit values; sampled 32-bit
#                      ranges (PTO_DECOMPOSE_FULL=1: brute force IR check)
#   rewrite-fuzz       3000 random depth-6 expressions, fixed seed;
#                      long run: PTO_FUZZ_CASES=1000000 [PTO_FUZZ_SEED=N]
#
# The tests link the corpus parser of tools/simplify-exprs.c.

rewrite_test_ldadd = libptocore.la $(LIBM)

check_PROGRAMS += \
	testsuite/unit/rewrite-rules \
	testsuite/unit/rewrite-decompose \
	testsuite/unit/rewrite-fuzz
TESTS += \
	testsuite/unit/rewrite-rules \
	testsuite/unit/rewrite-decompose \
	testsuite/unit/rewrite-fuzz

testsuite_unit_rewrite_rules_SOURCES = testsuite/unit/rewrite-rules.c \
	testsuite/unit/rewrite-eval.h testsuite/unit/rewrite-patterns.h \
	tools/simplify-exprs.c
testsuite_unit_rewrite_rules_LDADD = $(rewrite_test_ldadd)
testsuite_unit_rewrite_decompose_SOURCES = \
	testsuite/unit/rewrite-decompose.c testsuite/unit/rewrite-eval.h \
	tools/simplify-exprs.c
testsuite_unit_rewrite_decompose_LDADD = $(rewrite_test_ldadd)
testsuite_unit_rewrite_fuzz_SOURCES = testsuite/unit/rewrite-fuzz.c \
	testsuite/unit/rewrite-eval.h
testsuite_unit_rewrite_fuzz_LDADD = $(rewrite_test_ldadd)
