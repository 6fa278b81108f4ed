/* launch.cc - pto_launch in ordinary C functions (main, ...).

   Contract (pto_launch_rewrite_init, frontend/frontend.h): in plugin
   mode pto.h turns
     pto_launch (k, blocks, a1, ..., an)
   into  __pto_op_launch (__pto_arg_ref (0, k), (long long) blocks, a1,
   ..., an), a variadic call (the marker keeps k's own type).  Inside
   PTO_HOST functions the front end captures it into the IR
   (pto.launch); everywhere else this file's
   PLUGIN_PRE_GENERICIZE callback rewrites each such call into
     (__pto_rt_set_blocks (blocks), k (a1', ..., an'))
   where ai' is ai with the default argument promotion undone and then
   converted to k's parameter type by the C front end itself, exactly as
   in the ordinary call k (a1, ..., an) of reference mode: the same
   errors ("incompatible type for argument 2 of 'k'") and warnings
   ("makes integer from pointer without a cast"), a float parameter
   receives a float, a _Bool parameter a value != 0.  k's
   body is the front end's launch stub, which hands the arguments to
   libpto-rt; __pto_rt_set_blocks tells it the block count.

   Errors (located at the call): the first argument is not a PTO_KERNEL,
   the number of arguments does not match the kernel, an argument C
   cannot convert to its parameter.

   pto_unroll (f1, ...), that is __pto_unroll (0, f1, ...), in the same
   functions has no effect, as in reference mode, whose macro only
   checks the factors: the factors are checked with the same limits as
   in DSL code (pto_fe_unroll_factors, a located error) and the call is
   replaced by an empty statement, so the object never refers to
   __pto_unroll.  A unit that declares neither intrinsic is not walked
   at all.  DSL functions are left to the front end.  */

#include "frontend/fe-internal.h"

#include <string.h>

/* Our messages name DSL macros (PTO_KERNEL) plainly, as the front end's
   do (frontend/fe-internal.h).  */
#pragma GCC diagnostic ignored "-Wformat-diag"

static bool
has_attr (tree decl, const char *name)
{
  return lookup_attribute (name, DECL_ATTRIBUTES (decl)) != NULL_TREE;
}

/* Is DECL the intrinsic NAME?  */
static bool
is_intrinsic (tree decl, const char *name)
{
  const char *iname = pto_fe_intrinsic_name (decl);
  return iname && !strcmp (iname, name);
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

/* The C front end's call builder (c-typeck.cc); weak because lto1, which
   has no C front end, also loads the plugin (it never calls this).  */
extern tree build_function_call_vec (location_t, vec<location_t>, tree,
				     vec<tree, va_gc> *, vec<tree, va_gc> *,
				     tree) __attribute__ ((weak));

/* Is the conversion FROM -> TO a default argument promotion (float to
   double, a narrower integer, bool or enum to int or unsigned int)?  */
static bool
promotion_p (tree from, tree to)
{
  if (TREE_CODE (to) == REAL_TYPE)
    return TREE_CODE (from) == REAL_TYPE
	   && TYPE_PRECISION (from) < TYPE_PRECISION (to);
  tree m = TYPE_MAIN_VARIANT (to);
  return (m == integer_type_node || m == unsigned_type_node)
	 && INTEGRAL_TYPE_P (from)
	 && (TYPE_PRECISION (from) < TYPE_PRECISION (to)
	     || TREE_CODE (from) != INTEGER_TYPE);
}

tree
pto_fe_unpromote (tree a)
{
  if (CONVERT_EXPR_P (a)
      && promotion_p (TREE_TYPE (TREE_OPERAND (a, 0)), TREE_TYPE (a)))
    return TREE_OPERAND (a, 0);
  return a;
}

/* The element (T[1]){a}[0] of launch argument A, pto.h's PTO__LARG
   marker (the one-element array literal, decayed to a pointer), or
   NULL_TREE when A is not one.  */
static tree
launch_arg_element (tree a)
{
  STRIP_NOPS (a);
  if (TREE_CODE (a) != ADDR_EXPR)
    return NULL_TREE;
  tree lit = TREE_OPERAND (a, 0);
  if (TREE_CODE (lit) == ARRAY_REF && integer_zerop (TREE_OPERAND (lit, 1)))
    lit = TREE_OPERAND (lit, 0);
  if (TREE_CODE (lit) != COMPOUND_LITERAL_EXPR
      || TREE_CODE (TREE_TYPE (lit)) != ARRAY_TYPE)
    return NULL_TREE;
  return build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (lit)), lit,
		 integer_zero_node, NULL_TREE, NULL_TREE);
}

/* Launch argument A as the C front end should convert it: the element
   of the marker (an lvalue of the argument's own type), else (an older
   header's bare argument) A with its promotion undone.  */
static tree
launch_arg (tree a)
{
  tree elt = launch_arg_element (a);
  return elt ? elt : pto_fe_unpromote (a);
}

/* The initialiser of element 0 of the array compound literal LIT, or
   NULL_TREE.  */
