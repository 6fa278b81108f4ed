# doc/local.mk - the manual pages (automake fragment, included by the top
# Makefile.am; paths relative to the top directory).
#
# pto-cc(1) also documents the plugin's -fplugin-arg-pto-* options.  Both
# pages are plain troff written by hand: keep them in step with
# tools/pto-cc.in, tools/pto-opt.c, PTO_OPTIONS (passes/passes.h) and the
# plugin's own options (plugin/pto-plugin.cc).  `make check-man' checks
# that (below) and is part of `make check'; to look at a page:
#   man -l doc/pto-cc.1

dist_man1_MANS = doc/pto-cc.1 doc/pto-opt.1 doc/pto-extract.1 \
	doc/pto-cce-check.1

# check-man: the pages format without groff warnings (-ww; skipped
# without groff) and say neither more nor less than the programs:
#   - every option in `pto-cc --help', `pto-opt --help' and the plugin's
#     -fplugin-arg-pto-help list appears in the page (troff spells
#     "--trace" as "\-\-trace");
#   - every -fplugin-arg-pto-NAME in pto-cc.1 is in the plugin's list and
#     every --NAME in pto-opt.1 in pto-opt's --help (or is --version).
man_opt_re = sed -n 's/^  *\(--[a-z][-a-z]*\).*/\1/p'
man_plugin_help = $(CC) -fplugin=$(abs_top_builddir)/plugin/.libs/pto.so \
	-fplugin-arg-pto-help -fsyntax-only -x c /dev/null 2>&1
check-man: tools/pto-opt tools/pto-cc-uninstalled plugin/pto.la \
	tools/pto-extract$(EXEEXT) tools/pto-cce-check$(EXEEXT)
	@fail=0; \
	if command -v groff >/dev/null 2>&1; then \
	  for m in $(dist_man1_MANS); do \
	    out=`groff -man -Tutf8 -ww -z $(srcdir)/$$m 2>&1`; \
	    test -z "$$out" || { echo "$$m: groff: $$out"; fail=1; }; \
	  done; \
	else echo "check-man: groff not found, format check skipped"; fi; \
	in_page () { grep -q -F -e "`echo "$$2" | sed 's/-/\\\\-/g'`" $(srcdir)/$$1 \
	  || { echo "$$1 does not document $$2"; fail=1; }; }; \
	for o in `tools/pto-cc-uninstalled --help | $(man_opt_re)`; do \
	  in_page doc/pto-cc.1 "$$o"; done; \
	opt_opts=`tools/pto-opt --help | $(man_opt_re)`; \
	for o in $$opt_opts --version; do in_page doc/pto-opt.1 "$$o"; done; \
	plugin_opts=`$(man_plugin_help) \
	  | sed -n 's/^  *-fplugin-arg-pto-\([a-z][-a-z]*\).*/\1/p'`; \
	test -n "$$plugin_opts" || { echo "no plugin option list"; fail=1; }; \
	for o in $$plugin_opts; do in_page doc/pto-cc.1 "-fplugin-arg-pto-$$o"; done; \
	for o in `grep -o '\\\\-fplugin\\\\-arg\\\\-pto\\\\-[a-z][a-z\\\\-]*[a-z]' \
	    $(srcdir)/doc/pto-cc.1 | sed 's/\\\\-/-/g; s/^-fplugin-arg-pto-//' \
	    | sort -u`; do \
	  case " `echo $$plugin_opts` " in *" $$o "*) ;; \
	    *) echo "doc/pto-cc.1 documents -fplugin-arg-pto-$$o, which the plugin lacks"; \
	       fail=1 ;; esac; done; \
	for o in `grep -o '\\\\-\\\\-[a-z][a-z\\\\-]*[a-z]' $(srcdir)/doc/pto-opt.1 \
	    | sed 's/\\\\-/-/g' | sort -u`; do \
	  case " `echo $$opt_opts` --version " in *" $$o "*) ;; \
	    *) echo "doc/pto-opt.1 documents $$o, which pto-opt lacks"; \
	       fail=1 ;; esac; done; \
	ext_opts=`tools/pto-extract --help | grep -o -e '[ ,]--*[a-z][-a-z]*' \
	  | sed 's/^.//' | sort -u`; \
	for o in $$ext_opts; do in_page doc/pto-extract.1 "$$o"; done; \
	for o in `sed -n '/^\\.SH OPTIONS/,/^\\.SH EXIT/p' \
	    $(srcdir)/doc/pto-extract.1 | grep -o '\\\\-\\\\-[a-z][a-z\\\\-]*[a-z]' \
	    | sed 's/\\\\-/-/g' | sort -u`; do \
	  case " `echo $$ext_opts` " in *" $$o "*) ;; \
	    *) echo "doc/pto-extract.1 documents $$o, which pto-extract lacks"; \
	       fail=1 ;; esac; done; \
	chk_opts=`tools/pto-cce-check --help | grep -o -e '[ ,]--*[a-z][-a-z]*' \
	  | sed 's/^.//' | sort -u`; \
	for o in $$chk_opts; do in_page doc/pto-cce-check.1 "$$o"; done; \
	for o in `sed -n '/^\\.SH OPTIONS/,/^\\.SH EXIT/p' \
	    $(srcdir)/doc/pto-cce-check.1 | grep -o '\\\\-\\\\-[a-z][a-z\\\\-]*[a-z]' \
	    | sed 's/\\\\-/-/g' | sort -u`; do \
	  case " `echo $$chk_opts` " in *" $$o "*) ;; \
	    *) echo "doc/pto-cce-check.1 documents $$o, which pto-cce-check lacks"; \
	       fail=1 ;; esac; done; \
	test $$fail = 0 && echo "check-man: $(dist_man1_MANS) OK"; \
	test $$fail = 0
.PHONY: check-man
check-local: check-man

# timeline-pictures: regenerate doc/timeline-db0.svg and -db1.svg
# (doc/timeline.md): examples/saxpy.c built with sim=cce, double
# buffering off and on, run with PTO_SIM_TRACE; the picture is block 0
# of the second launch (one block doing all 21 tiles).  Writes into the
# source tree; the SVGs are committed.
timeline_launch = 2
timeline-pictures: tools/pto-cc-uninstalled plugin/pto.la runtime/libpto-rt.la
	@set -e; $(MKDIR_P) doc; for db in 0 1; do \
	  tools/pto-cc-uninstalled -O2 -fplugin-arg-pto-sim=cce \
	    -fplugin-arg-pto-double-buffer=$$db \
	    $(srcdir)/examples/saxpy.c -o doc/timeline-saxpy-db$$db; \
	  PTO_SIM_TRACE=$(srcdir)/doc/timeline-db$$db.svg \
	    PTO_SIM_TRACE_LAUNCH=$(timeline_launch) \
	    doc/timeline-saxpy-db$$db >/dev/null; \
	  echo "  GEN      doc/timeline-db$$db.svg"; \
	done
.PHONY: timeline-pictures
CLEANFILES += doc/timeline-saxpy-db0 doc/timeline-saxpy-db1 \
	doc/timeline-saxpy-db0-saxpy.cce doc/timeline-saxpy-db1-saxpy.cce
EXTRA_DIST += doc/timeline.md doc/timeline-db0.svg doc/timeline-db1.svg
