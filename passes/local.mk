# passes/local.mk - the passes half of the C11 core (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# Adds the pass manager, the pipeline table and one file per pass to
# libptocore.la (declared in ir/local.mk).  A new pass: one line in
# PTO_PASS_LIST (passes/passes.h), its file here, its tests in
# testsuite/pto-opt.dg/.

libptocore_la_SOURCES += \
	passes/passes.h \
	ir/options.c \
	passes/manager.c \
	passes/pipeline.c \
	passes/walk.c \
	passes/fold.c \
	passes/inline-functions.c \
	passes/scalarize.c \
	passes/unroll-loops.c \
	passes/let-inline.c \
	passes/simplify.c \
	passes/let-inline.h \
	rewrite/rewrite.h \
	rewrite/rewrite.c \
	rewrite/rules.c \
	rewrite/ranges.c \
	rewrite/decompose.c

# Seed 004 stages 18-22: the Decompose pass and the linear form
# (ir/linear.h; pto-opt --linearize).
libptocore_la_SOURCES += \
	ir/linear.h \
	passes/late-decompose.c \
	ir/linear-build.c \
	ir/linear-order.c \
	ir/linear-print.c \
	ir/linear-interp.c
