# include/local.mk - the user header (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).
#
# pto.h is installed into $(includedir); pto-cc adds -I for it (the
# source directory in the build tree, $(includedir) once installed).
include_HEADERS += include/pto.h
# pto-f16.h: the software fp16 conversions pto.h includes (and libpto-rt
# uses) where the compiler has no _Float16.
include_HEADERS += include/pto-f16.h
# pto-bf16.h: the bf16 conversions pto.h includes (also the simulator's).
include_HEADERS += include/pto-bf16.h
