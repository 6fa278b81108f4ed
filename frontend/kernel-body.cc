/* kernel-body.cc - a captured kernel's GCC body becomes a call of the
   runtime's launch entry.

   Contract (frontend/fe-internal.h): pto_fe_replace_kernel_body (FNDECL),
   called at PLUGIN_PRE_GENERICIZE once FNDECL has been captured, replaces
   the body of the kernel by
     __pto_launch ("name", nparams, &p0, &p1, ...);
   so that the host object calls the runtime, which runs the kernel's
   compiled code.  pto_fe_runtime_decl gives the declaration of a runtime
   function: the unit's own when it declares one (so the types agree),
   else a public external one.  */

#include "frontend/fe-internal.h"

#include <string.h>

/* The C front end's lookup of a global name; weak because lto1, which
   has no C front end, also loads the plugin (it never calls this).  */
extern tree identifier_global_value (tree) __attribute__ ((weak));

tree
pto_fe_runtime_decl (const char *name, tree type)
{
  tree d = identifier_global_value
	   ? identifier_global_value (get_identifier (name)) : NULL_TREE;
  if (d && TREE_CODE (d) == FUNCTION_DECL)
    return d;
  d = build_fn_decl (name, type);
  TREE_PUBLIC (d) = 1;
  DECL_EXTERNAL (d) = 1;
  DECL_ARTIFICIAL (d) = 1;
  return d;
}

/* The runtime's launch entry
     void __pto_launch (const void *name, int nparams, ...);  */
static tree
launch_decl (void)
{
  return pto_fe_runtime_decl ("__pto_launch",
			      build_varargs_function_type_list
				(void_type_node, const_ptr_type_node,
				 integer_type_node, NULL_TREE));
}

void
pto_fe_replace_kernel_body (tree fndecl)
{
  tree bind = DECL_SAVED_TREE (fndecl);
  if (!bind || TREE_CODE (bind) != BIND_EXPR)
    return;
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  auto_vec<tree> args;
  args.safe_push (build_string_literal (strlen (name) + 1, name));
  int nparams = 0;
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    nparams++;
  args.safe_push (build_int_cst (integer_type_node, nparams));
  for (tree p = DECL_ARGUMENTS (fndecl); p; p = DECL_CHAIN (p))
    {
      TREE_ADDRESSABLE (p) = 1;
      args.safe_push (build_fold_addr_expr (p));
    }
  tree body = alloc_stmt_list ();
  append_to_statement_list (build_call_expr_loc_array (loc, launch_decl (),
						       args.length (),
						       args.address ()),
			    &body);
  BIND_EXPR_BODY (bind) = body;
  BIND_EXPR_VARS (bind) = NULL_TREE;
  if (tree b = BIND_EXPR_BLOCK (bind))
    {
      BLOCK_VARS (b) = NULL_TREE;
      BLOCK_SUBBLOCKS (b) = NULL_TREE;
    }
}

