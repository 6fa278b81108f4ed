/* unit.cc - the driver of one translation unit: the plugin's callbacks,
   the pass pipeline and the dumps.  It calls the front end
   (frontend/fe-internal.h) to capture GCC's trees into the IR, runs the
   pass pipeline once, then hands the program to the back ends through
   the back-end table (plugin/backends.h): "cce" right after the
   pipeline, "jit" and the unit's CCE in the object at
   PLUGIN_ALL_IPA_PASSES_START.

   PLUGIN_ATTRIBUTES      register the DSL attributes (frontend/attribs.cc).
   PLUGIN_FINISH_TYPE     check the layout of each complete pto_tile struct.
   PLUGIN_PRE_GENERICIZE  capture each kernel/host/inline function into the
                          unit's one pto_program (frontend/capture.cc),
                          then replace a kernel's body by
                            __pto_launch ("name", nparams, &p0, &p1, ...);
                          (frontend/kernel-body.cc).
   PLUGIN_ALL_IPA_PASSES_START
                          whole-unit checks (inline calls to undefined
                          helpers, recursion through helpers), the capture
                          dump, the default pass pipeline (its errors are
                          GCC errors at the nodes' locations), removal of
                          inline helpers from the object (an error if
                          ordinary C code calls one), then the back ends
                          of the IPA phase (never in lto1).
   PLUGIN_FINISH_UNIT     the same checks and dump when the IPA passes never
                          ran (e.g. -fsyntax-only).
   After the pipeline, the back ends of the pipeline phase: the kernels'
   CCE goes to AUXBASE.cce.
   PLUGIN_FINISH          rename the side files into place (or remove them
                          after an error: output.cc), free the program.

   Dumps: `-fplugin-arg-pto-dump=capture' writes DUMPBASE.pto.000.capture,
   a pass name P writes DUMPBASE.pto.NNN.P after it (NNN its position in
   the run), where DUMPBASE is GCC's dump base name (the same prefix as
   -fdump-tree-* files, e.g. kernel.c or out/kernel.c).  The capture dump
   has locations (PTO_PRINT_LOCS) so that pto-opt can replay it.  Dumps
   and the .cce are renamed into place at PLUGIN_FINISH when the unit had
   no error, and removed otherwise (output.cc), so a failed compile never
   leaves a partial or stale file.

   The program is a plain C object (an arena) owned by this file for the
   whole compilation; no GCC tree is kept past a callback.  */

#include "frontend/fe-internal.h"
#include "passes/passes.h"
#include "plugin/backends.h"
#include "plugin/diag-bridge.h"
#include "plugin/output.h"
#include "basic-block.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"

#include <stdio.h>
#include <string.h>

struct unit_state
{
  const pto_options *opts;
  const char *const *dump_after;
  const bool *trace;
  const bool *sim_cce;
  pto_program *prog;		/* NULL until the first DSL function */
  bool done;			/* end-of-unit work ran */
  bool any_inline;
};

static unit_state unit;

/* ------------------------------------------------------------------ */
/* Diagnostics bridge                                                 */
/* ------------------------------------------------------------------ */

static void
diag_init (pto_diag *d)
{
  pto_gcc_diag_init (d, NULL);
}

/* ------------------------------------------------------------------ */
/* Options                                                            */
/* ------------------------------------------------------------------ */

/* Is NAME an element of the comma separated LIST (or LIST "all")?  */
static bool
dump_requested (const char *name)
{
  const char *list = unit.dump_after ? *unit.dump_after : NULL;
  if (!list)
    return false;
  return !strcmp (list, "all") || pto_list_has (list, name);
}

bool
pto_frontend_check_dump (const char *list, pto_diag *diag)
{
  if (!strcmp (list, "all"))
    return true;
  for (const char *s = list;;)
    {
      const char *e = strchr (s, ',');
      size_t len = e ? (size_t) (e - s) : strlen (s);
      if (!(len == 7 && !memcmp (s, "capture", 7)) && !pto_pass_lookup (s, len))
	{
	  pto_buf names = { NULL, 0, 0 };
	  pto_pass_names (&names);
	  pto_error (diag, pto_noloc, "unknown dump '%.*s' (capture, or a "
		     "pass: %s)", (int) len, s, names.s);
	  pto_buf_free (&names);
	  return false;
	}
      if (!e)
	return true;
      s = e + 1;
    }
}

/* ------------------------------------------------------------------ */
/* Dumps                                                              */
/* ------------------------------------------------------------------ */

/* Write the program to DUMPBASE.pto.NNN.SUFFIX.  */
static void
write_dump (const pto_program *p, int pos, const char *suffix,
	    unsigned flags)
{
  const char *base = dump_base_name ? dump_base_name : "pto";
  char *path = concat (base, ".pto.", NULL);
  char num[16];
  snprintf (num, sizeof num, "%03d.", pos);
  char *full = concat (path, num, suffix, NULL);
  free (path);
  pto_buf b = { NULL, 0, 0 };
  pto_print_program (&b, p, flags);
  pto_output_write (full, b.s, b.len);
  pto_buf_free (&b);
  free (full);
}

