# include/local.mk - the user header (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).
#
# pto.h is installed into $(includedir); pto-cc adds -I for it (the
# source directory in the build tree, $(includedir) once installed).
include_HEADERS += include/pto.h
