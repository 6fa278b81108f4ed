# passes/local.mk - the passes half of the C11 core (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# Adds the pass manager, the pipeline table and one file per pass to
# libptocore.la (declared in ir/local.mk).  A new pass: one line in
# PTO_PASS_LIST (passes/passes.h), its file here, its tests in
# testsuite/pto-opt.dg/.

libptocore_la_SOURCES += \
	passes/passes.h \
	passes/options.c \
	passes/manager.c \
	passes/pipeline.c \
	passes/walk.c \
	passes/fold.c \
	passes/inline_functions.c \
	passes/scalarize.c \
	passes/unroll_loops.c \
	passes/let_inline.c \
	passes/simplify.c \
	passes/let_inline.h \
	passes/rewrite.h \
	passes/rewrite.c \
	passes/rules.c \
	passes/ranges.c \
	passes/decompose.c

# Seed 004 stages 18-22: the Decompose pass and the linear form
# (passes/linear.h; pto-opt --linearize).
libptocore_la_SOURCES += \
	passes/linear.h \
	passes/lin-decompose.c \
	passes/lin-build.c \
	passes/lin-order.c \
	passes/lin-print.c \
	passes/lin-interp.c
