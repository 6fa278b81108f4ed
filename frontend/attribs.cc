/* attribs.cc - the GCC attributes of the DSL and their handlers.

   Registered at PLUGIN_ATTRIBUTES (gnu namespace, so both
   __attribute__((pto_kernel)) and [[gnu::pto_kernel]] work):
     pto_kernel, pto_host, pto_inline   on function declarations, no
                                        arguments; at most one role per
                                        function; a kernel returns void
     pto_tile                           on a struct type whose only member
                                        is `T v[R][C]' (T float, _Float16
                                        or a 32-bit int; R, C positive
                                        constants; fits an on-chip buffer)
     pto_intrinsic("NAME")              on a function declaration; NAME is
                                        an op of the registry (ir/ir.h
                                        PTO_OPS) or "unroll"
   Each misuse is a GCC warning (wrong kind of declaration) or error (bad
   arguments, bad layout) and the attribute is dropped, so that nothing
   downstream ever sees a malformed one.  The attribute_spec structs are
   filled field by field (notes/gcc-plugin.md section 1).  */

#include "frontend/fe-internal.h"

#include <string.h>

static const char *const role_names[] = {
  NULL, "pto_kernel", "pto_host", "pto_inline"
};

pto_fe_role
pto_fe_role_of (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return PTO_ROLE_NONE;
  for (int r = PTO_ROLE_KERNEL; r <= PTO_ROLE_INLINE; r++)
    if (lookup_attribute (role_names[r], DECL_ATTRIBUTES (fndecl)))
      return (pto_fe_role) r;
  return PTO_ROLE_NONE;
}

const char *
pto_fe_intrinsic_name (tree fndecl)
{
  if (!fndecl || TREE_CODE (fndecl) != FUNCTION_DECL)
    return NULL;
  tree a = lookup_attribute ("pto_intrinsic", DECL_ATTRIBUTES (fndecl));
  if (!a || !TREE_VALUE (a))
    return NULL;
  tree s = TREE_VALUE (TREE_VALUE (a));
  if (!s || TREE_CODE (s) != STRING_CST)
    return NULL;
  return TREE_STRING_POINTER (s);
}

tree
pto_fe_arg_ref_operand (tree t)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) != CALL_EXPR || call_expr_nargs (t) != 2)
    return NULL_TREE;
  const char *name = pto_fe_intrinsic_name (get_callee_fndecl (t));
  return name && !strcmp (name, "arg_ref") ? CALL_EXPR_ARG (t, 1)
					    : NULL_TREE;
}

bool
pto_fe_is_tile_type (tree type)
{
  return type && TREE_CODE (type) == RECORD_TYPE
	 && lookup_attribute ("pto_tile", TYPE_ATTRIBUTES (type));
}

bool
pto_fe_is_bf16_type (tree type)
{
  if (!type || TREE_CODE (type) != RECORD_TYPE)
    return false;
  type = TYPE_MAIN_VARIANT (type);
  tree name = TYPE_NAME (type);
  if (name && TREE_CODE (name) == TYPE_DECL)
    name = DECL_NAME (name);
  if (!name || TREE_CODE (name) != IDENTIFIER_NODE
      || strcmp (IDENTIFIER_POINTER (name), "pto_bf16"))
    return false;
  tree f = TYPE_FIELDS (type);
  while (f && TREE_CODE (f) != FIELD_DECL)
    f = DECL_CHAIN (f);
  if (!f || !DECL_NAME (f) || strcmp (IDENTIFIER_POINTER (DECL_NAME (f)),
				      "bits"))
    return false;
  tree ft = TREE_TYPE (f);
  for (tree g = DECL_CHAIN (f); g; g = DECL_CHAIN (g))
    if (TREE_CODE (g) == FIELD_DECL)
      return false;
  return TREE_CODE (ft) == INTEGER_TYPE && TYPE_PRECISION (ft) == 16
	 && TYPE_UNSIGNED (ft);
}

/* True if T is a tile element type: float, _Float16, int32_t, pto_bf16,
   int8_t, uint8_t, int16_t or uint64_t (what pto.h's reference mode
   accepts; plain char is neither 8-bit type there).  */
