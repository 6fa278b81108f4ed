# tools/local.mk - pto-opt and pto-cc (automake fragment, included by the
# top Makefile.am; paths relative to the top directory).

# pto-opt: textual IR in, passes, textual IR out (tests: pto-opt.dg).
bin_PROGRAMS += tools/pto-opt
tools_pto_opt_SOURCES = tools/pto-opt.c tools/simplify-exprs.c
tools_pto_opt_LDADD = libptocore.la $(LIBM)

# pto-cc: the compiler driver (gcc + the plugin + include path + runtime).
# Two copies from one template: tools/pto-cc is installed and points at
# the installed plugin and header; tools/pto-cc-uninstalled runs from the
# build tree (plugin/.libs/pto.so, $(srcdir)/include).
bin_SCRIPTS += tools/pto-cc
noinst_SCRIPTS += tools/pto-cc-uninstalled
EXTRA_DIST += tools/pto-cc.in
CLEANFILES += tools/pto-cc tools/pto-cc-uninstalled

# PTO_RT_ENABLED (runtime/local.mk) switches the -lpto-rt hook in pto-cc.
pto_cc_edit = $(SED) \
	-e 's|@PTO_VERSION[@]|$(PACKAGE_VERSION)|g' \
	-e 's|@PTO_DEFAULT_GCC[@]|$(CC)|g' \
	-e 's|@PTO_RT_ENABLED[@]|$(PTO_RT_ENABLED)|g' \
	-e 's|@PTO_SAN_FLAGS[@]|$(PTO_SAN_CFLAGS)|g'

tools/pto-cc: $(srcdir)/tools/pto-cc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) tools && rm -f $@ $@.tmp && \
	$(pto_cc_edit) \
	  -e 's|@PTO_PLUGIN[@]|$(plugindir)/pto.so|g' \
	  -e 's|@PTO_INCLUDEDIR[@]|$(includedir)|g' \
	  -e 's|@PTO_SIM_INCLUDEDIR[@]|$(includedir)|g' \
	  -e 's|@PTO_RT_LIBDIR[@]|$(libdir)|g' \
	  -e 's|@PTO_TREE[@]|installed|g' \
	  $(srcdir)/tools/pto-cc.in > $@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@

tools/pto-cc-uninstalled: $(srcdir)/tools/pto-cc.in Makefile
	$(AM_V_GEN)$(MKDIR_P) tools && rm -f $@ $@.tmp && \
	$(pto_cc_edit) \
	  -e 's|@PTO_PLUGIN[@]|$(abs_top_builddir)/plugin/.libs/pto.so|g' \
	  -e 's|@PTO_INCLUDEDIR[@]|$(abs_top_srcdir)/include|g' \
	  -e 's|@PTO_SIM_INCLUDEDIR[@]|$(abs_top_srcdir)/runtime|g' \
	  -e 's|@PTO_RT_LIBDIR[@]|$(abs_top_builddir)/runtime/.libs|g' \
	  -e 's|@PTO_TREE[@]|build tree|g' \
	  $(srcdir)/tools/pto-cc.in > $@.tmp && \
	chmod +x $@.tmp && mv $@.tmp $@

# pto-extract: writes the CCE text kept in the .pto.cce sections of
# objects, executables, shared libraries and archives back out as files
# (record format: object/cce-section.h; tests: testsuite/unit/extract.mk).
bin_PROGRAMS += tools/pto-extract
tools_pto_extract_SOURCES = tools/pto-extract.c
tools_pto_extract_LDADD = libptocore.la $(LIBM)

# pto-cce-check: compiles CCE files as C++ against cce-api.h, then runs
# the static checks of backend/cce/check.h (doc/pto-cce-check.1; tests:
# testsuite/cce-check/).  Two builds of one source, like pto-cc: the
# installed one finds cce-api.h in $(includedir), the uninstalled one in
# the source tree's runtime/.
bin_PROGRAMS += tools/pto-cce-check
tools_pto_cce_check_SOURCES = tools/pto-cce-check.c
tools_pto_cce_check_CPPFLAGS = $(AM_CPPFLAGS) \
	-DPTO_CCE_API_DIR='"$(includedir)"' -DPTO_VERSION='"$(PACKAGE_VERSION)"'
tools_pto_cce_check_LDADD = libptocore.la $(LIBM)
noinst_PROGRAMS += tools/pto-cce-check-uninstalled
tools_pto_cce_check_uninstalled_SOURCES = tools/pto-cce-check.c
tools_pto_cce_check_uninstalled_CPPFLAGS = $(AM_CPPFLAGS) \
	-DPTO_CCE_API_DIR='"$(abs_top_srcdir)/runtime"' \
	-DPTO_VERSION='"$(PACKAGE_VERSION)"'
tools_pto_cce_check_uninstalled_LDADD = libptocore.la $(LIBM)

# gen-pto-ops: writes include/pto-ops-plugin.h from the op table (the
# rule is in include/local.mk).
noinst_PROGRAMS += tools/gen-pto-ops
tools_gen_pto_ops_SOURCES = tools/gen-pto-ops.c
