# backend/jit/local.mk - back ends (automake fragment, included by the top
# Makefile.am; paths relative to the top directory).
#
# pto-jit.so: the libgccjit back end (pto_jit_backend in backend/jit/backend.c,
# contract backend/jit/jit.h; backend/jit/jit.c, backend/jit/jit-linear.c
# walks the linear form, backend/jit/jit-tile.c inlines tile ops as
# constant-bound loops, backend/jit/jit-internal.h)
# linked with -lgccjit and its own copy of the C core.  It is NOT part of
# pto.so: the plugin dlopens it (RTLD_NOW | RTLD_LOCAL) only when a unit
# has DSL code, from the directory pto.so was loaded from, so both are
# built into plugin/.libs and installed into $(plugindir).  Never built
# with sanitizers: it runs inside cc1.
plugin_LTLIBRARIES += plugin/pto-jit.la
plugin_pto_jit_la_SOURCES = backend/jit/backend.c backend/jit/jit.c \
	backend/jit/jit.h backend/jit/jit-linear.c backend/jit/jit-tile.c \
	backend/jit/jit-internal.h
plugin_pto_jit_la_CFLAGS = $(PTO_CFLAGS)
# -Bsymbolic: the module's core functions bind to its own copy, whatever
# cc1 or pto.so export.
plugin_pto_jit_la_LDFLAGS = -module -avoid-version -shared -Wl,-Bsymbolic
if PTO_SANITIZE
plugin_pto_jit_la_LIBADD = libptocore-plugin.la $(GCCJIT_LIBS)
else
plugin_pto_jit_la_LIBADD = libptocore.la $(GCCJIT_LIBS)
endif

install-data-hook: install-data-hook-jit
install-data-hook-jit:
	rm -f '$(DESTDIR)$(plugindir)/pto-jit.la'
uninstall-local: uninstall-local-jit
uninstall-local-jit:
	rm -f '$(DESTDIR)$(plugindir)/pto-jit.so'
.PHONY: install-data-hook-jit uninstall-local-jit
