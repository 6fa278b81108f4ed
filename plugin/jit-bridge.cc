/* jit-bridge.cc - run the libgccjit back end (pto-jit.so) inside cc1 and
   put its output into the unit's object.  Contract: plugin/jit-bridge.h.

   At PLUGIN_ALL_IPA_PASSES_START (after the front end's own callback of
   the same event, which runs the pass pipeline; GCC calls the callbacks
   of an event in registration order):
   1. Nothing happens unless the unit's program (frontend/frontend.h) has
      a kernel or a PTO_HOST function, so a file without DSL code never
      loads libgccjit and its object is byte-identical to a build without
      the plugin.
   2. pto-jit.so (backend/jit/jit.c linked with -lgccjit) is dlopen'ed lazily,
      RTLD_NOW | RTLD_LOCAL, from the directory of pto.so (override:
      environment variable PTO_JIT_MODULE).
   3. The JIT context gets the unit's -O level and every -m option of the
      command line (-m32, -march=..., ...), since libgccjit ignores cc1's
      target flags.
   4. The assembler text goes into the object as a toplevel asm statement
      (symtab->finalize_toplevel_asm), which also survives -flto: it is
      streamed with the IR and assembled at link time.  Guarded by
      !in_lto_p (lto1 never gets here anyway: the plugin does nothing
      there).
   5. The GCC bodies of the PTO_HOST functions are dropped (the node
      becomes an external declaration), so each host symbol is defined
      once, by the JIT text, with the transformed body.
   Errors of the back end arrive through a pto_diag sink and become GCC
   errors at the recorded location.  Nothing is written to stdout.  */

#include "frontend/gcc-compat.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "opts.h"

#include "plugin/diag-bridge.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/jit/jit.h"
#include "object/cce-section.h"
#include "frontend/frontend.h"
#include "plugin/cce-sim.h"
#include "plugin/jit-bridge.h"

/* The unit's program after the pipeline (plugin/unit.cc).  Weak so that
   the plugin still loads while the front end does not provide it yet;
   the bridge then does nothing.  */
extern pto_program *pto_frontend_program (void) __attribute__ ((weak));

static pto_jit_compile_fn jit_compile;	/* NULL until loaded */
static const bool *sim_cce;		/* -fplugin-arg-pto-sim=cce */

/* Does P have a live function of kind KIND?  */
static bool
has_func_kind (const pto_program *p, pto_func_kind kind)
{
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead && p->funcs[i]->kind == kind)
      return true;
  return false;
}

/* Does P have anything for the libgccjit back end?  Host functions, and
   kernels unless they run from their CCE.  */
static bool
has_jit_work (const pto_program *p)
{
  return has_func_kind (p, PTO_FN_HOST)
	 || (!*sim_cce && has_func_kind (p, PTO_FN_KERNEL));
}

/* The path of pto-jit.so: $PTO_JIT_MODULE, else next to this plugin.
   Returns a malloc'd string.  */
static char *
module_path (void)
{
  const char *env = getenv ("PTO_JIT_MODULE");
  if (env && *env)
    return xstrdup (env);
  Dl_info info;
  if (dladdr ((void *) &pto_jit_bridge_init, &info) && info.dli_fname)
    {
      const char *slash = strrchr (info.dli_fname, '/');
      if (slash)
	{
	  size_t dir = slash - info.dli_fname + 1;
	  char *p = XNEWVEC (char, dir + sizeof PTO_JIT_MODULE);
	  memcpy (p, info.dli_fname, dir);
	  memcpy (p + dir, PTO_JIT_MODULE, sizeof PTO_JIT_MODULE);
	  return p;
	}
    }
  return xstrdup (PTO_JIT_MODULE);
}

/* Load pto-jit.so once; report and return false on failure.  */
static bool
load_backend (void)
{
  if (jit_compile)
    return true;
  char *path = module_path ();
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    {
      error ("pto: cannot load the jit back end %qs: %s", path, dlerror ());
      free (path);
      return false;
    }
  jit_compile = (pto_jit_compile_fn) dlsym (h, PTO_JIT_ENTRY);
  if (!jit_compile)
    error ("pto: %qs does not define %qs: rebuild pto-gcc", path,
	   PTO_JIT_ENTRY);
  free (path);
  return jit_compile != NULL;
}

