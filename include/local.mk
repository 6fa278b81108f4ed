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
# pto-ops-plugin.h: pto.h's plugin-mode prototypes and macros, generated
# from the op table by tools/gen-pto-ops and kept in the source tree (it
# is installed and pto.h includes it from its own directory).  Make
# regenerates it when the table changes; testsuite/unit/gen-pto-ops.sh
# fails when the copy in the tree is not the generator's output.
include_HEADERS += include/pto-ops-plugin.h
BUILT_SOURCES += $(srcdir)/include/pto-ops-plugin.h
$(srcdir)/include/pto-ops-plugin.h: $(srcdir)/runtime/pto-ops.def \
		$(srcdir)/tools/gen-pto-ops.c
	$(AM_V_GEN)$(MAKE) $(AM_MAKEFLAGS) tools/gen-pto-ops$(EXEEXT) && \
	tools/gen-pto-ops$(EXEEXT) > $@.tmp && \
	if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; \
	else mv $@.tmp $@; fi
