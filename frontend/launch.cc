/* launch.cc - pto_launch in ordinary C functions (main, ...).

   Contract (plugin/jit-bridge.h): in plugin mode pto.h turns
     pto_launch (k, blocks, a1, ..., an)
   into  __pto_op_launch ((void (*)(void)) k, (long long) blocks, a1, ...,
   an), a variadic call.  Inside PTO_HOST functions the front end
   captures it into the IR (pto.launch); everywhere else this file's
   PLUGIN_PRE_GENERICIZE callback rewrites each such call into
     (__pto_rt_set_blocks (blocks), k (a1', ..., an'))
   where ai' is ai with the default argument promotion undone and then
   converted to k's parameter type as in an ordinary call (so a float
   parameter receives a float, a _Bool parameter a value != 0).  k's
   body is the front end's launch stub, which hands the arguments to
   libpto-rt; __pto_rt_set_blocks tells it the block count.

   Errors (located at the call): the first argument is not a PTO_KERNEL,
   or the number of arguments does not match the kernel.  A unit that
   never declares __pto_op_launch is not walked at all.  DSL functions are
   left to the front end.  */

#include "frontend/fe-internal.h"

#include <string.h>

#include "plugin/jit-bridge.h"

/* Our messages name DSL macros (PTO_KERNEL) plainly, as the front end's
   do (frontend/fe-internal.h).  */
#pragma GCC diagnostic ignored "-Wformat-diag"

static bool
has_attr (tree decl, const char *name)
{
  return lookup_attribute (name, DECL_ATTRIBUTES (decl)) != NULL_TREE;
}

/* Is DECL the launch intrinsic?  */
static bool
is_launch_intrinsic (tree decl)
{
  tree a = lookup_attribute ("pto_intrinsic", DECL_ATTRIBUTES (decl));
  if (!a || !TREE_VALUE (a))
    return false;
  tree s = TREE_VALUE (TREE_VALUE (a));
  return s && TREE_CODE (s) == STRING_CST
	 && !strcmp (TREE_STRING_POINTER (s), "launch");
}

/* void __pto_rt_set_blocks (long long).  */
static tree
set_blocks_decl (void)
{
  return pto_fe_runtime_decl ("__pto_rt_set_blocks",
			      build_function_type_list
				(void_type_node, long_long_integer_type_node,
				 NULL_TREE));
}

/* Strip the conversions of the variadic call from argument A: pointer
   casts stay, the default argument promotions go.  */
static tree
unpromote (tree a)
{
  while (CONVERT_EXPR_P (a) && !POINTER_TYPE_P (TREE_TYPE (a)))
    a = TREE_OPERAND (a, 0);
  return a;
}

/* A converted to parameter type T as in an assignment: to _Bool by
   comparing with zero, floating to integer by truncation (fold_convert
   does not do these two), everything else by fold_convert.  */
static tree
convert_arg (tree t, tree a, location_t loc)
{
  tree from = TREE_TYPE (a);
  if (TREE_CODE (t) == BOOLEAN_TYPE && TREE_CODE (from) != BOOLEAN_TYPE)
    return fold_build2_loc (loc, NE_EXPR, t, a,
			    fold_convert (from, integer_zero_node));
  if (INTEGRAL_TYPE_P (t) && SCALAR_FLOAT_TYPE_P (from))
    return fold_build1_loc (loc, FIX_TRUNC_EXPR, t, a);
  return fold_convert_loc (loc, t, a);
}

/* The replacement of launch call T, or NULL_TREE after an error.  */
static tree
rewrite_launch (tree t)
{
  /* pto_launch is a macro of the system header pto.h: report at the
     user's line.  */
  location_t loc
    = expansion_point_location_if_in_system_header (EXPR_LOCATION (t));
  int n = call_expr_nargs (t);
  tree k = CALL_EXPR_ARG (t, 0);
  STRIP_NOPS (k);
  if (TREE_CODE (k) != ADDR_EXPR
      || TREE_CODE (TREE_OPERAND (k, 0)) != FUNCTION_DECL
      || !has_attr (TREE_OPERAND (k, 0), "pto_kernel"))
    {
      error_at (loc, "the first argument of %<pto_launch%> must name a "
		"PTO_KERNEL function");
      return NULL_TREE;
    }
  tree kernel = TREE_OPERAND (k, 0);
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (kernel));
  int nparams = 0;
  for (tree p = parm; p && !VOID_TYPE_P (TREE_VALUE (p)); p = TREE_CHAIN (p))
    nparams++;
  if (n - 2 != nparams)
    {
      error_at (loc, "%<pto_launch%>: kernel %qD takes %d arguments, %d "
		"given", kernel, nparams, n - 2);
      return NULL_TREE;
    }
  auto_vec<tree> args;
  for (int i = 2; i < n; i++, parm = TREE_CHAIN (parm))
    args.safe_push (convert_arg (TREE_VALUE (parm),
				 unpromote (CALL_EXPR_ARG (t, i)), loc));
  tree blocks = fold_convert_loc (loc, long_long_integer_type_node,
				  CALL_EXPR_ARG (t, 1));
  tree set = build_call_expr_loc (loc, set_blocks_decl (), 1, blocks);
  tree call = build_call_expr_loc_array (loc, kernel, args.length (),
					 args.address ());
  return build2_loc (loc, COMPOUND_EXPR, void_type_node, set, call);
}

/* walk_tree callback: rewrite launch calls in place.  */
static tree
rewrite_cb (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) != CALL_EXPR)
    return NULL_TREE;
  tree fn = get_callee_fndecl (t);
  if (!fn || !is_launch_intrinsic (fn))
    return NULL_TREE;
  tree r = rewrite_launch (t);
  if (r)
    {
      *tp = r;
      /* The arguments may launch too (pto_launch returns void, so they
	 cannot, but walk them for uniformity).  */
    }
  *walk_subtrees = 0;
  return NULL_TREE;
}

static void
on_pre_genericize (void *gcc_data, void *)
{
  tree fndecl = (tree) gcc_data;
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL
      || !maybe_get_identifier ("__pto_op_launch"))
    return;
  if (has_attr (fndecl, "pto_kernel") || has_attr (fndecl, "pto_host")
      || has_attr (fndecl, "pto_inline"))
    return;
  tree body = DECL_SAVED_TREE (fndecl);
  if (body)
    walk_tree_without_duplicates (&DECL_SAVED_TREE (fndecl), rewrite_cb,
				  NULL);
}

void
pto_launch_rewrite_init (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_PRE_GENERICIZE, on_pre_genericize,
		     NULL);
}