static bool
tile_element_ok (tree t)
{
  t = TYPE_MAIN_VARIANT (t);
  if (pto_fe_is_bf16_type (t))
    return true;
  if (t == signed_char_type_node || t == unsigned_char_type_node)
    return true;
  if (TREE_CODE (t) == REAL_TYPE)
    return t == float_type_node
	   || (TYPE_PRECISION (t) == 16 && !DECIMAL_FLOAT_TYPE_P (t));
  if (TREE_CODE (t) != INTEGER_TYPE)
    return false;
  /* uint64_t: the fixpipe's deq words (pto.h pto_deq_word).  */
  if (TYPE_PRECISION (t) == 64)
    return TYPE_UNSIGNED (t);
  return (TYPE_PRECISION (t) == 32 || TYPE_PRECISION (t) == 16)
	 && !TYPE_UNSIGNED (t);
}

/* The constant length of array type A, or -1.  */
static long
array_length (tree a)
{
  tree dom = TYPE_DOMAIN (a);
  if (!dom || !TYPE_MAX_VALUE (dom)
      || TREE_CODE (TYPE_MAX_VALUE (dom)) != INTEGER_CST
      || !tree_fits_shwi_p (TYPE_MAX_VALUE (dom)))
    return -1;
  return (long) tree_to_shwi (TYPE_MAX_VALUE (dom)) + 1;
}

bool
pto_fe_tile_layout (tree type, tree *elt, long *rows, long *cols)
{
  tree field = NULL_TREE;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
	if (field)
	  return false;
	field = f;
      }
  if (!field || TREE_CODE (TREE_TYPE (field)) != ARRAY_TYPE)
    return false;
  tree outer = TREE_TYPE (field), inner = TREE_TYPE (outer);
  if (TREE_CODE (inner) != ARRAY_TYPE)
    return false;
  *rows = array_length (outer);
  *cols = array_length (inner);
  *elt = TYPE_MAIN_VARIANT (TREE_TYPE (inner));
  return *rows > 0 && *cols > 0;
}

/* Handler of pto_kernel, pto_host and pto_inline.  */
static tree
handle_role (tree *node, tree name, tree, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute only applies to function "
	       "declarations", name);
      *no_add = true;
      return NULL_TREE;
    }
  const char *me = IDENTIFIER_POINTER (name);
  for (int r = PTO_ROLE_KERNEL; r <= PTO_ROLE_INLINE; r++)
    if (strcmp (role_names[r], me) != 0
	&& lookup_attribute (role_names[r], DECL_ATTRIBUTES (*node)))
      {
	error_at (DECL_SOURCE_LOCATION (*node), "%qD cannot be both %qs and "
		  "%qs: a function has one role", *node, role_names[r], me);
	*no_add = true;
	return NULL_TREE;
      }
  if (!strcmp (me, "pto_kernel")
      && !VOID_TYPE_P (TREE_TYPE (TREE_TYPE (*node))))
    {
      error_at (DECL_SOURCE_LOCATION (*node), "PTO_KERNEL function %qD must "
		"return void (write results through pointer parameters)",
		*node);
      *no_add = true;
    }
  return NULL_TREE;
}

/* Handler of pto_tile.  The C parser applies the attributes written
   after `struct' before it has read the members, so the layout is checked
   when the type is complete (pto_fe_check_tile_type, PLUGIN_FINISH_TYPE)
   or, failing that, here.  */
static tree
handle_tile (tree *node, tree name, tree, int, bool *no_add)
{
  tree type = TYPE_P (*node) ? *node : TREE_TYPE (*node);
  if (!TYPE_P (*node) || TREE_CODE (type) != RECORD_TYPE)
    {
      warning (OPT_Wattributes, "%qE attribute only applies to struct "
	       "types (use PTO_TILE(T, R, C))", name);
      *no_add = true;
      return NULL_TREE;
    }
  if (COMPLETE_TYPE_P (type) && !pto_fe_check_tile_type (type))
    *no_add = true;
  return NULL_TREE;
}