/* Fill T from cc1's options: pointer width, -O level, the -m options.
   FLAGS receives the option strings (pointing into GCC's option table).  */
static void
describe_target (pto_jit_target *t, auto_vec<const char *> *flags)
{
  t->pointer_bits = TYPE_PRECISION (ptr_type_node);
  t->opt_level = optimize > 3 ? 3 : optimize;
  if (optimize_size || optimize_debug)
    t->opt_level = optimize ? 2 : 0;
  for (unsigned i = 1; i < save_decoded_options_count; i++)
    {
      const char *text = save_decoded_options[i].orig_option_with_args_text;
      if (text && text[0] == '-' && text[1] == 'm')
	flags->safe_push (text);
    }
  t->nflags = flags->length ();
  t->flags = flags->address ();
}

/* Is DECL a function with attribute NAME?  */
static bool
has_role (tree decl, const char *name)
{
  return lookup_attribute (name, DECL_ATTRIBUTES (decl)) != NULL_TREE;
}

/* Drop the GCC body of every PTO_HOST function: the JIT text defines
   the symbol.  The node becomes an undefined (external) function, so
   calls from ordinary C code bind to the JIT definition.  */
static void
drop_host_bodies (void)
{
  auto_vec<cgraph_node *> hosts;
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (node->definition && has_role (node->decl, "pto_host"))
      hosts.safe_push (node);
  for (cgraph_node *n : hosts)
    {
      tree decl = n->decl;
      n->release_body ();
      n->reset ();
      DECL_EXTERNAL (decl) = 1;
      TREE_STATIC (decl) = 0;
      DECL_INITIAL (decl) = NULL_TREE;
      DECL_SAVED_TREE (decl) = NULL_TREE;
    }
}

/* A unit-unique symbol for the static PTO_HOST function NAME: the JIT
   text defines it as a hidden global, so GCC's references and the
   definition meet whatever the partitioning (-flto).  Deterministic: a
   hash of the main input file name and NAME.  */
static char *
static_host_symbol (const char *name)
{
  unsigned long long h = 0xcbf29ce484222325ull;
  const char *parts[2] = { main_input_filename ? main_input_filename : "",
			   name };
  for (const char *part : parts)
    {
      for (const char *c = part; *c; c++)
	h = (h ^ (unsigned char) *c) * 0x100000001b3ull;
      h = (h ^ 0xff) * 0x100000001b3ull;
    }
  char hex[20];
  snprintf (hex, sizeof hex, "%016llx", h);
  return concat ("__pto_host_", name, "_", hex, NULL);
}

/* The cgraph node of PTO_HOST function NAME, or NULL when GCC has none
   with a body (a static function nothing calls is gone already).  */
static cgraph_node *
host_node (const char *name)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (node->definition && DECL_NAME (node->decl)
	&& !strcmp (IDENTIFIER_POINTER (DECL_NAME (node->decl)), name)
	&& has_role (node->decl, "pto_host"))
      return node;
  return NULL;
}

/* For each PTO_HOST function of P whose symbol is not its C name, record
   the C name in FROM and the symbol in TO: a static function gets a
   hidden global symbol (see static_host_symbol), one GCC dropped as
   unused gets NULL (the JIT skips it).  */
static void
host_symbols (const pto_program *p, auto_vec<const char *> *from,
	      auto_vec<const char *> *to)
{
  for (int i = 0; i < p->nfuncs; i++)
    {
      const pto_func *f = p->funcs[i];
      if (f->dead || f->kind != PTO_FN_HOST)
	continue;
      cgraph_node *n = host_node (f->name);
      if (!n)
	{
	  from->safe_push (f->name);
	  to->safe_push (NULL);
	  continue;
	}
      tree decl = n->decl;
      if (TREE_PUBLIC (decl))
	continue;
      char *sym = static_host_symbol (f->name);
      symtab->change_decl_assembler_name (decl, get_identifier (sym));
      free (sym);
      TREE_PUBLIC (decl) = 1;
      DECL_VISIBILITY (decl) = VISIBILITY_HIDDEN;
      DECL_VISIBILITY_SPECIFIED (decl) = 1;
      n->externally_visible = false;
      from->safe_push (f->name);
      to->safe_push (IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (decl)));
    }
}

