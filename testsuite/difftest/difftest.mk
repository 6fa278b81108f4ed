# testsuite/difftest/difftest.mk - the differential tester (automake
# fragment, included at the end of the top Makefile.am; paths relative
# to the top directory).  See testsuite/difftest/README.md.
#
# `make check' runs testsuite/difftest/run.sh: the regression programs
# of testsuite/difftest/regress/ and 30 random programs (fixed seeds
# 1..30), each built in reference mode, with pto-cc (sim=jit) and
# through the emitted CCE on the simulator, outputs compared exactly.
# The long run: `make difftest [DIFFTEST_COUNT=2000] [DIFFTEST_SEED=1]'
# (names without PTO_: an environment PTO_DIFFTEST_COUNT, which run.sh
# reads, must not be overridden by a make variable of the same name).

check_PROGRAMS += testsuite/difftest/pto-difftest-gen
testsuite_difftest_pto_difftest_gen_SOURCES = testsuite/difftest/gen.c
testsuite_difftest_pto_difftest_gen_LDFLAGS = $(PTO_SAN_CFLAGS)

TESTS += testsuite/difftest/run.sh
EXTRA_DIST += \
	testsuite/difftest/README.md \
	testsuite/difftest/difftest.mk \
	testsuite/difftest/run.sh \
	testsuite/difftest/regress

DIFFTEST_COUNT = 2000
DIFFTEST_SEED = 1
difftest: testsuite/difftest/pto-difftest-gen$(EXEEXT) tools/pto-opt$(EXEEXT) \
	  $(plugin_LTLIBRARIES) $(lib_LTLIBRARIES)
	$(AM_TESTS_ENVIRONMENT) srcdir='$(srcdir)' \
	  PTO_DIFFTEST_COUNT='$(DIFFTEST_COUNT)' \
	  PTO_DIFFTEST_SEED='$(DIFFTEST_SEED)' \
	  $(SHELL) '$(srcdir)/testsuite/difftest/run.sh'
.PHONY: difftest