static tree
literal_init (tree lit)
{
  tree init = DECL_INITIAL (COMPOUND_LITERAL_EXPR_DECL (lit));
  if (!init || TREE_CODE (init) != CONSTRUCTOR
      || CONSTRUCTOR_NELTS (init) != 1)
    return NULL_TREE;
  return CONSTRUCTOR_ELT (init, 0)->value;
}

/* walk_tree callback: replace each marker element, LIT[0], by the
   initialiser of its literal when it is a scalar.  */
static tree
element_value (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == ARRAY_REF
	   && TREE_CODE (TREE_OPERAND (t, 0)) == COMPOUND_LITERAL_EXPR)
    {
      tree init = literal_init (TREE_OPERAND (t, 0));
      if (init && TREE_CODE (init) != CONSTRUCTOR)
	*tp = init;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

tree
pto_fe_launch_arg_value (tree a)
{
  tree elt = launch_arg_element (a);
  if (elt)
    a = elt;
  walk_tree_without_duplicates (&a, element_value, NULL);
  return a;
}

tree
pto_fe_launch_kernel_call (tree t, tree kernel, location_t loc)
{
  int n = call_expr_nargs (t);
  vec<tree, va_gc> *params = NULL;
  vec_alloc (params, n > 2 ? n - 2 : 0);
  vec<location_t> locs = vNULL;
  for (int i = 2; i < n; i++)
    {
      params->quick_push (launch_arg (CALL_EXPR_ARG (t, i)));
      locs.safe_push (loc);
    }
  tree call = build_function_call_vec (loc, locs, kernel, params, NULL,
				       kernel);
  vec_free (params);
  locs.release ();
  if (call != error_mark_node && TREE_CODE (call) != CALL_EXPR)
    {
      error_at (loc, "%<pto_launch%>: cannot launch %qD here", kernel);
      return error_mark_node;
    }
  return call;
}

/* Is T a pointer to a function type?  */
static bool
function_pointer_p (tree t)
{
  return POINTER_TYPE_P (t) && FUNC_OR_METHOD_TYPE_P (TREE_TYPE (t));
}

/* The PTO_KERNEL function that ARG, the first argument of a pto_launch,
   names (pto.h passes it through the marker __pto_arg_ref, which keeps
   its type), or NULL_TREE.  Only conversions between pointers to one
   function type are looked through: a kernel converted to an integer,
   an object pointer or another function type (`(char) k', `(float *) k',
   `(void (*)(void)) k') names no kernel, as in reference mode, where
   calling it is an error ("called object is not a function", "too many
   arguments").  */
tree
pto_fe_launch_kernel (tree arg)
{
  arg = pto_fe_arg_ref_operand (arg);
  if (!arg)
    return NULL_TREE;
  while ((CONVERT_EXPR_P (arg) || TREE_CODE (arg) == NON_LVALUE_EXPR)
	 && function_pointer_p (TREE_TYPE (arg))
	 && function_pointer_p (TREE_TYPE (TREE_OPERAND (arg, 0)))
	 && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (arg)))
	    == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (TREE_OPERAND (arg, 0)))))
    arg = TREE_OPERAND (arg, 0);
  if (TREE_CODE (arg) != ADDR_EXPR)
    return NULL_TREE;
  tree fn = TREE_OPERAND (arg, 0);
  if (TREE_CODE (fn) != FUNCTION_DECL || !has_attr (fn, "pto_kernel"))
    return NULL_TREE;
  return fn;
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
  tree kernel = pto_fe_launch_kernel (CALL_EXPR_ARG (t, 0));
  if (!kernel)
    {
      error_at (loc, "the first argument of %<pto_launch%> must name a "
		"PTO_KERNEL function");
      return NULL_TREE;
    }
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
  tree call = pto_fe_launch_kernel_call (t, kernel, loc);
  if (call == error_mark_node)
    return NULL_TREE;
  tree blocks = fold_convert_loc (loc, long_long_integer_type_node,
				  CALL_EXPR_ARG (t, 1));
  tree set = build_call_expr_loc (loc, set_blocks_decl (), 1, blocks);
  return build2_loc (loc, COMPOUND_EXPR, void_type_node, set, call);
}

/* walk_tree callback: rewrite launch calls in place.  */
tree
pto_fe_walk_call (tree *tp, int *walk_subtrees)
{
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  return TREE_CODE (t) == CALL_EXPR ? t : NULL_TREE;
}

static tree
rewrite_cb (tree *tp, int *walk_subtrees, void *)
{
  tree t = pto_fe_walk_call (tp, walk_subtrees);
  if (!t)
    return NULL_TREE;
  tree fn = get_callee_fndecl (t);
  if (fn && is_intrinsic (fn, "unroll"))
    {
      location_t loc
	= expansion_point_location_if_in_system_header (EXPR_LOCATION (t));
      int64_t factors[8];
      pto_fe_unroll_factors (t, loc, factors);
      *tp = build_empty_stmt (loc);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (!fn || !is_intrinsic (fn, "launch"))
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
      || (!maybe_get_identifier ("__pto_op_launch")
	  && !maybe_get_identifier ("__pto_unroll")))
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