/* The qualifiers of the elements of tile struct TYPE (its layout
   already checked): pto_fe_tile_layout returns their main variant.  */
static int
tile_element_quals (tree type)
{
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      return TYPE_QUALS (strip_array_types (TREE_TYPE (f)));
  return TYPE_UNQUALIFIED;
}

bool
pto_fe_check_tile_type (tree type)
{
  tree elt;
  long rows, cols;
  if (!pto_fe_tile_layout (type, &elt, &rows, &cols))
    {
      error ("%<pto_tile%> needs a struct whose only member is a "
	     "two-dimensional array of constant size %<T v[R][C]%> (use "
	     "PTO_TILE(T, R, C))");
      return false;
    }
  if (!tile_element_ok (elt))
    {
      error_at (expansion_point_location_if_in_system_header
		  (input_location),
		"the element type of a tile must be float, _Float16, "
		"int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t, "
		"not %qT", elt);
      return false;
    }
  if (tile_element_quals (type) != TYPE_UNQUALIFIED)
    {
      error_at (expansion_point_location_if_in_system_header
		  (input_location),
		"the element type of a tile must not be const, volatile or "
		"_Atomic: every tile is written by pto_* operations (drop the "
		"qualifier from PTO_TILE's type)");
      return false;
    }
  long bytes = rows * cols * (long) int_size_in_bytes (elt);
  if (bytes > PTO_FE_MAX_BUFFER_BYTES)
    {
      error ("a %ldx%ld tile of %qT needs %ld bytes, more than the largest "
	     "on-chip buffer of any target (%d bytes); split it into smaller "
	     "tiles", rows, cols, elt, bytes, (int) PTO_FE_MAX_BUFFER_BYTES);
      return false;
    }
  return true;
}

/* True if NAME names an op of the registry, "unroll", "tile_ref" or
   "arg_ref" (pto.h's wrappers of a tile and of a GM or kernel operand).  */
static bool
known_intrinsic (const char *name)
{
  pto_op op;
  return !strcmp (name, "unroll") || !strcmp (name, "tile_ref")
	 || !strcmp (name, "arg_ref")
	 || pto_op_lookup (name, strlen (name), &op);
}

/* Handler of pto_intrinsic("NAME").  */
static tree
handle_intrinsic (tree *node, tree name, tree args, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute only applies to function "
	       "declarations", name);
      *no_add = true;
      return NULL_TREE;
    }
  tree arg = args ? TREE_VALUE (args) : NULL_TREE;
  if (!arg || TREE_CODE (arg) != STRING_CST)
    {
      error ("%qE attribute needs a string argument naming the op",
	     name);
      *no_add = true;
      return NULL_TREE;
    }
  if (!known_intrinsic (TREE_STRING_POINTER (arg)))
    {
      error ("%qE attribute: unknown op %qs", name,
	     TREE_STRING_POINTER (arg));
      *no_add = true;
    }
  return NULL_TREE;
}

static attribute_spec role_specs[3];
static attribute_spec tile_spec;
static attribute_spec intrinsic_spec;

/* Fill S for a declaration attribute NAME with MIN..MAX arguments.  */
static void
fill_spec (attribute_spec *s, const char *name, int min, int max,
	   bool decl, bool type,
	   tree (*handler) (tree *, tree, tree, int, bool *))
{
  s->name = name;
  s->min_length = min;
  s->max_length = max;
  s->decl_required = decl;
  s->type_required = type;
  s->function_type_required = false;
  s->affects_type_identity = false;
  s->handler = handler;
  s->exclude = NULL;
}

void
pto_fe_register_attributes (void)
{
  for (int r = 0; r < 3; r++)
    {
      fill_spec (&role_specs[r], role_names[r + 1], 0, 0, true, false,
		 handle_role);
      register_attribute (&role_specs[r]);
    }
  fill_spec (&tile_spec, "pto_tile", 0, 0, false, true, handle_tile);
  register_attribute (&tile_spec);
  fill_spec (&intrinsic_spec, "pto_intrinsic", 1, 1, true, false,
	     handle_intrinsic);
  register_attribute (&intrinsic_spec);
}
