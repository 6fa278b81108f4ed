# testsuite/unit/rewrite.mk - unit tests of the symbolic rewriter, the
# decompositions and the fast division (automake fragment, to be
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

# z3 proofs (optional, libz3-dev): every generic pattern simplified under
# whole dtypes i8..u64 and some ranges, proven equal with definedness by
# the solver (rewrite-z3.c).  Needs in configure.ac (not there yet):
#   AC_CHECK_LIB([z3], [Z3_mk_context], [have_z3=yes], [have_z3=no])
#   AC_CHECK_HEADER([z3.h], [], [have_z3=no])
#   AM_CONDITIONAL([PTO_HAVE_Z3], [test "x$have_z3" = xyes])
# then uncomment:
#if PTO_HAVE_Z3
#check_PROGRAMS += testsuite/unit/rewrite-z3
#TESTS += testsuite/unit/rewrite-z3
#testsuite_unit_rewrite_z3_SOURCES = testsuite/unit/rewrite-z3.c \
#	testsuite/unit/rewrite-eval.h testsuite/unit/rewrite-patterns.h \
#	tools/simplify-exprs.c
#testsuite_unit_rewrite_z3_LDADD = $(rewrite_test_ldadd) -lz3
#endif