/* pto_pm dump hook.  */
static void
dump_pass (void *, const pto_pass *pass, int pos, const pto_program *p)
{
  if (!seen_error ())
    write_dump (p, pos, pass->name, 0);
}

/* ------------------------------------------------------------------ */
/* Whole-unit checks                                                  */
/* ------------------------------------------------------------------ */

struct call_walk
{
  const pto_program *prog;
  pto_func *from;
  pto_diag *diag;
  int *state;			/* per function: 0 new, 1 on path, 2 done */
  pto_func **path;
  int depth;
};

static void visit_func (call_walk *w, int fi);

/* Index of function NAME in the program, or -1.  */
static int
func_index (const pto_program *p, const char *name)
{
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && !strcmp (p->funcs[i]->name, name))
      return i;
  return -1;
}

/* Visit the calls of expression E (recursively).  */
static void
visit_expr (call_walk *w, const pto_expr *e)
{
  if (!e)
    return;
  visit_expr (w, e->a);
  visit_expr (w, e->b);
  visit_expr (w, e->c);
  for (int i = 0; i < e->nargs; i++)
    visit_expr (w, e->args[i]);
  if (e->kind == PTO_E_FUNCREF && func_index (w->prog, e->fname) < 0)
    {
      pto_error (w->diag, e->loc, "kernel '%s' is launched here but not "
		 "defined in this translation unit: define a kernel in the "
		 "file that launches it", e->fname);
      return;
    }
  if (e->kind != PTO_E_CALL || e->is_op)
    return;
  int callee = func_index (w->prog, e->fname);
  if (callee < 0)
    {
      pto_error (w->diag, e->loc, "PTO_INLINE function '%s' is declared "
		 "but not defined in this translation unit", e->fname);
      return;
    }
  if (w->state[callee] == 1)
    {
      pto_buf b = { NULL, 0, 0 };
      int k = 0;
      while (k < w->depth && w->path[k] != w->prog->funcs[callee])
	k++;
      for (; k < w->depth; k++)
	pto_buf_printf (&b, "%s -> ", w->path[k]->name);
      pto_buf_puts (&b, e->fname);
      pto_error (w->diag, e->loc, "recursion through PTO_INLINE functions "
		 "is not supported: %s", b.s);
      pto_buf_free (&b);
      return;
    }
  if (w->state[callee] == 0)
    visit_func (w, callee);
}

static void
visit_stmt_cb (pto_stmt *s, void *ctx)
{
  call_walk *w = (call_walk *) ctx;
  visit_expr (w, s->lhs);
  visit_expr (w, s->value);
  visit_expr (w, s->cond);
  visit_expr (w, s->start);
  visit_expr (w, s->stop);
  visit_expr (w, s->step);
}

static void
visit_func (call_walk *w, int fi)
{
  pto_func *f = w->prog->funcs[fi];
  w->state[fi] = 1;
  w->path[w->depth++] = f;
  pto_walk_stmts (f, visit_stmt_cb, w);
  w->depth--;
  w->state[fi] = 2;
}

/* Report calls to undefined inline functions, launches of kernels the
   unit does not define, and call cycles.  */
static void
check_calls (pto_program *p)
{
  pto_diag diag;
  diag_init (&diag);
  call_walk w;
  w.prog = p;
  w.diag = &diag;
  w.state = XCNEWVEC (int, p->nfuncs + 1);
  w.path = XCNEWVEC (pto_func *, p->nfuncs + 1);
  w.depth = 0;
  for (int i = 0; i < p->nfuncs; i++)
    if (!w.state[i])
      visit_func (&w, i);
  XDELETEVEC (w.state);
  XDELETEVEC (w.path);
}

/* ------------------------------------------------------------------ */
/* Pipeline                                                           */
/* ------------------------------------------------------------------ */

/* Dump and (when asked) run the pipeline once the unit is parsed, then
   the back ends of the pipeline phase.  */
static void
finish_program (void)
{
  if (unit.done || !unit.prog)
    return;
  unit.done = true;
  if (seen_error ())
    return;
  check_calls (unit.prog);
  if (seen_error ())
    return;
  if (dump_requested ("capture"))
    write_dump (unit.prog, 0, "capture", PTO_PRINT_LOCS);
  bool trace = unit.trace && *unit.trace;
  pto_diag diag;
  diag_init (&diag);
  pto_pm pm;
  pto_pm_init (&pm, unit.opts, &diag);
  pm.dump_after = unit.dump_after ? *unit.dump_after : NULL;
  pm.dump = dump_pass;
  int rc = pto_pm_run (&pm, unit.prog, pto_default_pipeline);
  if (trace)
    pto_pm_print_trace (&pm, stderr);
  pto_pm_fini (&pm);
  if (rc == 0 && !seen_error ())
    pto_backends_run (unit.prog, PTO_PHASE_PIPELINE, unit.opts,
		      unit.sim_cce && *unit.sim_cce);
}

