# plugin/local.mk - the GCC plugin pto.so (automake fragment, included by
# the top Makefile.am; paths relative to the top directory).
#
# pto.so is a libtool module built from the C++ glue plus the C11 core.
# It is installed into $(plugindir) (configure --with-plugindir) without
# its .la file: GCC loads the .so directly.  libgccjit is NOT linked in:
# the back-end table (plugin/backends.cc) dlopens the JIT back end,
# pto-jit.so (backend/jit/local.mk), when a unit has work for it.

plugin_LTLIBRARIES += plugin/pto.la
# The front end (frontend/local.mk) is C++ with GCC headers: part of the
# module, compiled with the flags below.
plugin_pto_la_SOURCES = plugin/pto-plugin.cc \
	$(pto_frontend_sources) \
	plugin/unit.cc plugin/output.cc plugin/output.h \
	plugin/backends.cc plugin/backends.h \
	plugin/diag-bridge.cc plugin/diag-bridge.h \
	plugin/jit-bridge.cc plugin/jit-bridge.h \
	plugin/cce-sim.cc plugin/cce-sim.h
# -isystem for GCC's headers (not ours to keep -Wextra clean); no
# pto-config.h here: GCC's auto-host.h defines the same PACKAGE_ macros.
plugin_pto_la_CPPFLAGS = -I$(top_srcdir) $(GCC_PLUGIN_CPPFLAGS) \
	-DPTO_VERSION='"$(PACKAGE_VERSION)"' \
	-DPTO_INCLUDEDIR='"$(includedir)"'
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

# check-plugin-asan (part of make check): the plugin built once more with
# -fsanitize=address,undefined, loaded into an uninstrumented cc1 whose
# sanitizer runtimes are preloaded through GCC's -wrapper, runs the whole
# pto.dg suite (every capture and diagnostic test).  Leak checking is off:
# cc1 never frees its memory.  The instrumented copy is a check-only
# module linked with an instrumented copy of the core; it is called
# pto.so too (in plugin/asan/), because GCC takes the plugin's name for
# -fplugin-arg-NAME-* from the file name.
PTO_ASAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer
check_LTLIBRARIES = libptocore-asan.la plugin/asan/pto.la
libptocore_asan_la_SOURCES = $(libptocore_la_SOURCES)
libptocore_asan_la_CFLAGS = $(PTO_CFLAGS) $(PTO_ASAN_FLAGS)
plugin_asan_pto_la_SOURCES = $(plugin_pto_la_SOURCES)
plugin_asan_pto_la_CPPFLAGS = $(plugin_pto_la_CPPFLAGS)
plugin_asan_pto_la_CXXFLAGS = $(PTO_PLUGIN_CXXFLAGS) $(PTO_ASAN_FLAGS)
plugin_asan_pto_la_LDFLAGS = -module -avoid-version -shared -rpath /nowhere \
	$(PTO_ASAN_FLAGS) -Wl,--version-script=$(srcdir)/plugin/pto.map
plugin_asan_pto_la_LIBADD = libptocore-asan.la
EXTRA_plugin_asan_pto_la_DEPENDENCIES = plugin/pto.map

check-local: check-plugin-asan
check-plugin-asan: plugin/asan/pto.la site.exp
	@asan=`$(CC) -print-file-name=libasan.so`; \
	ubsan=`$(CC) -print-file-name=libubsan.so`; \
	opts=detect_leaks=0:abort_on_error=1; \
	uopts=print_stacktrace=1:halt_on_error=1; \
	$(MKDIR_P) testsuite/asan; \
	PTO_PLUGIN_UNDER_TEST='$(abs_top_builddir)/plugin/asan/.libs/pto.so' \
	PTO_JIT_MODULE='$(abs_top_builddir)/plugin/.libs/pto-jit.so' \
	PTO_TEST_OUTDIR='$(abs_top_builddir)/testsuite/asan/out' \
	PTO_DG_FLAGS="-wrapper env,LD_PRELOAD=$$asan:$$ubsan,ASAN_OPTIONS=$$opts,UBSAN_OPTIONS=$$uopts" \
	  runtest --tool pto --srcdir $(srcdir) --outdir testsuite/asan \
	    dg.exp < /dev/null > /dev/null 2>&1; \
	sed -n '/=== pto Summary ===/,$$p' testsuite/asan/pto.sum; \
	if grep -q '^\(FAIL\|ERROR\|UNRESOLVED\):' testsuite/asan/pto.sum \
	   || ! grep -q '^# of expected passes' testsuite/asan/pto.sum; then \
	  echo "check-plugin-asan: FAILED (testsuite/asan/pto.log)"; exit 1; \
	fi; \
	echo "check-plugin-asan: the plugin under ASan+UBSan passed pto.dg"
.PHONY: check-plugin-asan

# check-plugin-gcstress (part of make check): the whole pto.dg suite once
# more with GCC collecting garbage at every opportunity
# (--param ggc-min-expand=0 --param ggc-min-heapsize=0, through
# PTO_DG_FLAGS): a tree the plugin keeps across a collection without a GC
# root would be freed under it.  Its own output directory, so it can run
# beside check-DEJAGNU and check-plugin-asan.  Results:
# testsuite/gcstress/pto.sum.
PTO_GCSTRESS_FLAGS = --param ggc-min-expand=0 --param ggc-min-heapsize=0
check-local: check-plugin-gcstress
check-plugin-gcstress: plugin/pto.la plugin/pto-jit.la site.exp
	@$(MKDIR_P) testsuite/gcstress; \
	PTO_TEST_OUTDIR='$(abs_top_builddir)/testsuite/gcstress/out' \
	PTO_DG_FLAGS='$(PTO_GCSTRESS_FLAGS)' \
	  runtest --tool pto --srcdir $(srcdir) --outdir testsuite/gcstress \
	    dg.exp < /dev/null > /dev/null 2>&1; \
	sed -n '/=== pto Summary ===/,$$p' testsuite/gcstress/pto.sum; \
	if grep -q '^\(FAIL\|ERROR\|UNRESOLVED\):' testsuite/gcstress/pto.sum \
	   || ! grep -q '^# of expected passes' testsuite/gcstress/pto.sum; then \
	  echo "check-plugin-gcstress: FAILED (testsuite/gcstress/pto.log)"; \
	  exit 1; \
	fi; \
	echo "check-plugin-gcstress: pto.dg passed with GC at every opportunity"
.PHONY: check-plugin-gcstress
clean-local: clean-local-gcstress
clean-local-gcstress:
	rm -rf testsuite/gcstress
.PHONY: clean-local-gcstress
