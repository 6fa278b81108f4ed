# testsuite/unit/local.mk - C unit tests of the core, run by automake's
# TESTS harness (automake fragment; paths relative to the top directory).
# Each program prints PASS:/FAIL: lines and exits non-zero on a failure.

# The pass manager: trace, gates, dumps, requirements, checking mode.
check_PROGRAMS += testsuite/unit/pm-test
testsuite_unit_pm_test_LDADD = libptocore.la $(LIBM)
testsuite_unit_pm_test_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/pm-test

# UnrollLoops against an interpreter of the original loop, random loops
# with a fixed seed (PTO_UNROLL_DIFF_CASES / _SEED for longer runs).
check_PROGRAMS += testsuite/unit/unroll-diff
testsuite_unit_unroll_diff_LDADD = libptocore.la $(LIBM)
testsuite_unit_unroll_diff_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/unroll-diff

# The verifier on broken IR, locations of annotations, printer/parser
# round trips of random expression trees and of doubles at the limits.
check_PROGRAMS += testsuite/unit/ir-test
testsuite_unit_ir_test_LDADD = libptocore.la $(LIBM)
testsuite_unit_ir_test_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/ir-test

# include/pto-ops-plugin.h is tools/gen-pto-ops's output for the table.
TESTS += testsuite/unit/gen-pto-ops.sh
EXTRA_DIST += testsuite/unit/gen-pto-ops.sh
# Adding an op with one vector instruction is a row of the table and its
# reference code in pto.h: on a copy of the tree, built, three ways.
TESTS += testsuite/unit/add-op.sh
EXTRA_DIST += testsuite/unit/add-op.sh

# include/pto-f16.h against _Float16 and F16C, bit for bit
# (GCC 11 has no _Float16; libpto-rt then uses these conversions).
check_PROGRAMS += testsuite/unit/f16-soft
testsuite_unit_f16_soft_LDADD = $(LIBM)
testsuite_unit_f16_soft_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/f16-soft

# include/pto-bf16.h against hand-checked bit patterns and a rounding
# from the definition (pto.h, libpto-rt and the simulator use it).
check_PROGRAMS += testsuite/unit/bf16-conv
testsuite_unit_bf16_conv_LDADD = $(LIBM)
testsuite_unit_bf16_conv_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/bf16-conv

# A unit of 300 kernels: several libgccjit contexts, every kernel runs.
TESTS += testsuite/unit/many-kernels.sh
EXTRA_DIST += testsuite/unit/many-kernels.sh

# The symbolic rewriter: rules, decompositions, fuzzer.
include $(srcdir)/testsuite/unit/rewrite.mk

# distcc on loopback and a ccache round trip (skip when the tool is absent).
include $(srcdir)/testsuite/unit/tools.mk

# The linear form (tinygrad's linearizer): random programs, interpreted.
include $(srcdir)/testsuite/unit/linear.mk

# The includes run the way doc/architecture.md's table of rooms says, with
# no cycle between rooms; and the check refuses a wrong include, a cycle
# and a folder in no room (over a broken copy of the sources).
TESTS += testsuite/unit/include-direction.sh \
	testsuite/unit/include-direction-neg.sh
EXTRA_DIST += testsuite/unit/include-direction.sh \
	testsuite/unit/include-direction-neg.sh

# The string set / map of the core (ir/strmap.h) against a plain array.
check_PROGRAMS += testsuite/unit/strmap-test
testsuite_unit_strmap_test_LDADD = libptocore.la $(LIBM)
testsuite_unit_strmap_test_LDFLAGS = $(PTO_SAN_CFLAGS)
TESTS += testsuite/unit/strmap-test

# Every fp16 DejaGnu test says it needs _Float16, so that make
# check-gcc11 reports it UNSUPPORTED instead of failing it.
TESTS += testsuite/unit/float16-guard.sh
EXTRA_DIST += testsuite/unit/float16-guard.sh
