# runtime/rt.mk - the launch half of libpto-rt and the plugin's jit
# bridge (automake fragment, included at the END of the top Makefile.am
# because it appends to variables that runtime/local.mk and
# plugin/local.mk set with `=').  Owner: the libgccjit back end.
#
# libpto-rt (declared in runtime/local.mk) gains the kernel table,
# __pto_launch and the tile-level operations (runtime/pto-rt.h).
runtime_libpto_rt_la_SOURCES += \
	runtime/rt-launch.c \
	runtime/rt-cce.c \
	runtime/rt-ops.c \
	runtime/pto-rt.h
include_HEADERS += runtime/pto-rt.h

# pkg-config --cflags --libs pto-rt
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = runtime/pto-rt.pc
EXTRA_DIST += runtime/pto-rt.pc.in
CLEANFILES += runtime/pto-rt.pc
runtime/pto-rt.pc: $(srcdir)/runtime/pto-rt.pc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) runtime && rm -f $@ $@.tmp && \
	$(SED) -e 's|@prefix[@]|$(prefix)|g' \
	  -e 's|@exec_prefix[@]|$(exec_prefix)|g' \
	  -e 's|@libdir[@]|$(libdir)|g' \
	  -e 's|@includedir[@]|$(includedir)|g' \
	  -e 's|@PACKAGE_VERSION[@]|$(PACKAGE_VERSION)|g' \
	  $(srcdir)/runtime/pto-rt.pc.in > $@.tmp && mv $@.tmp $@

# Execution tests of plugin builds (testsuite/pto.run/run.exp).
EXTRA_DIST += testsuite/pto.run
