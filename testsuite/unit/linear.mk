# testsuite/unit/linear.mk - unit test of the linear form (after tinygrad's
# linearizer, ir/linear/linear.h; automake fragment included from
# testsuite/unit/local.mk; paths relative to the top directory).
#
#   lin-diff   3000 random structured scalar kernels (fixed seed), each
#              linearized five ways and run by pto_lin_interp, against a
#              structured interpreter; longer runs:
#              PTO_LIN_DIFF_CASES=100000 PTO_LIN_DIFF_SEED=N \
#                testsuite/unit/lin-diff   (PTO_LIN_DIFF_SHOW=1: print)

check_PROGRAMS += testsuite/unit/lin-diff
testsuite_unit_lin_diff_LDADD = libptocore.la $(LIBM)
testsuite_unit_lin_diff_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/lin-diff
