# testsuite/local.mk - `make check' (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).  See
# testsuite/README for the suites and their test formats.

# DejaGnu (AUTOMAKE_OPTIONS dejagnu, set in configure.ac).  runtest runs
# in the top build directory with --srcdir at the top source directory;
# DejaGnu >= 1.6 then finds testsuite/lib and testsuite/config itself and
# runs every *.exp under testsuite/pto*/ (pto.dg, pto.ref, pto-opt.dg,
# pto.run).  The results are pto.sum and pto.log in the top build
# directory.  Every suite directory must be in EXTRA_DIST (below, or in
# the owner's fragment: runtime/rt.mk has pto.run); dist-hook-testsuite
# refuses a tarball without one.
DEJATOOL = pto
EXTRA_DEJAGNU_SITE_CONFIG = testsuite/pto-site.exp
# Run one suite: make check-DEJAGNU RUNTESTFLAGS=pto-opt.exp
# (or dg.exp, ref.exp, plugin.exp; add -v for the commands).

EXTRA_DIST += \
	testsuite/README \
	testsuite/pto-site.exp.in \
	testsuite/config \
	testsuite/lib \
	testsuite/pto.dg \
	testsuite/pto.ref \
	testsuite/pto.hostile \
	testsuite/pto-opt.dg

# Refuse to make a tarball that lacks a suite directory.
dist-hook: dist-hook-testsuite
dist-hook-testsuite:
	@for d in $(srcdir)/testsuite/pto*/; do \
	  d=`basename "$$d"`; \
	  test -d "$(distdir)/testsuite/$$d" || { \
	    echo "testsuite/$$d is not in EXTRA_DIST (testsuite/local.mk)" >&2; \
	    exit 1; }; \
	done
.PHONY: dist-hook-testsuite

# The tests write their outputs here (never into the source tree).
clean-local: clean-local-testsuite
clean-local-testsuite:
	rm -rf testsuite/out testsuite/asan
.PHONY: clean-local-testsuite

# Unit tests: automake's parallel harness (TESTS).  Add C unit tests as
#   check_PROGRAMS += testsuite/unit/foo
#   testsuite_unit_foo_LDADD = libptocore.la $(LIBM)
#   TESTS += testsuite/unit/foo
# Scripts get the paths below in their environment.
AM_TESTS_ENVIRONMENT = \
	PTO_CC_UNINSTALLED='$(abs_top_builddir)/tools/pto-cc-uninstalled'; \
	PTO_CC_INSTALLED='$(abs_top_builddir)/tools/pto-cc'; \
	PTO_PLUGIN='$(abs_top_builddir)/plugin/.libs/pto.so'; \
	PTO_INCLUDE='$(abs_top_srcdir)/include'; \
	PTO_GCC_DEFAULT='$(CC)'; \
	PTO_RT_ENABLED='$(PTO_RT_ENABLED)'; \
	PTO_SAN_CFLAGS='$(PTO_SAN_CFLAGS)'; \
	PTO_ISA_INCLUDE='$(PTO_ISA_INCLUDE)'; \
	PTO_ISA_CXX='$(PTO_ISA_CXX)'; \
	PTO_GEN_PTO_OPS='$(abs_top_builddir)/tools/gen-pto-ops$(EXEEXT)'; \
	PTO_SRCDIR='$(abs_top_srcdir)'; \
	export PTO_CC_UNINSTALLED PTO_CC_INSTALLED PTO_PLUGIN PTO_INCLUDE \
	  PTO_GCC_DEFAULT PTO_RT_ENABLED PTO_SAN_CFLAGS PTO_ISA_INCLUDE \
	  PTO_ISA_CXX PTO_GEN_PTO_OPS PTO_SRCDIR;
TESTS += testsuite/unit/pto-cc.sh
EXTRA_DIST += testsuite/unit/pto-cc.sh
# The README's first commands and .ci/setup's root message .
TESTS += testsuite/unit/ci-setup.sh
EXTRA_DIST += testsuite/unit/ci-setup.sh
include $(srcdir)/testsuite/unit/local.mk

# Fuzz targets: the corpus and every crash reproducer replayed without clang.
include $(srcdir)/testsuite/fuzz/fuzz.mk

# The plugin mutation fuzzer: a short run in make check, make fuzz-plugin.
include $(srcdir)/testsuite/fuzz-plugin/fuzz-plugin.mk