/* ------------------------------------------------------------------ */
/* Inline helpers leave the object                                    */
/* ------------------------------------------------------------------ */

/* Remove every PTO_INLINE function from the call graph.  A call or a
   reference from ordinary C code is an error: the helper exists only in
   the IR.  Calls from kernels are gone (their bodies were replaced);
   calls from PTO_HOST functions remain until the JIT bridge drops those
   bodies, so when there is one, nothing is removed here and GCC drops
   the then unreachable static helpers itself.  */
static void
remove_inline_functions (void)
{
  auto_vec<cgraph_node *> doomed;
  cgraph_node *node;
  bool host_calls = false, ok = true;
  FOR_EACH_FUNCTION (node)
    if (pto_fe_role_of (node->decl) == PTO_ROLE_INLINE)
      doomed.safe_push (node);
  for (cgraph_node *n : doomed)
    {
      for (cgraph_edge *e = n->callers; e; e = e->next_caller)
	switch (pto_fe_role_of (e->caller->decl))
	  {
	  case PTO_ROLE_NONE:
	    error_at (e->call_stmt
		      && gimple_location (e->call_stmt) != UNKNOWN_LOCATION
		      ? gimple_location (e->call_stmt)
		      : DECL_SOURCE_LOCATION (e->caller->decl),
		      "PTO_INLINE function %qD is called from %qD, which is "
		      "not PTO code", n->decl, e->caller->decl);
	    ok = false;
	    break;
	  case PTO_ROLE_HOST:
	    host_calls = true;
	    break;
	  default:
	    break;
	  }
      ipa_ref *ref;
      for (int i = 0; n->iterate_referring (i, ref); i++)
	if (pto_fe_role_of (ref->referring->decl) != PTO_ROLE_INLINE)
	  {
	    error_at (DECL_SOURCE_LOCATION (ref->referring->decl),
		      "the address of PTO_INLINE function %qD is taken in "
		      "%qD; PTO_INLINE functions exist only inside PTO code",
		      n->decl, ref->referring->decl);
	    ok = false;
	  }
    }
  if (!ok || host_calls)
    return;
  for (cgraph_node *n : doomed)
    n->remove ();
}

/* ------------------------------------------------------------------ */
/* Callbacks                                                          */
/* ------------------------------------------------------------------ */

static void
on_attributes (void *, void *)
{
  pto_fe_register_attributes ();
}

static void
on_finish_type (void *gcc_data, void *)
{
  tree type = (tree) gcc_data;
  if (type && TREE_CODE (type) == RECORD_TYPE && COMPLETE_TYPE_P (type)
      && pto_fe_is_tile_type (type))
    pto_fe_check_tile_type (type);
}

static void
on_pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return;
  pto_fe_role role = pto_fe_role_of (fndecl);
  if (role == PTO_ROLE_NONE)
    return;
  if (!unit.prog)
    unit.prog = pto_program_new ();
  if (role == PTO_ROLE_INLINE)
    unit.any_inline = true;
  bool ok = pto_fe_capture_function (unit.prog, fndecl, role);
  if (ok && role == PTO_ROLE_KERNEL && !seen_error ())
    pto_fe_replace_kernel_body (fndecl);
}

static void
on_all_ipa_passes_start (void *, void *)
{
  finish_program ();
  if (unit.any_inline && !seen_error ())
    remove_inline_functions ();
  /* -fplugin given at an -flto link: lto1 has no front end and never
     captured a program; the objects carry the back ends' output.  */
  if (!in_lto_p && !seen_error () && unit.prog)
    pto_backends_run (unit.prog, PTO_PHASE_IPA, unit.opts,
		      unit.sim_cce && *unit.sim_cce);
}

static void
on_finish_unit (void *, void *)
{
  finish_program ();
}

static void
on_finish (void *, void *)
{
  pto_outputs_commit ();
  pto_program_free (unit.prog);
  unit.prog = NULL;
  pto_backends_finish ();
}

void
pto_frontend_init (const char *plugin_name, const pto_options *opts,
		   const char *const *dump_after, const bool *trace,
		   const bool *sim_cce)
{
  unit.sim_cce = sim_cce;
  unit.opts = opts;
  unit.dump_after = dump_after;
  unit.trace = trace;
  register_callback (plugin_name, PLUGIN_ATTRIBUTES, on_attributes, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_TYPE, on_finish_type, NULL);
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize,
		     NULL);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     on_all_ipa_passes_start, NULL);
  register_callback (plugin_name, PLUGIN_FINISH_UNIT, on_finish_unit, NULL);
  register_callback (plugin_name, PLUGIN_FINISH, on_finish, NULL);
}
