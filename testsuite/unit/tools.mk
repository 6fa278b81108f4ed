# testsuite/unit/tools.mk - tests of pto-gcc with the build tools around
# it: distcc and ccache (automake fragment, included by
# testsuite/unit/local.mk or the top Makefile.am; paths relative to the
# top directory).  Both scripts exit 77 (SKIP in the harness, never PASS)
# when their tool is not installed; .ci/setup installs both.

# distccd on 127.0.0.1: objects compiled through `distcc pto-cc' are
# byte-identical to local ones, for a kernel file and a no-DSL file.
TESTS += testsuite/unit/distcc.sh
# ccache: second build a hit with an identical object, dump files not
# recreated on a hit, a touched plugin a miss, the program still runs.
TESTS += testsuite/unit/ccache.sh
EXTRA_DIST += testsuite/unit/distcc.sh testsuite/unit/ccache.sh

# The .pto.cce object section and pto-extract.
include $(srcdir)/testsuite/unit/extract.mk
