# rewrite/local.mk - the symbolic rewriter (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# A library, not a pass: value ranges, the rewrite engine, its rule table
# and the late decompositions, used by the Simplify and Decompose passes,
# the linear form's builder and tools/pto-opt --simplify-exprs.  Part of
# libptocore.la (declared in ir/local.mk).

libptocore_la_SOURCES += \
	rewrite/symbolic.h \
	rewrite/rewrite.h \
	rewrite/rewrite.c \
	rewrite/rules.c \
	rewrite/ranges.c \
	rewrite/decompose.c
