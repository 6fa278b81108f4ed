/* unit.cc - the driver of one translation unit: the plugin's callbacks,
   the pass pipeline, the CCE back end and the side files.  It calls the
   front end (frontend/fe-internal.h) to capture GCC's trees into the IR,
   the passes, the CCE back end (backend/cce/cce.h) and its checker; the
   libgccjit back end is driven from plugin/jit-bridge.cc with the
   program this file hands over (pto_frontend_program).

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
                          ordinary C code calls one).
   PLUGIN_FINISH_UNIT     the same checks and dump when the IPA passes never
                          ran (e.g. -fsyntax-only).
   After the pipeline, the kernels' CCE goes to AUXBASE.cce (write_cce).
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
#include "backend/cce/cce.h"
#include "ir/arch.h"
#include "backend/cce/check.h"
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
  pto_frontend_cce cce;		/* text NULL until written */
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

/* True if P has a live kernel.  */
static bool
has_kernel (const pto_program *p)
{
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && p->funcs[i]->kind == PTO_FN_KERNEL)
      return true;
  return false;
}

/* The sink of the CCE step: the back end's "sorry, unimplemented" (a
   kernel it cannot lower yet) becomes one warning, with a note for each
   further construct, since the program still builds and runs on the CPU
   simulation; everything else goes to GCC as usual.  Under sim=cce the
   kernels need their CCE, so a sorry is GCC's "sorry, unimplemented"
   (an error).  CTX counts the sorries so far.  */
static void
emit_cce_diag (void *ctx, pto_diag_kind kind, pto_loc loc, const char *msg)
{
  int *sorries = (int *) ctx;
  if (kind == PTO_DIAG_SORRY && unit.sim_cce && *unit.sim_cce)
    {
      location_t where = loc.host ? (location_t) loc.host : UNKNOWN_LOCATION;
      sorry_at (where, "%s (needed by %<-fplugin-arg-pto-sim=cce%>, which "
		"runs kernels from their CCE)", msg);
      return;
    }
  if (kind != PTO_DIAG_SORRY)
    {
      pto_gcc_diag_emit (NULL, kind, loc, msg);
      return;
    }
  location_t where = loc.host ? (location_t) loc.host : UNKNOWN_LOCATION;
  if ((*sorries)++ == 0)
    warning_at (where, 0, "pto: no CCE is written for this translation "
		"unit (its kernels still run on the CPU simulator): %s", msg);
  else
    inform (where, "pto: also not supported by the CCE back end: %s", msg);
}

/* The name the unit's CCE goes by inside the object (the .pto.cce record,
   pto-extract's output file, the host compile of sim=cce): the source
   file's base name with its extension replaced by ".cce", so that the
   object does not depend on -o (distcc and ccache compile to temporary
   output names).  AUXBASE.cce on disk keeps GCC's naming.  */
static char *
cce_record_name (void)
{
  const char *src = lbasename (main_input_filename ? main_input_filename
			       : "pto");
  const char *dot = strrchr (src, '.');
  size_t len = dot && dot != src ? (size_t) (dot - src) : strlen (src);
  if (len == 0 || len > 200)
    return xstrdup ("pto.cce");
  char *name = XNEWVEC (char, len + 5);
  memcpy (name, src, len);
  memcpy (name + len, ".cce", 5);
  return name;
}

/* Keep TEXT (taken over) as the unit's CCE.  */
static void
keep_cce (pto_buf *text)
{
  const pto_arch *arch = pto_arch_lookup (unit.opts ? unit.opts->arch : NULL);
  unit.cce.text = text->s;
  unit.cce.len = text->len;
  unit.cce.name = cce_record_name ();
  unit.cce.arch = arch ? arch->name : NULL;
  text->s = NULL;
}

const pto_frontend_cce *
pto_frontend_cce_output (void)
{
  return unit.cce.text && !seen_error () ? &unit.cce : NULL;
}

/* A finding of the CCE checker on what we emitted: a bug of ours.  */
static void
report_cce_check (void *ctx, const char *file, int line, int col,
		  const char *func, const char *check, const char *msg)
{
  (void) ctx;
  error ("pto: internal error: emitted CCE fails check %qs in kernel %qs "
	 "at %s:%d:%d (the file is not written): %s; please report", check,
	 func ? func : "(none)", file, line, col, msg);
}

/* Write the CCE of the unit's kernels to AUXBASE.cce, the way GCC names
   its other auxiliary outputs (`gcc -c k.c' gives k.cce; `gcc app.c -o
   app' gives app-app.cce).  The text goes to a temporary file renamed
   into place at PLUGIN_FINISH only if the whole unit compiled without
   error (output.cc), so an error, even one reported after this, never
   leaves a .cce behind; the
   back end's problems (a kernel that does not fit the target's buffers,
   an op it does not lower yet) are GCC errors at the kernel's source
   lines, except "sorry, unimplemented", which is a warning (below).
   The text passes backend/cce/check.h's checks before it is written: a
   finding is an internal error (report_cce_check) and no file is
   written.  */
static void
write_cce (const pto_program *p)
{
  int sorries = 0;
  pto_diag diag;
  pto_diag_init (&diag);
  diag.emit = emit_cce_diag;
  diag.ctx = &sorries;
  pto_buf text = { NULL, 0, 0 };
  const char *base = aux_base_name ? aux_base_name
		     : dump_base_name ? dump_base_name : "pto";
  char *path = concat (base, ".cce", NULL);
  if (pto_emit_cce (p, unit.opts, &diag, &text) != 0 || seen_error ()
      || pto_cce_check (path, text.s, text.len,
			pto_arch_lookup (unit.opts ? unit.opts->arch : NULL),
			PTO_CCE_CHECK_STRICT, report_cce_check, NULL) != 0)
    {
      pto_buf_free (&text);
      free (path);
      return;
    }
  if (pto_output_write (path, text.s, text.len))
    keep_cce (&text);
  else
    pto_buf_free (&text);
  free (path);
}

/* Dump and (when asked) run the pipeline once the unit is parsed.  */
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
  if (rc == 0 && !seen_error () && has_kernel (unit.prog))
    write_cce (unit.prog);
}

pto_program *
pto_frontend_program (void)
{
  finish_program ();
  return seen_error () ? NULL : unit.prog;
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
  free ((char *) unit.cce.text);
  free ((char *) unit.cce.name);
  unit.cce = pto_frontend_cce ();
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
