# emit/local.mk - back ends (automake fragment, included by the top
# Makefile.am; paths relative to the top directory).
#
# Empty for now.  Owner: add the emitters' C11 sources to the core with
#   libptocore_la_SOURCES += emit/cce.c emit/jit.c
# The libgccjit library ($(GCCJIT_LIBS), checked by configure) must not be
# linked into the plugin: the plugin dlopens it lazily.
