# examples/local.mk - example programs (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).
#
# Every examples/*.c is built and run by `make check' in reference mode
# (testsuite/pto.ref/ref.exp globs them; it must print PASS lines and exit
# 0).  The whole directory is distributed, so new examples need no edit
# here.
EXTRA_DIST += examples