/* Does the unit define a kernel or a PTO_HOST function?  */
static bool
defines_dsl_functions (void)
{
  cgraph_node *node;
  FOR_EACH_FUNCTION (node)
    if (node->definition && (has_role (node->decl, "pto_kernel")
			     || has_role (node->decl, "pto_host")))
      return true;
  return false;
}

/* Append the assembler TEXT (taken over) to the unit's output.  */
static void
embed_asm (char *text)
{
  symtab->finalize_toplevel_asm (build_string (strlen (text), text));
  free (text);
}

/* Compile P's host functions (and kernels, under sim=jit) with
   libgccjit into the unit; false after an error.  */
static bool
compile_with_jit (pto_program *p, pto_jit_target *target)
{
  if (!load_backend ())
    return false;
  auto_vec<const char *> from, to;
  host_symbols (p, &from, &to);
  target->nrenamed = from.length ();
  target->renamed_from = from.address ();
  target->renamed_to = to.address ();

  pto_diag diag;
  pto_gcc_diag_init (&diag, NULL);
  char *text = NULL;
  if (jit_compile (p, target, &diag, &text) != 0 || seen_error ())
    {
      free (text);
      return false;
    }
  if (text)
    embed_asm (text);
  drop_host_bodies ();
  return true;
}

/* sim=cce: P's kernels run from their CCE compiled on the host
   (plugin/cce-sim.h).  */
static void
compile_cce_on_host (const pto_program *p, const pto_jit_target *jt)
{
  const pto_frontend_cce *cce = pto_frontend_cce_output ();
  if (!cce)
    {
      if (!seen_error ())
	error ("pto: %<-fplugin-arg-pto-sim=cce%>: no CCE was emitted for "
	       "the kernels of this unit");
      return;
    }
  pto_cce_sim_target t = { jt->opt_level, jt->nflags, jt->flags };
  char *text = pto_cce_sim_build (p, cce, &t);
  if (text)
    embed_asm (text);
}

/* The unit's CCE text goes into the object's .pto.cce section
   (object/cce-section.h), for pto-extract and the device toolchain.  */
static void
embed_cce_section (void)
{
  const pto_frontend_cce *cce = pto_frontend_cce_output ();
  if (!cce || seen_error ())
    return;
  char *text = pto_cce_section_asm (cce->name, cce->text, cce->len);
  if (!text)
    error ("pto: cannot record %qs in the object%'s %<.pto.cce%> section",
	   cce->name);
  else
    embed_asm (text);
}

static void
on_all_ipa_passes_start (void *, void *)
{
  if (in_lto_p || seen_error ())
    return;
  if (!pto_frontend_program)
    {
      if (defines_dsl_functions ())
	error ("pto: this plugin was built without the front end%'s "
	       "%<pto_frontend_program%>: %<PTO_KERNEL%> and %<PTO_HOST%> "
	       "functions cannot be compiled");
      return;
    }
  pto_program *p = pto_frontend_program ();
  if (!p)
    return;
  pto_jit_target target;
  memset (&target, 0, sizeof target);
  auto_vec<const char *> flags;
  describe_target (&target, &flags);
  target.kernels_from_cce = *sim_cce;
  if (has_jit_work (p) && !compile_with_jit (p, &target))
    return;
  if (*sim_cce && has_func_kind (p, PTO_FN_KERNEL))
    compile_cce_on_host (p, &target);
  embed_cce_section ();
}

void
pto_jit_bridge_init (const char *plugin_name, const bool *sim_cce_option)
{
  sim_cce = sim_cce_option;
  pto_launch_rewrite_init (plugin_name);
  register_callback (plugin_name, PLUGIN_ALL_IPA_PASSES_START,
		     on_all_ipa_passes_start, NULL);
}
