# testsuite/fuzz-plugin/fuzz-plugin.mk - the plugin mutation fuzzer
# (automake fragment, included by testsuite/local.mk; paths relative to
# the top directory).  See testsuite/fuzz-plugin/README.md.
#
# make check runs check.sh: 60 fixed-seed mutants and regress/.
# make fuzz-plugin runs the long one: FUZZ_SECONDS (default 3600) of
# mutants from FUZZ_SEED (default 1); the failures are kept in
# fuzz-plugin.out/fail/.

check_PROGRAMS += testsuite/fuzz-plugin/mutate
testsuite_fuzz_plugin_mutate_SOURCES = testsuite/fuzz-plugin/mutate.c
TESTS += testsuite/fuzz-plugin/check.sh
EXTRA_DIST += \
	testsuite/fuzz-plugin/README.md \
	testsuite/fuzz-plugin/fuzz-plugin.mk \
	testsuite/fuzz-plugin/fuzz-plugin.sh \
	testsuite/fuzz-plugin/check.sh \
	testsuite/fuzz-plugin/regress

FUZZ_SECONDS = 3600
FUZZ_SEED = 1
fuzz-plugin: all testsuite/fuzz-plugin/mutate
	$(AM_TESTS_ENVIRONMENT) FUZZ_SRCDIR='$(abs_top_srcdir)' \
	  FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_SEED='$(FUZZ_SEED)' \
	  FUZZ_OUT=fuzz-plugin.out nice sh $(srcdir)/testsuite/fuzz-plugin/fuzz-plugin.sh
.PHONY: fuzz-plugin

clean-local: clean-local-fuzz-plugin
clean-local-fuzz-plugin:
	rm -rf testsuite/fuzz-plugin.out testsuite/fuzz-plugin.regress fuzz-plugin.out
.PHONY: clean-local-fuzz-plugin
