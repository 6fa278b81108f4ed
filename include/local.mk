# include/local.mk - the user header (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).
#
# pto.h is installed into $(includedir); pto-cc adds -I for it (the
# source directory in the build tree, $(includedir) once installed).
include_HEADERS += include/pto.h
# pto-ops.def, the op table, is expanded by ir/ir.h and by runtime/pto-rt.h
# (installed, so its table is installed too); every target compiles with
# -I$(top_srcdir)/include.
include_HEADERS += include/pto-ops.def
