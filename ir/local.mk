# ir/local.mk - the IR half of the C11 core (automake fragment, included
# by the top Makefile.am; paths relative to the top directory).
#
# libptocore.la is a libtool convenience library (never installed) that
# holds the whole C core: ir/ here, passes/ in passes/local.mk.  It is
# linked into pto-opt and into the plugin.

noinst_LTLIBRARIES += libptocore.la
libptocore_la_SOURCES = \
	ir/ir.h \
	ir/arena.c \
	ir/diag.c \
	ir/ir.c \
	ir/print.c \
	ir/parse.c \
	ir/verify.c \
	ir/op-check.c \
	ir/strmap.h \
	ir/strmap.c \
	ir/options.h \
	ir/backend.h \
	ir/options.c \
	ir/walk.h \
	ir/walk.c \
	ir/fold-expr.h \
	ir/fold-expr.c \
	ir/arch.h \
	ir/arch.c

# The linear form, the second IR (ir/linear/linear.h; pto-opt --linearize): the
# builder from the structured IR, the order of its uops, its printer and
# its interpreter.
libptocore_la_SOURCES += \
	ir/linear/linear.h \
	ir/linear/build.c \
	ir/linear/order.c \
	ir/linear/print.c \
	ir/linear/interp.c
