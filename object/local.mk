# object/local.mk - the .pto.cce record and the assembler text that
# carries it (automake fragment, included by the top Makefile.am; paths
# relative to the top directory).
#
# The packaging of a unit's CCE into the object file: the record format
# (cce-section.h, read back by tools/pto-extract), the assembler text
# that embeds a blob in a section (asm-text.h, used by the plugin and the
# libgccjit back end) and the host build of emitted CCE for sim=cce
# (cce-host.h).  Part of libptocore.la (declared in ir/local.mk).

libptocore_la_SOURCES += \
	object/cce-section.h \
	object/cce-section.c \
	object/asm-text.h \
	object/asm-text.c \
	object/cce-host.h \
	object/cce-host.c
