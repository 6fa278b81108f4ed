# plugin/local.mk - the GCC plugin pto.so (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# pto.so is a libtool module built from the C++ glue plus the C11 core.
# It is installed into $(plugindir) (configure --with-plugindir) without
# its .la file: GCC loads the .so directly.  libgccjit is NOT linked in;
# the emitter will dlopen it when a translation unit has kernels.

plugin_LTLIBRARIES += plugin/pto.la
# The front end (frontend/local.mk) is C++ with GCC headers: part of the
# module, compiled with the flags below.
plugin_pto_la_SOURCES = plugin/pto-plugin.cc $(pto_frontend_sources) \
	plugin/diag-bridge.cc plugin/diag-bridge.h \
	plugin/jit-bridge.cc plugin/jit-bridge.h
# -isystem for GCC's headers (not ours to keep -Wextra clean); no
# pto-config.h here: GCC's auto-host.h defines the same PACKAGE_ macros.
plugin_pto_la_CPPFLAGS = -I$(top_srcdir) $(GCC_PLUGIN_CPPFLAGS) \
	-DPTO_VERSION='"$(PACKAGE_VERSION)"'
plugin_pto_la_CXXFLAGS = $(PTO_PLUGIN_CXXFLAGS)
# Export only what GCC looks up, even from the C core (default
# visibility).  A version script: libtool's -export-symbols-regex does not
# restrict the dynamic symbols of a C++ link.
plugin_pto_la_LDFLAGS = -module -avoid-version -shared \
	-Wl,--version-script=$(srcdir)/plugin/pto.map
EXTRA_plugin_pto_la_DEPENDENCIES = plugin/pto.map
EXTRA_DIST += plugin/pto.map

if PTO_SANITIZE
# cc1 has no sanitizer runtime: the plugin links its own copy of the core
# compiled without -fsanitize.
noinst_LTLIBRARIES += libptocore-plugin.la
libptocore_plugin_la_SOURCES = $(libptocore_la_SOURCES)
libptocore_plugin_la_CFLAGS = $(PTO_CFLAGS)
plugin_pto_la_LIBADD = libptocore-plugin.la
else
plugin_pto_la_LIBADD = libptocore.la
endif

# GCC loads pto.so, never pto.la: do not install the .la, and remove the
# .so by hand on uninstall (libtool's uninstall needs the .la).
install-data-hook: install-data-hook-plugin
install-data-hook-plugin:
	rm -f '$(DESTDIR)$(plugindir)/pto.la'
uninstall-local: uninstall-local-plugin
uninstall-local-plugin:
	rm -f '$(DESTDIR)$(plugindir)/pto.so'
.PHONY: install-data-hook-plugin uninstall-local-plugin
