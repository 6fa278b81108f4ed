/* jit-bridge.cc - the plugin's side of the libgccjit back end (the "jit"
   row of plugin/backends.cc).  Contract: plugin/jit-bridge.h.

   1. pto-jit.so (backend/jit/ linked with -lgccjit) is dlopen'ed lazily,
      RTLD_NOW | RTLD_LOCAL, from the directory of pto.so (override:
      environment variable PTO_JIT_MODULE), the first time a unit has
      work for it, so a file without DSL code never loads libgccjit and
      its object is byte-identical to a build without the plugin.
   2. Before the call: each static PTO_HOST function gets a hidden global
      symbol unique to the unit, and those GCC dropped as unused are left
      out (the renames of pto_host_target).
   3. The assembler text goes into the object as a toplevel asm statement
      (pto_object_asm), which also survives -flto: it is streamed with
      the IR and assembled at link time.
   4. The GCC bodies of the PTO_HOST functions are dropped (the node
      becomes an external declaration), so each host symbol is defined
      once, by the JIT text, with the transformed body.  */

#include "frontend/gcc-compat.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "toplev.h"
#include "opts.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/jit/jit.h"
#include "plugin/backends.h"
#include "plugin/jit-bridge.h"

static const pto_backend *jit_backend;	/* NULL until loaded */
/* The renames of the unit (pto_host_target), for the call.  */
static auto_vec<const char *> renamed_from, renamed_to;

/* The path of pto-jit.so: $PTO_JIT_MODULE, else next to this plugin.
   Returns a malloc'd string.  */
static char *
module_path (void)
{
  const char *env = getenv ("PTO_JIT_MODULE");
  if (env && *env)
    return xstrdup (env);
  Dl_info info;
  if (dladdr ((void *) &pto_jit_bridge_load, &info) && info.dli_fname)
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

const pto_backend *
pto_jit_bridge_load (void)
{
  if (jit_backend)
    return jit_backend;
  char *path = module_path ();
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (!h)
    {
      error ("pto: cannot load the jit back end %qs: %s", path, dlerror ());
      free (path);
      return NULL;
    }
  jit_backend = (const pto_backend *) dlsym (h, PTO_JIT_BACKEND);
  if (!jit_backend)
    error ("pto: %qs does not define %qs: rebuild pto-gcc", path,
	   PTO_JIT_BACKEND);
  free (path);
  return jit_backend;
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

void
pto_jit_bridge_prepare (const pto_program *p, pto_host_target *host)
{
  renamed_from.truncate (0);
  renamed_to.truncate (0);
  host_symbols (p, &renamed_from, &renamed_to);
  host->nrenamed = renamed_from.length ();
  host->renamed_from = renamed_from.address ();
  host->renamed_to = renamed_to.address ();
}

bool
pto_jit_bridge_take (const pto_backend_unit *, pto_buf *text)
{
  if (text->s)
    pto_object_asm (text->s, text->len);
  drop_host_bodies ();
  return true;
}
