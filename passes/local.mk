# passes/local.mk - the passes half of the C11 core (automake fragment,
# included by the top Makefile.am; paths relative to the top directory).
#
# Adds the pass manager, the pipeline table and one file per pass to
# libptocore.la (declared in ir/local.mk).  A new pass: one line in
# PTO_PASS_LIST (passes/passes.h), its file here, its tests in
# testsuite/pto-opt.dg/.

libptocore_la_SOURCES += \
	passes/passes.h \
	passes/manager.c \
	passes/pipeline.c \
	passes/fold.c \
	passes/inline-functions.c \
	passes/expand-tile-ops.c \
	passes/scalarize.c \
	passes/unroll-loops.c \
	passes/let-inline.c \
	passes/simplify.c \
	passes/let-inline.h \
	passes/late-decompose.c
