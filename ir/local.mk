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
	ir/op-check.c
