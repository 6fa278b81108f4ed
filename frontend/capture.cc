/* capture.cc - GENERIC (C front end, PLUGIN_PRE_GENERICIZE) -> IR.

   pto_fe_capture_function translates one PTO_KERNEL / PTO_HOST /
   PTO_INLINE function into a pto_func of the translation unit's program,
   with a location on every node (loc.host is the GCC location_t, resolved
   out of pto.h's macros to the user's line).  Nothing here keeps a tree:
   declarations map to IR variables through their DECL_UID for the
   duration of one call.

   What is translated (the DSL contract of include/pto.h):
     scalar locals with initialisers; assignments (compound assignments
     and ++/-- arrive as x = x OP e from the C front end); integer and
     float arithmetic, comparisons, logical operators; C's implicit
     conversions become explicit IR casts (conversions between C types
     with the same IR type vanish); the conditional operator; if/else;
     canonical for loops, normalised to `i < stop' / `i > stop' with the
     index declared in the header (<, <=, >, >=; != only with a constant
     step of +1 or -1; counting down needs a signed index); pto_unroll
     first in a for body and `#pragma GCC unroll N' become the loop
     attribute unroll=[...]; while loops, break, continue, return;
     structs returned by inline helpers as tuples (member access is
     getitem); GM pointer arithmetic (GENERIC's sizetype byte offsets
     divided back into elements: a pointer value becomes p + t1 - t2 ...,
     exact like C's pointer arithmetic; an access becomes p[t1 - t2], the
     sum in the terms' type); tiles by value and by pointer (`*y', `&t',
     `t.v[i][j]'); intrinsic calls (recognised by the pto_intrinsic
     attribute, type-checked here); calls to PTO_INLINE functions.
   Rejected with a located error saying what to write instead: goto,
   switch, do-while (decided: no lowering keeps `continue' right), inline
   asm, statement expressions, calls to ordinary functions, kernels, host
   functions or through pointers, direct recursion (cycles through
   helpers: plugin/unit.cc), local arrays, statics, globals that are not
   constants, the address of a scalar outside an inline call argument,
   pointer subtraction and conversions, unsupported types, misuse of
   pto_unroll, non-canonical loops.  After an error the function's IR is
   incomplete; the unit then never dumps or runs passes.

   Names: C names are kept.  A name that is an IR keyword (doc/ir.md)
   gets a trailing underscore (`var' -> `var_', also for function names);
   characters the IR does not allow in identifiers (GNU `$', UTF-8) become
   `_'; a local name already used in the function (shadowing, or a clash
   with an escaped name) gets the first free suffix `_1', `_2', ...  */

#include "frontend/fe-internal.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Locations and diagnostics                                          */
/* ------------------------------------------------------------------ */

/* Resolve LOC to the user's source: a token spelt in the user's file
   keeps its own position, a token from a macro body (pto.h) maps to the
   expansion point.  */
static location_t
user_location (location_t loc)
{
  if (loc <= BUILTINS_LOCATION)
    return loc;
  location_t sp = linemap_resolve_location (line_table, loc,
					    LRK_SPELLING_LOCATION, NULL);
  location_t ex = linemap_resolve_location (line_table, loc,
					    LRK_MACRO_EXPANSION_POINT, NULL);
  expanded_location s = expand_location (sp), e = expand_location (ex);
  if (s.file && e.file && !strcmp (s.file, e.file))
    return sp;
  return ex;
}

pto_loc
pto_fe_loc (pto_program *p, location_t loc)
{
  location_t u = user_location (loc);
  if (u <= BUILTINS_LOCATION)
    return pto_noloc;
  expanded_location x = expand_location (u);
  pto_loc l = pto_mkloc (p, x.file ? x.file : "", x.line, x.column);
  l.host = (uint32_t) u;
  return l;
}

/* ------------------------------------------------------------------ */
/* Translation state                                                  */
/* ------------------------------------------------------------------ */

struct decl_var
{
  int uid;
  pto_var *var;
};

/* A SAVE_EXPR whose value went into variable V.  */
struct saved_var
{
  tree save;
  pto_var *v;
};

struct capture
{
  pto_program *p;
  pto_func *f;
  tree fndecl;
  pto_fe_role role;
  int errors;
  vec<decl_var> vars;		/* DECL_UID -> IR variable */
  vec<const char *> names;	/* names used in this function */
  vec<int> loop_indices;	/* DECL_UIDs of enclosing for indices */
  vec<int> rejected;		/* DECL_UIDs of declarations already
				   reported: their uses stay silent */
  int depth;			/* nested statements and expressions */
  bool too_deep;		/* the nesting error was reported */
  tree unroll_slot;		/* the statement that may be pto_unroll */
  pto_stmt *unroll_loop;	/* the loop it applies to */
  vec<saved_var> saves;		/* SAVE_EXPRs with side effects, each
				   evaluated once into a variable */
  pto_block *pre;		/* where the statement being translated
				   puts the side effects of its expression
				   (assignments, x++) ahead of it; NULL
				   where the expression is not evaluated
				   exactly once there (loop conditions, an
				   arm of &&, || or ?:) */
};

/* Report an error at LOC (resolved to the user's line).  */
static void ATTRIBUTE_GCC_DIAG (3, 4)
err (capture &c, location_t loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  emit_diagnostic_valist (DK_ERROR, user_location (loc), -1, fmt, &ap);
  va_end (ap);
  c.errors++;
}

/* The location of T, or FALLBACK when T has none.  */
static location_t
loc_of (tree t, location_t fallback)
{
  if (t && EXPR_P (t) && EXPR_HAS_LOCATION (t))
    return EXPR_LOCATION (t);
  return fallback;
}

static pto_loc
L (capture &c, location_t loc)
{
  return pto_fe_loc (c.p, loc);
}

/* Nested statements and expressions a function may have: each prints
   as at most two levels of the textual IR, whose parser reads
   PTO_MAX_NESTING (ir/ir.h), less a margin for types and the function's
   own block, so that every capture dump can be replayed by pto-opt.  */
enum { MAX_NESTING = (PTO_MAX_NESTING - 64) / 2 };

/* Enter one nesting level at LOC; false (once reported) when that is
   more than MAX_NESTING.  leave_nesting undoes a successful enter.  */
static bool
enter_nesting (capture &c, location_t loc)
{
  if (c.depth >= MAX_NESTING)
    {
      if (!c.too_deep)
	err (c, loc, "nesting too deep (more than %d levels of statements "
	     "and expressions in PTO code)", (int) MAX_NESTING);
      c.too_deep = true;
      return false;
    }
  c.depth++;
  return true;
}

static void
leave_nesting (capture &c)
{
  c.depth--;
}

/* A placeholder value after an error (never dumped: the unit fails).  */
static pto_expr *
bad (capture &c)
{
  return pto_e_int (c.p, pto_type_scalar (c.p, PTO_DT_I32), 0, pto_noloc);
}

/* NODE (C, T, CTX) one nesting level down (expr, cond_expr).  */
static pto_expr *
nested_expr (capture &c, tree t, location_t ctx,
	     pto_expr *(*node) (capture &, tree, location_t))
{
  if (!enter_nesting (c, loc_of (t, ctx)))
    return bad (c);
  pto_expr *e = node (c, t, ctx);
  leave_nesting (c);
  return e;
}

/* ------------------------------------------------------------------ */
/* Types                                                              */
/* ------------------------------------------------------------------ */

static const pto_type *ir_type (capture &c, tree type, location_t loc);

/* The IR dtype of scalar type TYPE; false if it has none.  */
static bool
scalar_dtype (tree type, pto_dtype *dt)
{
  if (pto_fe_is_bf16_type (type))
    {
      *dt = PTO_DT_BF16;
      return true;
    }
  switch (TREE_CODE (type))
    {
    case BOOLEAN_TYPE:
      *dt = PTO_DT_BOOL;
      return true;
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
      {
	bool u = TYPE_UNSIGNED (type);
	switch (TYPE_PRECISION (type))
	  {
	  case 8: *dt = u ? PTO_DT_U8 : PTO_DT_I8; return true;
	  case 16: *dt = u ? PTO_DT_U16 : PTO_DT_I16; return true;
	  case 32: *dt = u ? PTO_DT_U32 : PTO_DT_I32; return true;
	  case 64: *dt = u ? PTO_DT_U64 : PTO_DT_I64; return true;
	  default: return false;
	  }
      }
    case REAL_TYPE:
      switch (TYPE_PRECISION (type))
	{
	case 16: *dt = PTO_DT_F16; return true;
	case 32: *dt = PTO_DT_F32; return true;
	case 64: *dt = PTO_DT_F64; return true;
	default: return false;
	}
    default:
      return false;
    }
}

/* The tile type of tile struct TYPE, or NULL after an error.  */
static const pto_type *
tile_type (capture &c, tree type, location_t loc)
{
  tree elt;
  long rows, cols;
  pto_dtype dt;
  if (!pto_fe_tile_layout (type, &elt, &rows, &cols))
    {
      err (c, loc, "variable-length or malformed tile type %qT: tiles have "
	   "constant rows and columns (use PTO_TILE(T, R, C) with integer "
	   "constants)", type);
      return NULL;
    }
  if (!scalar_dtype (elt, &dt) || dt == PTO_DT_BOOL)
    {
      err (c, loc, "tile element type %qT is not supported", elt);
      return NULL;
    }
  return pto_type_tile (c.p, dt, (int) rows, (int) cols, PTO_MEM_ANY);
}

/* The tuple type of a plain struct TYPE (a multi-value return).  */
static const pto_type *
tuple_type (capture &c, tree type, location_t loc)
{
  const pto_type *elems[64];
  int n = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      if (n == 64 || DECL_BIT_FIELD (f))
	{
	  err (c, loc, "struct %qT cannot be a PTO value (bit-fields and more "
	       "than 64 members are not supported)", type);
	  return NULL;
	}
      const pto_type *t = ir_type (c, TREE_TYPE (f), loc);
      if (!t)
	return NULL;
      if (t->kind == PTO_TY_TILE
	  || (t->kind == PTO_TY_PTR && t->pointee->kind == PTO_TY_TILE))
	{
	  /* Neither back end has a tile inside an aggregate (ScalarizeTuples
	     splits structs of scalars only).  */
	  err (c, loc, "struct %qT holds a tile (member %qD): structs in PTO "
	       "code may hold scalars and GM pointers only; keep each tile "
	       "in a variable of its own", type, f);
	  return NULL;
	}
      elems[n++] = t;
    }
  if (n == 0)
    {
      err (c, loc, "empty struct %qT cannot be a PTO value", type);
      return NULL;
    }
  return pto_type_tuple (c.p, n, elems);
}

/* The IR type of C type TYPE; NULL after reporting an error at LOC.  */
static const pto_type *
ir_type (capture &c, tree type, location_t loc)
{
  pto_dtype dt;
  if (TYPE_ATOMIC (type))
    {
      err (c, loc, "_Atomic types are not supported in PTO code: a "
	   "kernel's variables belong to one block and the DSL has no "
	   "atomic operations; use a plain type");
      return NULL;
    }
  if (VOID_TYPE_P (type))
    return pto_type_void (c.p);
  /* bf16 is storage only, in every back end alike: tiles and the GM
     pointers they load from and store to (below), no scalar values.  */
  if (pto_fe_is_bf16_type (type))
    {
      err (c, loc, "bf16 scalar values are not supported in PTO code: "
	   "%<pto_bf16%> is tile storage (pto_load it into a bf16 tile and "
	   "pto_cast that to an f32 tile)");
      return NULL;
    }
  if (scalar_dtype (type, &dt))
    return pto_type_scalar (c.p, dt);
  switch (TREE_CODE (type))
    {
    case POINTER_TYPE:
      {
	tree to = TREE_TYPE (type);
	if (pto_fe_is_bf16_type (to))
	  return pto_type_ptr (c.p, pto_type_scalar (c.p, PTO_DT_BF16),
			       TYPE_READONLY (to));
	if (VOID_TYPE_P (to) || TREE_CODE (to) == FUNCTION_TYPE
	    || TREE_CODE (to) == POINTER_TYPE)
	  break;
	const pto_type *pt = ir_type (c, to, loc);
	if (!pt)
	  return NULL;
	if (pt->kind == PTO_TY_TUPLE)
	  break;
	return pto_type_ptr (c.p, pt, TYPE_READONLY (to));
      }
    case RECORD_TYPE:
      if (pto_fe_is_tile_type (TYPE_MAIN_VARIANT (type)))
	return tile_type (c, TYPE_MAIN_VARIANT (type), loc);
      return tuple_type (c, type, loc);
    case ARRAY_TYPE:
      err (c, loc, "arrays are not supported in PTO code: use a tile "
	   "(PTO_TILE) or a GM pointer");
      return NULL;
    default:
      break;
    }
  err (c, loc, "type %qT is not supported in PTO code (supported: integer "
       "and floating scalars, pointers to them and to tiles, tiles, "
       "structs of scalars and GM pointers)", type);
  return NULL;
}

/* Like ir_type, but never NULL (i32 after an error).  */
static const pto_type *
ir_type_or_i32 (capture &c, tree type, location_t loc)
{
  const pto_type *t = ir_type (c, type, loc);
  return t ? t : pto_type_scalar (c.p, PTO_DT_I32);
}

static bool
is_scalar (const pto_type *t)
{
  return t->kind == PTO_TY_SCALAR;
}

static bool
is_arith (const pto_type *t)
{
  return t->kind == PTO_TY_SCALAR && t->dtype != PTO_DT_BOOL;
}

/* ------------------------------------------------------------------ */
/* Names and variables                                                */
/* ------------------------------------------------------------------ */

static const char *const ir_keywords[] = {
  "void", "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64",
  "f16", "bf16", "f32", "f64", "index", "ptr", "tile", "tuple", "fn",
  "var", "if", "else", "for", "while", "return", "break", "continue",
  "true", "false", "kernel", "host", "inline", "func", "min", "max", "abs",
  "floordiv", "floormod", "in", "out", "inout", "inf", "nan", "pto", NULL
};

static bool
is_ir_keyword (const char *s)
{
  for (int i = 0; ir_keywords[i]; i++)
    if (!strcmp (ir_keywords[i], s))
      return true;
  return false;
}

static bool
name_used (capture &c, const char *s)
{
  for (const char *n : c.names)
    if (!strcmp (n, s))
      return true;
  return false;
}

/* A fresh IR name for C name BASE (NULL for unnamed temporaries).  */
/* Copy C identifier NAME into BUF (SIZE bytes) as an IR identifier:
   characters outside [A-Za-z0-9_] (GNU `$', UTF-8 identifiers) become
   `_'; an IR keyword gets a trailing `_'.  */
static void
ir_identifier (char *buf, size_t size, const char *name)
{
  size_t n = 0;
  for (const char *p = name; *p && n + 2 < size; p++)
    buf[n++] = ISALNUM (*p) || *p == '_' ? *p : '_';
  buf[n] = '\0';
  if (is_ir_keyword (buf))
    {
      buf[n++] = '_';
      buf[n] = '\0';
    }
}

static const char *
fresh_name (capture &c, const char *base)
{
  char buf[256];
  ir_identifier (buf, sizeof buf, base ? base : "tmp");
  const char *name = pto_intern (c.p, buf);
  for (int i = 1; name_used (c, name); i++)
    {
      char buf2[300];
      snprintf (buf2, sizeof buf2, "%s_%d", buf, i);
      name = pto_intern (c.p, buf2);
    }
  c.names.safe_push (name);
  return name;
}

/* The IR name of a function (escaped like variables, never renamed).  */
static const char *
func_name (capture &c, tree fndecl)
{
  char buf[256];
  ir_identifier (buf, sizeof buf, IDENTIFIER_POINTER (DECL_NAME (fndecl)));
  return pto_intern (c.p, buf);
}

/* Was declaration DECL rejected (an error reported at it)?  */
static bool
rejected_p (capture &c, tree decl)
{
  int uid = DECL_UID (decl);
  for (int u : c.rejected)
    if (u == uid)
      return true;
  return false;
}

static pto_var *
lookup_var (capture &c, tree decl)
{
  int uid = DECL_UID (decl);
  for (const decl_var &dv : c.vars)
    if (dv.uid == uid)
      return dv.var;
  return NULL;
}

/* Create the IR variable for local DECL of type T.  */
static pto_var *
new_var (capture &c, tree decl, const pto_type *t)
{
  const char *base = DECL_NAME (decl) ? IDENTIFIER_POINTER (DECL_NAME (decl))
				       : NULL;
  pto_var *v = pto_var_new (c.p, c.f, fresh_name (c, base), t,
			    L (c, DECL_SOURCE_LOCATION (decl)));
  decl_var dv = { (int) DECL_UID (decl), v };
  c.vars.safe_push (dv);
  return v;
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */
/* ------------------------------------------------------------------ */

static bool int_fits (int64_t v, pto_dtype dt);
static pto_expr *expr (capture &c, tree t, location_t ctx);
static pto_expr *cond_expr (capture &c, tree t, location_t ctx);
static pto_expr *lvalue (capture &c, tree t, location_t ctx);
static pto_expr *call (capture &c, tree t, location_t ctx);
static bool tile_view_cast (capture &c, tree t, location_t loc);

/* (T)E computed in f32 when T is f32, E an f64 and that is exact, else
   NULL: a float widened to double ((double)x -> x), and the double
   library functions of such an operand whose float form gives the same
   float: fabs, floor, ceil, fmin and fmax (exact: their value is the
   float itself) and, outermost only (ROUNDED), sqrt (rounding the double
   square root of a float to float is the float square root: 53 >= 2 *
   24 + 2 bits; its double value is no float, so floor(sqrt(x)) stays in
   f64).  So `float r = sqrt(x)' is sqrtf(x), while `double d = sqrt(x)'
   stays in f64.  */
static pto_expr *
narrow_f32_1 (capture &c, pto_expr *e, const pto_type *t, bool rounded)
{
  if (!(t->kind == PTO_TY_SCALAR && t->dtype == PTO_DT_F32
	&& e->type->kind == PTO_TY_SCALAR && e->type->dtype == PTO_DT_F64))
    return NULL;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST)
    return e->a->type == t ? e->a : NULL;
  if (e->kind == PTO_E_UN
      && ((rounded && e->u.unop == PTO_UN_SQRT) || e->u.unop == PTO_UN_FLOOR
	  || e->u.unop == PTO_UN_CEIL || e->u.unop == PTO_UN_ABS))
    {
      pto_expr *x = narrow_f32_1 (c, e->a, t, false);
      return x ? pto_e_un (c.p, e->u.unop, x, NULL, e->loc) : NULL;
    }
  if (e->kind == PTO_E_SELECT)
    {
      pto_expr *a = narrow_f32_1 (c, e->b, t, rounded);
      pto_expr *b = narrow_f32_1 (c, e->c, t, rounded);
      return a && b ? pto_e_select (c.p, e->a, a, b, e->loc) : NULL;
    }
  return NULL;
}

static pto_expr *
narrow_f32 (capture &c, pto_expr *e, const pto_type *t)
{
  return narrow_f32_1 (c, e, t, true);
}

/* Convert E to IR type T with an explicit cast unless it already has it.
   A conversion to bool is a comparison with zero, as in C.  */
static pto_expr *
coerce (capture &c, pto_expr *e, const pto_type *t, pto_loc l)
{
  if (e->type == t)
    return e;
  if (pto_expr *x = narrow_f32 (c, e, t))
    return x;
  if (t->kind == PTO_TY_SCALAR && t->dtype == PTO_DT_BOOL
      && is_arith (e->type))
    {
      if (e->kind == PTO_E_INT)
	return pto_e_bool (c.p, e->u.ival != 0, e->loc);
      pto_expr *zero = pto_dtype_is_float (e->type->dtype)
		       ? pto_e_float (c.p, e->type, 0.0, l)
		       : pto_e_int (c.p, e->type, 0, l);
      return pto_e_bin (c.p, PTO_BIN_NE, e, zero, l);
    }
  if (is_scalar (t) && is_scalar (e->type))
    {
      /* Constants are retyped directly: "2.0:f16", not "(f16)2.0".  */
      if (e->kind == PTO_E_FLOAT && pto_dtype_is_float (t->dtype))
	return pto_e_float (c.p, t, e->u.fval, e->loc);
      if (e->kind == PTO_E_INT && e->type->dtype != PTO_DT_BOOL
	  && pto_dtype_is_float (t->dtype))
	return pto_e_float (c.p, t, (double) e->u.ival, e->loc);
      if (e->kind == PTO_E_INT && e->type->dtype != PTO_DT_BOOL
	  && pto_dtype_is_int (t->dtype) && int_fits (e->u.ival, t->dtype))
	return pto_e_int (c.p, t, e->u.ival, e->loc);
      return pto_e_un (c.p, PTO_UN_CAST, e, t, l);
    }
  if (c.errors)
    return bad (c);		/* most likely a consequence of that error */
  pto_buf a = { NULL, 0, 0 }, b = { NULL, 0, 0 };
  pto_type_print (&a, e->type);
  pto_type_print (&b, t);
  err (c, l.host, "cannot convert a value of type %qs to %qs in PTO code",
       a.s, b.s);
  pto_buf_free (&a);
  pto_buf_free (&b);
  return bad (c);
}

/* Does V fit integer dtype DT?  */
static bool
int_fits (int64_t v, pto_dtype dt)
{
  int bits = pto_dtype_bits (dt);
  if (bits >= 64)
    return pto_dtype_is_signed (dt) || v >= 0;
  if (pto_dtype_is_signed (dt))
    return v >= -(INT64_C (1) << (bits - 1)) && v < (INT64_C (1) << (bits - 1));
  return v >= 0 && v < (INT64_C (1) << bits);
}

/* The int64 value of INTEGER_CST T, sign-extended from its precision.  */
static int64_t
int_value (tree t)
{
  return (int64_t) TREE_INT_CST_LOW (t);
}

/* An IR constant for INTEGER_CST or REAL_CST T.  */
static pto_expr *
constant (capture &c, tree t, location_t loc)
{
  pto_loc l = L (c, loc);
  const pto_type *ty = ir_type (c, TREE_TYPE (t), loc);
  if (!ty)
    return bad (c);
  if (TREE_CODE (t) == INTEGER_CST)
    {
      if (ty->kind != PTO_TY_SCALAR)
	{
	  err (c, loc, "pointer constants (such as NULL) are not supported "
	       "in PTO code");
	  return bad (c);
	}
      int64_t v = TYPE_UNSIGNED (TREE_TYPE (t))
		  ? (int64_t) TREE_INT_CST_LOW (t) : tree_to_shwi (t);
      if (ty->dtype == PTO_DT_BOOL)
	return pto_e_bool (c.p, v != 0, l);
      return pto_e_int (c.p, ty, v, l);
    }
  char buf[128];
  real_to_hexadecimal (buf, TREE_REAL_CST_PTR (t), sizeof buf, 0, 1);
  double v;
  if (REAL_VALUE_ISINF (TREE_REAL_CST (t)))
    v = REAL_VALUE_NEGATIVE (TREE_REAL_CST (t)) ? -HUGE_VAL : HUGE_VAL;
  else if (REAL_VALUE_ISNAN (TREE_REAL_CST (t)))
    v = __builtin_nan ("");
  else
    v = strtod (buf, NULL);
  return pto_e_float (c.p, ty, v, l);
}

/* Map a binary tree code to an IR operator; false if there is none.  */
static bool
binop_of (tree_code code, pto_binop *op)
{
  switch (code)
    {
    case PLUS_EXPR: *op = PTO_BIN_ADD; return true;
    case MINUS_EXPR: *op = PTO_BIN_SUB; return true;
    case MULT_EXPR: *op = PTO_BIN_MUL; return true;
    case TRUNC_DIV_EXPR: case RDIV_EXPR: case EXACT_DIV_EXPR:
      *op = PTO_BIN_DIV; return true;
    case TRUNC_MOD_EXPR: *op = PTO_BIN_MOD; return true;
    case MIN_EXPR: *op = PTO_BIN_MIN; return true;
    case MAX_EXPR: *op = PTO_BIN_MAX; return true;
    case LSHIFT_EXPR: *op = PTO_BIN_SHL; return true;
    case RSHIFT_EXPR: *op = PTO_BIN_SHR; return true;
    case BIT_AND_EXPR: *op = PTO_BIN_BAND; return true;
    case BIT_IOR_EXPR: *op = PTO_BIN_BOR; return true;
    case BIT_XOR_EXPR: *op = PTO_BIN_BXOR; return true;
    case LT_EXPR: *op = PTO_BIN_LT; return true;
    case LE_EXPR: *op = PTO_BIN_LE; return true;
    case GT_EXPR: *op = PTO_BIN_GT; return true;
    case GE_EXPR: *op = PTO_BIN_GE; return true;
    case EQ_EXPR: *op = PTO_BIN_EQ; return true;
    case NE_EXPR: *op = PTO_BIN_NE; return true;
    case TRUTH_ANDIF_EXPR: case TRUTH_AND_EXPR:
      *op = PTO_BIN_LAND; return true;
    case TRUTH_ORIF_EXPR: case TRUTH_OR_EXPR:
      *op = PTO_BIN_LOR; return true;
    default:
      return false;
    }
}

/* Is conversion T the front end's widening of an offset to the 64-bit
   sizetype?  Offsets are computed modulo 2^64, so the operand's own value
   (sign- or zero-extended) can be used instead.  A user's narrowing or
   same-width cast is not one.  */
static bool
offset_widening_p (tree t)
{
  tree from = TREE_TYPE (TREE_OPERAND (t, 0)), to = TREE_TYPE (t);
  return INTEGRAL_TYPE_P (from) && INTEGRAL_TYPE_P (to)
	 && TYPE_PRECISION (to) == 64 && TYPE_PRECISION (from) <= 64;
}

/* An integer constant V as an index: i32 when it fits, else i64.  */
static pto_expr *
index_const (capture &c, int64_t v, pto_loc l)
{
  return pto_e_int (c.p, pto_type_scalar (c.p, int_fits (v, PTO_DT_I32)
					  ? PTO_DT_I32 : PTO_DT_I64), v, l);
}

/* One term of an element offset: E, subtracted when NEG.  */
struct offset_term
{
  pto_expr *e;
  bool neg;
};

/* Append to OUT the terms of byte offset T (sizetype arithmetic of the C
   front end) times NUM, in elements of SIZE bytes, negated when NEG.
   Return false if a term is not a whole number of elements.  WIDE: T is
   computed in 64 bits in GENERIC (a widening conversion was seen
   through), so a multiplication GENERIC did in 64 bits stays in i64.  */
static bool
offset_terms (capture &c, tree t, int64_t num, long size, bool neg, bool wide,
	      auto_vec<offset_term> &out, location_t loc)
{
  location_t here = loc_of (t, loc);
  pto_loc l = L (c, here);
  /* Arithmetic narrower than sizetype is the user's own (an int product
     i * 1024): a single term.  */
  tree_code code = TREE_CODE (t);
  if (code != INTEGER_CST && INTEGRAL_TYPE_P (TREE_TYPE (t))
      && TYPE_PRECISION (TREE_TYPE (t)) < 64)
    code = ERROR_MARK;
  switch (code)
    {
    case INTEGER_CST:
      {
	int64_t v = int_value (t) * num;
	if (v % size)
	  return false;
	v /= size;
	if (v == 0)
	  return true;
	offset_term term = { index_const (c, v < 0 ? -v : v, l), neg != (v < 0) };
	out.safe_push (term);
	return true;
      }
    case MULT_EXPR:
      {
	tree a = TREE_OPERAND (t, 0), b = TREE_OPERAND (t, 1);
	if (TREE_CODE (a) == INTEGER_CST)
	  std::swap (a, b);
	if (TREE_CODE (b) != INTEGER_CST)
	  break;
	return offset_terms (c, a, num * int_value (b), size, neg, wide, out,
			     loc);
      }
    case PLUS_EXPR:
    case MINUS_EXPR:
      return offset_terms (c, TREE_OPERAND (t, 0), num, size, neg, wide, out,
			   loc)
	     && offset_terms (c, TREE_OPERAND (t, 1), num, size,
			      TREE_CODE (t) == MINUS_EXPR ? !neg : neg, wide,
			      out, loc);
    case NEGATE_EXPR:
      return offset_terms (c, TREE_OPERAND (t, 0), num, size, !neg, wide,
			   out, loc);
    CASE_CONVERT:
      if (offset_widening_p (t))
	return offset_terms (c, TREE_OPERAND (t, 0), num, size, neg, true,
			     out, loc);
      break;
    default:
      break;
    }
  if (!INTEGRAL_TYPE_P (TREE_TYPE (t)) || num % size)
    return false;
  int64_t k = num / size;
  pto_expr *e = expr (c, t, here);
  if (!is_arith (e->type) || !pto_dtype_is_int (e->type->dtype))
    return false;
  const pto_type *i64 = pto_type_scalar (c.p, PTO_DT_I64);
  if (!pto_dtype_is_signed (e->type->dtype)
      || (k != 1 && k != -1 && wide && pto_dtype_bits (e->type->dtype) < 64))
    e = pto_e_un (c.p, PTO_UN_CAST, e, i64, l);
  if (k < 0)
    {
      neg = !neg;
      k = -k;
    }
  if (k != 1)
    e = pto_e_bin (c.p, PTO_BIN_MUL, e, pto_e_int (c.p, e->type, k, l), l);
  offset_term term = { e, neg };
  out.safe_push (term);
  return true;
}

/* The element size of pointer type T.  */
static long
element_size (const pto_type *t)
{
  const pto_type *pt = t->pointee;
  return pt->kind == PTO_TY_TILE
	 ? (long) pt->rows * pt->cols * pto_dtype_bytes (pt->dtype)
	 : (long) pto_dtype_bytes (pt->dtype);
}

/* The terms of the byte offset OFF of pointer BASE, or false after an
   error.  */
static bool
pointer_offset (capture &c, pto_expr *base, tree off,
		auto_vec<offset_term> &terms, location_t loc)
{
  if (!offset_terms (c, off, 1, element_size (base->type), false, false,
		     terms, loc))
    {
      err (c, loc, "pointer arithmetic that is not a whole number of "
	   "elements is not supported in PTO code");
      return false;
    }
  return true;
}

/* PTR + OFF (POINTER_PLUS_EXPR T): the pointer plus or minus each term of
   the offset in turn, which is exact (no integer sum that could overflow
   where the C code had none): `x + i * 1024 + 16'.  */
static pto_expr *
pointer_plus (capture &c, tree t, location_t loc)
{
  pto_expr *base = expr (c, TREE_OPERAND (t, 0), loc);
  if (base->type->kind != PTO_TY_PTR)
    return base;
  auto_vec<offset_term> terms;
  if (!pointer_offset (c, base, TREE_OPERAND (t, 1), terms, loc))
    return bad (c);
  for (const offset_term &term : terms)
    base = pto_e_bin (c.p, term.neg ? PTO_BIN_SUB : PTO_BIN_ADD, base,
		      term.e, L (c, loc));
  return base;
}

/* The sum of TERMS as one index (p[a + b], the usual source form), in
   the terms' type when they agree, else i64.  */
static pto_expr *
index_sum (capture &c, auto_vec<offset_term> &terms, pto_loc l)
{
  if (terms.is_empty ())
    return pto_e_int (c.p, pto_type_scalar (c.p, PTO_DT_I32), 0, l);
  const pto_type *t = terms[0].e->type;
  for (const offset_term &term : terms)
    if (term.e->type != t && term.e->kind != PTO_E_INT)
      t = pto_type_scalar (c.p, PTO_DT_I64);
  pto_expr *sum = NULL;
  for (offset_term &term : terms)
    {
      pto_expr *e = coerce (c, term.e, t, l);
      if (!sum)
	sum = term.neg ? pto_e_un (c.p, PTO_UN_NEG, e, NULL, l) : e;
      else
	sum = pto_e_bin (c.p, term.neg ? PTO_BIN_SUB : PTO_BIN_ADD, sum, e, l);
    }
  return sum;
}

/* A conversion T (NOP_EXPR, CONVERT_EXPR, FLOAT_EXPR, FIX_TRUNC_EXPR).  */
static pto_expr *
conversion (capture &c, tree t, location_t loc)
{
  tree inner = TREE_OPERAND (t, 0);
  const pto_type *to = ir_type (c, TREE_TYPE (t), loc);
  if (!to)
    return bad (c);
  /* A conversion to bool is a condition (C's `!= 0').  */
  if (to->kind == PTO_TY_SCALAR && to->dtype == PTO_DT_BOOL)
    return cond_expr (c, inner, loc);
  int errors = c.errors;
  pto_expr *e = expr (c, inner, loc);
  if (c.errors != errors)
    return bad (c);		/* reported inside; say nothing more */
  if (e->type == to)
    return e;
  if (tile_view_cast (c, t, loc))
    return bad (c);
  if (to->kind == PTO_TY_PTR || e->type->kind == PTO_TY_PTR)
    {
      err (c, loc, "pointer conversions are not supported in PTO code "
	   "(from %qT to %qT)", TREE_TYPE (inner), TREE_TYPE (t));
      return bad (c);
    }
  return coerce (c, e, to, L (c, loc));
}

/* The tuple element index of FIELD in its struct.  */
static int
field_index (tree field)
{
  int i = 0;
  for (tree f = TYPE_FIELDS (DECL_CONTEXT (field)); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL)
      {
	if (f == field)
	  return i;
	i++;
      }
  return -1;
}

/* A struct CONSTRUCTOR T as a tuple of type TYPE.  */
static pto_expr *
tuple_ctor (capture &c, tree t, const pto_type *type, location_t loc)
{
  pto_loc l = L (c, loc);
  if (type->kind != PTO_TY_TUPLE)
    {
      err (c, loc, "initialisers are only supported for scalars and "
	   "structs in PTO code (tiles start undefined; use pto_fill)");
      return bad (c);
    }
  pto_expr *elems[64];
  for (int i = 0; i < type->nelems; i++)
    elems[i] = NULL;
  unsigned HOST_WIDE_INT ix;
  tree field, value;
  FOR_EACH_CONSTRUCTOR_ELT (CONSTRUCTOR_ELTS (t), ix, field, value)
    {
      int i = field && TREE_CODE (field) == FIELD_DECL ? field_index (field)
		: (int) ix;
      if (i < 0 || i >= type->nelems)
	{
	  err (c, loc, "unsupported struct initialiser in PTO code");
	  return bad (c);
	}
      elems[i] = coerce (c, expr (c, value, loc), type->elems[i], l);
    }
  for (int i = 0; i < type->nelems; i++)
    if (!elems[i])
      {
	const pto_type *et = type->elems[i];
	if (!is_scalar (et))
	  {
	    err (c, loc, "struct initialiser leaves a non-scalar member "
		 "undefined; initialise every member");
	    return bad (c);
	  }
	elems[i] = pto_dtype_is_float (et->dtype)
		   ? pto_e_float (c.p, et, 0.0, l) : pto_e_int (c.p, et, 0, l);
      }
  return pto_e_tuple (c.p, type->nelems, elems, l);
}

/* True if DECL is a file-scope constant with a literal initialiser.  */
static bool
global_constant (tree decl)
{
  tree init = DECL_INITIAL (decl);
  return TREE_READONLY (decl) && init
	 && (TREE_CODE (init) == INTEGER_CST || TREE_CODE (init) == REAL_CST)
	 && !TREE_THIS_VOLATILE (decl);
}

/* A reference to variable or parameter DECL.  */
static pto_expr *
decl_ref (capture &c, tree decl, location_t loc)
{
  if (rejected_p (c, decl))
    return bad (c);
  pto_var *v = lookup_var (c, decl);
  if (v)
    return pto_e_var (c.p, v, L (c, loc));
  if (TREE_CODE (decl) == VAR_DECL && global_constant (decl))
    return constant (c, DECL_INITIAL (decl), loc);
  if (DECL_CONTEXT (decl) == c.fndecl)
    return bad (c);		/* a local rejected at its declaration */
  if (TREE_CODE (decl) == VAR_DECL
      && (TREE_STATIC (decl) || DECL_EXTERNAL (decl)))
    err (c, loc, "global variable %qD cannot be used in PTO code: pass it "
	 "as a parameter (only constants with a literal initialiser are "
	 "folded in)", decl);
  else
    err (c, loc, "%qD cannot be used here", decl);
  return bad (c);
}

/* A constant index of tile element IDX[0], IDX[1] outside TILE's rows
   or columns: the -Warray-bounds warning reference mode gives (there
   only at -O2, where GCC's range analysis runs), at LOC.  */
static void
warn_const_index_bounds (pto_expr *const *idx, const pto_type *tile,
			 location_t loc)
{
  if (tile->kind != PTO_TY_TILE)
    return;
  for (int k = 0; k < 2; k++)
    {
      const pto_expr *e = idx[k];
      while (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST)
	e = e->a;
      int64_t dim = k == 0 ? tile->rows : tile->cols;
      if (e->kind == PTO_E_INT && (e->u.ival < 0 || e->u.ival >= dim))
	warning_at (user_location (loc), OPT_Warray_bounds,
		    "tile %s index %wd is outside [0, %wd) of the %dx%d tile",
		    k == 0 ? "row" : "column", (HOST_WIDE_INT) e->u.ival,
		    (HOST_WIDE_INT) dim, tile->rows, tile->cols);
    }
}

/* Tile element t.v[i][j] (or p->v[i][j]): the ARRAY_REF T.  */
static pto_expr *
tile_element (capture &c, tree t, location_t loc)
{
  tree inner = TREE_OPERAND (t, 0);
  if (TREE_CODE (inner) == ARRAY_REF
      && TREE_CODE (TREE_OPERAND (inner, 0)) == COMPONENT_REF
      && pto_fe_is_tile_type (TYPE_MAIN_VARIANT (TREE_TYPE
			      (TREE_OPERAND (TREE_OPERAND (inner, 0), 0)))))
    {
      tree tile = TREE_OPERAND (TREE_OPERAND (inner, 0), 0);
      pto_expr *base = lvalue (c, tile, loc);
      pto_expr *idx[2];
      const pto_type *i32 = pto_type_scalar (c.p, PTO_DT_I32);
      idx[0] = expr (c, TREE_OPERAND (inner, 1), loc);
      idx[1] = expr (c, TREE_OPERAND (t, 1), loc);
      for (int k = 0; k < 2; k++)
	if (!is_arith (idx[k]->type)
	    || pto_dtype_is_float (idx[k]->type->dtype))
	  {
	    err (c, loc, "tile indices must be integers");
	    return bad (c);
	  }
	else if (idx[k]->type->dtype != PTO_DT_I32
		 && idx[k]->type->dtype != PTO_DT_I64)
	  idx[k] = coerce (c, idx[k], i32, L (c, loc));
      warn_const_index_bounds (idx, base->type, loc);
      return pto_e_index (c.p, base, 2, idx, L (c, loc));
    }
  tree base = inner;
  while (TREE_CODE (base) == ARRAY_REF || TREE_CODE (base) == COMPONENT_REF)
    base = TREE_OPERAND (base, 0);
  if (DECL_P (base) && rejected_p (c, base))
    return bad (c);
  err (c, loc, "arrays are not supported in PTO code; a tile element is "
       "written %<t.v[i][j]%>");
  return bad (c);
}

/* *P (INDIRECT_REF T): a tile, or a GM element p[i].  */
static pto_expr *
indirect (capture &c, tree t, location_t loc)
{
  tree ptr = TREE_OPERAND (t, 0);
  pto_loc l = L (c, loc);
  if (TREE_CODE (ptr) == POINTER_PLUS_EXPR)
    {
      pto_expr *base = expr (c, TREE_OPERAND (ptr, 0), loc);
      if (base->type->kind != PTO_TY_PTR)
	return bad (c);
      auto_vec<offset_term> terms;
      if (!pointer_offset (c, base, TREE_OPERAND (ptr, 1), terms, loc))
	return bad (c);
      if (base->type->pointee->kind == PTO_TY_SCALAR)
	{
	  pto_expr *idx = index_sum (c, terms, l);
	  return pto_e_index (c.p, base, 1, &idx, l);
	}
      for (const offset_term &term : terms)
	base = pto_e_bin (c.p, term.neg ? PTO_BIN_SUB : PTO_BIN_ADD, base,
			  term.e, l);
      return pto_e_un (c.p, PTO_UN_DEREF, base, NULL, l);
    }
  pto_expr *p = expr (c, ptr, loc);
  if (p->type->kind != PTO_TY_PTR)
    return bad (c);
  return pto_e_un (c.p, PTO_UN_DEREF, p, NULL, l);
}

/* Member access T (COMPONENT_REF) of a struct value: tuple getitem.  */
static pto_expr *
member (capture &c, tree t, location_t loc, bool as_lvalue)
{
  tree obj = TREE_OPERAND (t, 0), field = TREE_OPERAND (t, 1);
  if (pto_fe_is_tile_type (TYPE_MAIN_VARIANT (TREE_TYPE (obj))))
    {
      err (c, loc, "the member of a tile is only accessible element by "
	   "element (%<t.v[i][j]%>); pass the tile itself to intrinsics");
      return bad (c);
    }
  if (pto_fe_is_bf16_type (TREE_TYPE (obj)))
    {
      err (c, loc, "the bits of a %<pto_bf16%> are not accessible in PTO "
	   "code: bf16 is tile storage (pto_load it into a bf16 tile and "
	   "pto_cast that to an f32 tile)");
      return bad (c);
    }
  pto_expr *o = as_lvalue ? lvalue (c, obj, loc) : expr (c, obj, loc);
  int i = field_index (field);
  if (o->type->kind != PTO_TY_TUPLE || i < 0 || i >= o->type->nelems)
    return bad (c);
  return pto_e_getitem (c.p, o, i, L (c, loc));
}

/* An lvalue: a variable, *p, p[i], a tuple member, a tile element.  */
static pto_expr *
lvalue (capture &c, tree t, location_t ctx)
{
  location_t loc = loc_of (t, ctx);
  switch (TREE_CODE (t))
    {
    case VAR_DECL:
    case PARM_DECL:
      {
	int uid = DECL_UID (t);
	for (int u : c.loop_indices)
	  if (u == uid)
	    {
	      err (c, loc, "the index %qD of a counted for loop must not be "
		   "modified in the loop body", t);
	      break;
	    }
	return decl_ref (c, t, loc);
      }
    case INDIRECT_REF:
      return indirect (c, t, loc);
    case COMPONENT_REF:
      return member (c, t, loc, true);
    case ARRAY_REF:
      return tile_element (c, t, loc);
    case NON_LVALUE_EXPR:
    case SAVE_EXPR:
      return lvalue (c, TREE_OPERAND (t, 0), loc);
    default:
      err (c, loc, "unsupported assignment target in PTO code");
      return bad (c);
    }
}

/* Is CODE a comparison or truth operation (a C condition)?  */
static bool
truth_code_p (tree_code code)
{
  return TREE_CODE_CLASS (code) == tcc_comparison
	 || code == TRUTH_ANDIF_EXPR || code == TRUTH_ORIF_EXPR
	 || code == TRUTH_AND_EXPR || code == TRUTH_OR_EXPR
	 || code == TRUTH_NOT_EXPR || code == TRUTH_XOR_EXPR;
}

static pto_expr *cond_node (capture &c, tree t, location_t ctx);

/* T as a condition: an IR bool, without the int of C's truth values.  */
static pto_expr *
cond_expr (capture &c, tree t, location_t ctx)
{
  return nested_expr (c, t, ctx, cond_node);
}

/* cond_expr for one node T.  */
static pto_expr *
cond_node (capture &c, tree t, location_t ctx)
{
  location_t loc = loc_of (t, ctx);
  pto_loc l = L (c, loc);
  while ((CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
	 && truth_code_p (TREE_CODE (TREE_OPERAND (t, 0))))
    t = TREE_OPERAND (t, 0);
  tree_code code = TREE_CODE (t);
  pto_binop op;
  if (code == TRUTH_NOT_EXPR)
    return pto_e_un (c.p, PTO_UN_NOT, cond_expr (c, TREE_OPERAND (t, 0), loc),
		     NULL, l);
  if (code == TRUTH_ANDIF_EXPR || code == TRUTH_ORIF_EXPR
      || code == TRUTH_AND_EXPR || code == TRUTH_OR_EXPR)
    {
      binop_of (code, &op);
      pto_expr *a = cond_expr (c, TREE_OPERAND (t, 0), loc);
      /* The right operand may not be evaluated: its side effects cannot
	 go ahead of the statement.  */
      pto_block *pre = c.pre;
      c.pre = NULL;
      pto_expr *b = cond_expr (c, TREE_OPERAND (t, 1), loc);
      c.pre = pre;
      return pto_e_bin (c.p, op, a, b, l);
    }
  if (TREE_CODE_CLASS (code) == tcc_comparison)
    {
      if (!binop_of (code, &op))
	{
	  err (c, loc, "unordered floating-point comparisons are not "
	       "supported in PTO code");
	  return bad (c);
	}
      pto_expr *a = expr (c, TREE_OPERAND (t, 0), loc);
      pto_expr *b = expr (c, TREE_OPERAND (t, 1), loc);
      if (a->type != b->type && is_scalar (a->type) && is_scalar (b->type))
	b = coerce (c, b, a->type, l);
      return pto_e_bin (c.p, op, a, b, l);
    }
  pto_expr *e = expr (c, t, loc);
  if (e->type->kind == PTO_TY_SCALAR)
    return coerce (c, e, pto_type_scalar (c.p, PTO_DT_BOOL), l);
  err (c, loc, "a condition in PTO code must be a scalar (pointer "
       "conditions are not supported)");
  return bad (c);
}

/* The address &X (ADDR_EXPR T) outside an inline call argument: only
   tiles may have their address taken.  */
static pto_expr *
address (capture &c, tree t, location_t loc)
{
  tree obj = TREE_OPERAND (t, 0);
  if (TREE_CODE (obj) == FUNCTION_DECL)
    {
      err (c, loc, "function addresses are not supported in PTO code "
	   "(launch kernels with pto_launch)");
      return bad (c);
    }
  if (!pto_fe_is_tile_type (TYPE_MAIN_VARIANT (TREE_TYPE (obj))))
    {
      err (c, loc, "the address of %qE escapes: in PTO code the address of "
	   "a scalar may only be passed directly to a PTO_INLINE function "
	   "(use the value, or return a struct)", obj);
      return bad (c);
    }
  pto_expr *lv = lvalue (c, obj, loc);
  return pto_e_un (c.p, PTO_UN_ADDR, lv, NULL, L (c, loc));
}

/* Whether the call T is a check of -fsanitize=undefined: a call of a
   __builtin___ubsan_handle_* function or of an internal UBSAN_* function
   (e.g. .UBSAN_BOUNDS of an array index).  */
static bool
ubsan_check_call_p (tree t)
{
  if (!CALL_EXPR_FN (t))
    switch (CALL_EXPR_IFN (t))
      {
      case IFN_UBSAN_BOUNDS: case IFN_UBSAN_NULL: case IFN_UBSAN_VPTR:
      case IFN_UBSAN_PTR: case IFN_UBSAN_OBJECT_SIZE:
	return true;
      default:
	return false;
      }
  tree fn = get_callee_fndecl (t);
  return fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL) && DECL_NAME (fn)
	 && !strncmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
		      "__builtin___ubsan_", 18);
}

/* walk_tree callback over an operand whose value is discarded: return
   the first subtree with an effect of its own.  Calls of the intrinsics
   block_idx, block_num and unroll_factor (extern calls to GCC, so
   TREE_SIDE_EFFECTS) have none, nor have the checks that
   -fsanitize=undefined puts in front of a division, a shift or an array
   index, (CHECK, E): the kernel drops them with the rest of the GCC
   code it replaces.  */
static tree
effect_of_its_own (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (!TREE_SIDE_EFFECTS (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case CALL_EXPR:
      {
	if (ubsan_check_call_p (t))
	  return NULL_TREE;
	tree fn = get_callee_fndecl (t);
	const char *iname = fn ? pto_fe_intrinsic_name (fn) : NULL;
	if (iname && call_expr_nargs (t) == 0
	    && (!strcmp (iname, "block_idx") || !strcmp (iname, "block_num")
		|| !strcmp (iname, "unroll_factor")))
	  return NULL_TREE;
	return t;
      }
    case MODIFY_EXPR: case INIT_EXPR:
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
    case TARGET_EXPR: case BIND_EXPR: case STATEMENT_LIST: case ASM_EXPR:
      return t;
    default:
      return TREE_THIS_VOLATILE (t) ? t : NULL_TREE;
    }
}

/* walk_tree callback: find the C front end's expansion of an _Atomic
   access (a call of a __atomic_* built-in); return the atomic object
   when it is a variable, else the call.  */
static tree
atomic_access (tree *tp, int *walk_subtrees, void *)
{
  tree t = pto_fe_walk_call (tp, walk_subtrees);
  if (!t)
    return NULL_TREE;
  tree fn = get_callee_fndecl (t);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL) || !DECL_NAME (fn)
      || strncmp (IDENTIFIER_POINTER (DECL_NAME (fn)), "__atomic_", 9))
    return NULL_TREE;
  tree obj = call_expr_nargs (t) ? CALL_EXPR_ARG (t, 0) : NULL_TREE;
  while (obj && (CONVERT_EXPR_P (obj) || TREE_CODE (obj) == NON_LVALUE_EXPR))
    obj = TREE_OPERAND (obj, 0);
  if (obj && TREE_CODE (obj) == ADDR_EXPR && DECL_P (TREE_OPERAND (obj, 0)))
    return TREE_OPERAND (obj, 0);
  return t;
}

/* If T holds the C front end's expansion of an _Atomic access, report
   it at LOC (unless its object, a local, was reported at its
   declaration) and return true.  */
static bool
atomic_expansion (capture &c, tree t, location_t loc)
{
  tree d = walk_tree_without_duplicates (&t, atomic_access, NULL);
  if (!d)
    return false;
  if (!(DECL_P (d) && rejected_p (c, d)))
    err (c, loc, "_Atomic operations are not supported in PTO code (the "
	 "DSL has no atomics; use a plain type)");
  return true;
}

static pto_expr *expr_node (capture &c, tree t, location_t ctx);
static void assign (capture &c, tree lhs, tree rhs, pto_block *out,
		    location_t loc);
static void increment (capture &c, tree t, pto_block *out,
		       location_t loc);
static void stmt (capture &c, tree t, pto_block *out, location_t loc);
static pto_expr *decl_ref (capture &c, tree t, location_t loc);
static const char *fresh_name (capture &c, const char *base);

/* The value of SAVE_EXPR T whose operand has side effects (`y[i++] +=
   3' reads and writes y[SAVE_EXPR <i++>]): evaluated once, into a
   variable ahead of the statement, the first time it is seen; every
   use reads the variable.  */
static pto_expr *
saved_value (capture &c, tree t, location_t loc)
{
  pto_loc l = L (c, loc);
  for (const saved_var &sv : c.saves)
    if (sv.save == t)
      return pto_e_var (c.p, sv.v, l);
  pto_expr *e = expr (c, TREE_OPERAND (t, 0), loc);
  if (!is_arith (e->type))
    return e;
  pto_var *v = pto_var_new (c.p, c.f, fresh_name (c, "saved"), e->type, l);
  pto_block_push (c.p, c.pre, pto_s_decl (c.p, v, e, l));
  saved_var sv = { t, v };
  c.saves.safe_push (sv);
  return pto_e_var (c.p, v, l);
}

/* While it lives, the side effects of the expressions translated go to
   BLOCK (c.pre), ahead of the statement being built.  */
struct pre_scope
{
  capture &c;
  pto_block *save;
  pre_scope (capture &c_, pto_block *block) : c (c_), save (c_.pre)
  {
    c.pre = block;
  }
  ~pre_scope () { c.pre = save; }
};

/* An assignment, x++ or --x used as a value (T, at LOC), as C allows
   in `s = (n += 2) * 3' or `y = x++ + 1': where the statement's
   expression runs exactly once (c.pre), the assignment becomes a
   statement ahead of it and the value is the variable's (after it,
   or, for x++ and x--, a copy taken before).  The target must be a
   scalar variable.  Elsewhere (a loop condition, an arm of && or ?:)
   it is a located error.  */
static pto_expr *
inner_assignment (capture &c, tree t, location_t loc)
{
  tree target = TREE_OPERAND (t, 0);
  tree_code code = TREE_CODE (t);
  if (!c.pre)
    {
      err (c, loc, "assignments inside this expression are not supported "
	   "in PTO code (it is a loop condition or an operand of &&, || or "
	   "?:, which does not run exactly once): write the assignment "
	   "as a statement of its own");
      return bad (c);
    }
  if ((TREE_CODE (target) != VAR_DECL && TREE_CODE (target) != PARM_DECL)
      || !is_arith (ir_type_or_i32 (c, TREE_TYPE (target), loc)))
    {
      err (c, loc, "an assignment used as a value must assign a scalar "
	   "variable in PTO code: write the assignment as a statement of "
	   "its own");
      return bad (c);
    }
  pto_block *pre = c.pre;
  pto_loc l = L (c, loc);
  if (code == MODIFY_EXPR || code == INIT_EXPR)
    {
      assign (c, target, TREE_OPERAND (t, 1), pre, loc);
      return decl_ref (c, target, loc);
    }
  if (code == PREINCREMENT_EXPR || code == PREDECREMENT_EXPR)
    {
      increment (c, t, pre, loc);
      return decl_ref (c, target, loc);
    }
  pto_expr *old = decl_ref (c, target, loc);
  pto_var *v = pto_var_new (c.p, c.f, fresh_name (c, "old"), old->type, l);
  pto_block_push (c.p, pre, pto_s_decl (c.p, v, old, l));
  increment (c, t, pre, loc);
  return pto_e_var (c.p, v, l);
}

/* An rvalue.  CTX is the location to use when T has none.  */
static pto_expr *
expr (capture &c, tree t, location_t ctx)
{
  return nested_expr (c, t, ctx, expr_node);
}

/* expr for one node T.  */
static pto_expr *
expr_node (capture &c, tree t, location_t ctx)
{
  location_t loc = loc_of (t, ctx);
  pto_loc l = L (c, loc);
  tree_code code = TREE_CODE (t);
  pto_binop op;

  switch (code)
    {
    case INTEGER_CST:
    case REAL_CST:
      return constant (c, t, loc);
    case VAR_DECL:
    case PARM_DECL:
      return decl_ref (c, t, loc);
    CASE_CONVERT:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
      return conversion (c, t, loc);
    case SAVE_EXPR:
      if (c.pre && walk_tree_without_duplicates (&TREE_OPERAND (t, 0),
						 effect_of_its_own, NULL))
	return saved_value (c, t, loc);
      return expr (c, TREE_OPERAND (t, 0), loc);
    case NON_LVALUE_EXPR:
    case PAREN_EXPR:
      return expr (c, TREE_OPERAND (t, 0), loc);
    case C_MAYBE_CONST_EXPR:
      if (C_MAYBE_CONST_EXPR_PRE (t))
	break;
      return expr (c, C_MAYBE_CONST_EXPR_EXPR (t), loc);
    case EXCESS_PRECISION_EXPR:
      return expr (c, TREE_OPERAND (t, 0), loc);
    case POINTER_PLUS_EXPR:
      return pointer_plus (c, t, loc);
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
    case ABS_EXPR:
      {
	pto_expr *a = expr (c, TREE_OPERAND (t, 0), loc);
	if (!is_arith (a->type))
	  break;
	return pto_e_un (c.p, code == NEGATE_EXPR ? PTO_UN_NEG
			 : code == BIT_NOT_EXPR ? PTO_UN_BNOT : PTO_UN_ABS,
			 a, NULL, l);
      }
    case TRUTH_NOT_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
    case TRUTH_AND_EXPR:
    case TRUTH_OR_EXPR:
    case LT_EXPR: case LE_EXPR: case GT_EXPR: case GE_EXPR:
    case EQ_EXPR: case NE_EXPR:
      return coerce (c, cond_expr (c, t, loc),
		     ir_type_or_i32 (c, TREE_TYPE (t), loc), l);
    case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR: case TRUNC_DIV_EXPR:
    case RDIV_EXPR: case EXACT_DIV_EXPR: case TRUNC_MOD_EXPR:
    case MIN_EXPR: case MAX_EXPR: case LSHIFT_EXPR: case RSHIFT_EXPR:
    case BIT_AND_EXPR: case BIT_IOR_EXPR: case BIT_XOR_EXPR:
      {
	binop_of (code, &op);
	pto_expr *a = expr (c, TREE_OPERAND (t, 0), loc);
	pto_expr *b = expr (c, TREE_OPERAND (t, 1), loc);
	if (!is_arith (a->type) || !is_arith (b->type))
	  {
	    err (c, loc, "operator needs scalar operands in PTO code");
	    return bad (c);
	  }
	if (a->type != b->type)
	  b = coerce (c, b, a->type, l);
	if (op == PTO_BIN_ADD && b->kind == PTO_E_INT && b->u.ival < 0
	    && pto_dtype_is_signed (b->type->dtype) && b->u.ival != INT64_MIN)
	  return pto_e_bin (c.p, PTO_BIN_SUB, a,
			    pto_e_int (c.p, b->type, -b->u.ival, b->loc), l);
	return pto_e_bin (c.p, op, a, b, l);
      }
    case COND_EXPR:
      {
	if (VOID_TYPE_P (TREE_TYPE (t)))
	  break;
	const pto_type *ty = ir_type_or_i32 (c, TREE_TYPE (t), loc);
	pto_expr *k = cond_expr (c, TREE_OPERAND (t, 0), loc);
	pto_block *pre = c.pre;
	c.pre = NULL;		/* only one arm is evaluated */
	pto_expr *a = coerce (c, expr (c, TREE_OPERAND (t, 1), loc), ty, l);
	pto_expr *b = coerce (c, expr (c, TREE_OPERAND (t, 2), loc), ty, l);
	c.pre = pre;
	return pto_e_select (c.p, k, a, b, l);
      }
    case CALL_EXPR:
      return call (c, t, loc);
    case INDIRECT_REF:
      return indirect (c, t, loc);
    case ARRAY_REF:
      return tile_element (c, t, loc);
    case COMPONENT_REF:
      return member (c, t, loc, false);
    case ADDR_EXPR:
      return address (c, t, loc);
    case COMPOUND_LITERAL_EXPR:
      {
	tree decl = COMPOUND_LITERAL_EXPR_DECL (t);
	const pto_type *ty = ir_type (c, TREE_TYPE (decl), loc);
	if (!ty)
	  return bad (c);
	tree init = DECL_INITIAL (decl);
	if (init && TREE_CODE (init) == CONSTRUCTOR)
	  return tuple_ctor (c, init, ty, loc);
	if (init)
	  return coerce (c, expr (c, init, loc), ty, l);
	break;
      }
    case CONSTRUCTOR:
      {
	const pto_type *ty = ir_type (c, TREE_TYPE (t), loc);
	return ty ? tuple_ctor (c, t, ty, loc) : bad (c);
      }
    case COMPOUND_EXPR:
      /* GCC makes (E, 0) of E % 1 or E * 0: E is dropped when it has no
	 effect but calls of the pure block intrinsics.  */
      if (!TREE_SIDE_EFFECTS (TREE_OPERAND (t, 0))
	  || TREE_CODE (TREE_OPERAND (t, 0)) == SAVE_EXPR
	  || !walk_tree_without_duplicates (&TREE_OPERAND (t, 0),
					    effect_of_its_own, NULL))
	return expr (c, TREE_OPERAND (t, 1), loc);
      /* (E, F) where the statement's expression runs once: E is a
	 statement ahead of it.  */
      if (c.pre)
	{
	  stmt (c, TREE_OPERAND (t, 0), c.pre, loc);
	  return expr (c, TREE_OPERAND (t, 1), loc);
	}
      err (c, loc, "the comma operator with side effects is not supported "
	   "in PTO code: write separate statements");
      return bad (c);
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      return inner_assignment (c, t, loc);
    case TARGET_EXPR:
    case BIND_EXPR:
    case STATEMENT_LIST:
      if (atomic_expansion (c, t, loc))
	return bad (c);
      err (c, loc, "statement expressions are not supported in PTO code");
      return bad (c);
    case POINTER_DIFF_EXPR:
      err (c, loc, "pointer subtraction is not supported in PTO code: "
	   "keep the element offset in an integer");
      return bad (c);
    case STRING_CST:
      err (c, loc, "strings are not supported in PTO code");
      return bad (c);
    case FUNCTION_DECL:
      err (c, loc, "function %qD used as a value; PTO code can only call "
	   "functions (launch kernels with pto_launch)", t);
      return bad (c);
    default:
      break;
    }
  err (c, loc, "this expression is not supported in PTO code (%qs)",
       get_tree_code_name (code));
  return bad (c);
}

/* ------------------------------------------------------------------ */
/* Calls and intrinsics                                               */
/* ------------------------------------------------------------------ */

/* Is T pto.h's wrapper __pto_tile_ref (0, &tile) of a tile operand?  */
static bool
tile_ref_call_p (tree t)
{
  if (TREE_CODE (t) != CALL_EXPR || call_expr_nargs (t) != 2)
    return false;
  tree fn = get_callee_fndecl (t);
  const char *name = fn ? pto_fe_intrinsic_name (fn) : NULL;
  return name && !strcmp (name, "tile_ref");
}

/* Strip the conversions pto.h's prototypes add to an argument (to
   void *, const void *, long long, double) and its operand wrappers
   (for locations and messages: the types are checked before).  */
static tree
strip_arg (tree a)
{
  for (;;)
    if (CONVERT_EXPR_P (a) || TREE_CODE (a) == NON_LVALUE_EXPR
	|| TREE_CODE (a) == FLOAT_EXPR)
      a = TREE_OPERAND (a, 0);
    else if (tile_ref_call_p (a))
      a = CALL_EXPR_ARG (a, 1);
    else if (tree x = pto_fe_arg_ref_operand (a))
      a = x;
    else
      return a;
}

/* Do tile struct types A and B have the same element type and shape
   (two spellings of one IR tile type)?  */
static bool
same_tile_layout (tree a, tree b)
{
  tree ea, eb;
  long ra, ca, rb, cb;
  return pto_fe_tile_layout (a, &ea, &ra, &ca)
	 && pto_fe_tile_layout (b, &eb, &rb, &cb)
	 && TYPE_MAIN_VARIANT (ea) == TYPE_MAIN_VARIANT (eb)
	 && ra == rb && ca == cb;
}

/* If conversion T turns a pointer to one tile type into a pointer to a
   tile of another element type or shape (a view such as
   `*(half_t *) &t'), report it at LOC and return true.  The IR has no
   tile views: the cast would silently keep the original tile's type.  */
static bool
tile_view_cast (capture &c, tree t, location_t loc)
{
  if (!CONVERT_EXPR_P (t) || !POINTER_TYPE_P (TREE_TYPE (t))
      || !POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0))))
    return false;
  tree to = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (t)));
  tree from = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (TREE_OPERAND (t, 0))));
  if (to == from || !pto_fe_is_tile_type (to) || !pto_fe_is_tile_type (from)
      || same_tile_layout (to, from))
    return false;
  err (c, loc_of (t, loc), "a tile cannot be viewed as another tile type "
       "through a pointer cast (from %qT to %qT): PTO code has no tile "
       "views; use a tile of the wanted type and copy or load into it",
       TREE_TYPE (TREE_OPERAND (t, 0)), TREE_TYPE (t));
  return true;
}

/* If conversion T turns a pointer to a tile into a pointer to a
   non-tile object (`*(int *) &t' as a tile operand), report it at LOC
   and return true: reference mode says the operand "is not a
   PTO_TILE".  USER: T is inside pto.h's __pto_tile_ref, the user's own
   conversion, where a cast to void * is one too (`*(void *) t'); the
   conversions outside are the prototype's to void *.  */
static bool
tile_pointer_cast_away (capture &c, tree t, bool user, location_t loc)
{
  if (!CONVERT_EXPR_P (t) || !POINTER_TYPE_P (TREE_TYPE (t))
      || !POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0))))
    return false;
  tree to = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (t)));
  tree from = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (TREE_OPERAND (t, 0))));
  if ((VOID_TYPE_P (to) && !user) || pto_fe_is_tile_type (to)
      || !pto_fe_is_tile_type (from))
    return false;
  err (c, loc_of (t, loc), "a tile operand cannot go through a pointer "
       "cast from %qT to %qT: the operand is not a tile",
       TREE_TYPE (TREE_OPERAND (t, 0)), TREE_TYPE (t));
  return true;
}

/* ARG with the conversions of strip_arg removed, or NULL_TREE after
   reporting a tile view cast among them.  */
static tree
strip_tile_arg (capture &c, tree arg, location_t loc)
{
  tree a = arg;
  bool user = false;
  for (;;)
    if (CONVERT_EXPR_P (a) || TREE_CODE (a) == NON_LVALUE_EXPR
	|| TREE_CODE (a) == FLOAT_EXPR)
      {
	if (tile_view_cast (c, a, loc)
	    || tile_pointer_cast_away (c, a, user, loc))
	  return NULL_TREE;
	a = TREE_OPERAND (a, 0);
      }
    else if (tile_ref_call_p (a))
      {
	a = CALL_EXPR_ARG (a, 1);
	user = true;
      }
    else
      return a;
}

/* Describe a tile type for messages.  */
static const char *
type_text (capture &c, const pto_type *t)
{
  pto_buf b = { NULL, 0, 0 };
  pto_type_print (&b, t);
  const char *s = pto_arena_strdup (c.p->arena, b.s ? b.s : "");
  pto_buf_free (&b);
  return s;
}

/* The tile lvalue of intrinsic argument ARG (`&(t)' or a tile pointer),
   or NULL after an error.  WRITTEN: the op writes it.  */
static pto_expr *
tile_arg (capture &c, const char *opname, int argno, tree arg, bool written,
	  location_t loc)
{
  tree a = strip_tile_arg (c, arg, loc);
  if (!a)
    return NULL;
  location_t aloc = loc_of (a, loc);
  tree obj = NULL_TREE, objtype = NULL_TREE;
  if (TREE_CODE (a) == ADDR_EXPR)
    {
      obj = TREE_OPERAND (a, 0);
      objtype = TREE_TYPE (obj);
    }
  else if (POINTER_TYPE_P (TREE_TYPE (a)))
    objtype = TREE_TYPE (TREE_TYPE (a));
  if (!objtype || !pto_fe_is_tile_type (TYPE_MAIN_VARIANT (objtype)))
    {
      if (objtype)
	err (c, aloc, "argument %d of %qs must be a tile, not %qT", argno,
	     opname, objtype);
      else
	err (c, aloc, "argument %d of %qs must be a tile", argno, opname);
      return NULL;
    }
  if (written && TYPE_READONLY (objtype))
    {
      err (c, aloc, "argument %d of %qs is written but the tile is const",
	   argno, opname);
      return NULL;
    }
  int errors = c.errors;
  if (obj)
    {
      pto_expr *lv = lvalue (c, obj, aloc);
      /* NULL when reported inside, or when the tile is a use of a
	 declaration reported before (its uses are silent).  */
      if (c.errors != errors || (lv->type->kind != PTO_TY_TILE && c.errors))
	return NULL;
      return lv;
    }
  pto_expr *p = expr (c, a, aloc);
  if (p->type->kind != PTO_TY_PTR)
    return NULL;
  return pto_e_un (c.p, PTO_UN_DEREF, p, NULL, L (c, aloc));
}

/* Is T a conversion between pointers to one type, differing only in
   qualifiers (`(const float *) y')?  */
static bool
qualifier_conversion_p (tree t)
{
  return (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
	 && POINTER_TYPE_P (TREE_TYPE (t))
	 && POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (t, 0)))
	 && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (t)))
	    == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (TREE_OPERAND (t, 0))));
}

/* A GM pointer argument (load source, store destination) of a tile of
   element type DT (if HAVE_DT).  pto.h passes it through __pto_arg_ref,
   so its own C type, the user's casts included, is checked here (as
   reference mode's PTO__CHECK_GM does), not the prototype's void *.  */
static pto_expr *
gm_arg (capture &c, const char *opname, int argno, tree arg, bool written,
	bool have_dt, pto_dtype dt, location_t loc)
{
  tree a = pto_fe_arg_ref_operand (arg);
  a = a ? pto_fe_unpromote (a) : strip_arg (arg);
  location_t aloc = loc_of (a, loc);
  tree type = TREE_TYPE (a);
  if (!POINTER_TYPE_P (type) || pto_fe_is_tile_type (TYPE_MAIN_VARIANT
						     (TREE_TYPE (type))))
    {
      err (c, aloc, "argument %d of %qs must be a pointer to global memory "
	   "(a kernel's pointer parameter), not %qT", argno, opname, type);
      return NULL;
    }
  tree pointee = TREE_TYPE (type);
  if (!(INTEGRAL_TYPE_P (pointee) || SCALAR_FLOAT_TYPE_P (pointee)
	|| pto_fe_is_bf16_type (pointee))
      || TREE_CODE (pointee) == BOOLEAN_TYPE)
    {
      if (have_dt)
	err (c, aloc, "argument %d of %qs must point to the tile's element "
	     "type %qs, not be %qT", argno, opname, pto_dtype_name (dt), type);
      else
	err (c, aloc, "argument %d of %qs must point to the tile's element "
	     "type, not be %qT", argno, opname, type);
      return NULL;
    }
  /* A volatile source as written: reference mode's pto_load passes it
     to a `const void *' parameter, which GCC reports as discarding the
     qualifier (a store's pointer goes through a cast there: silent).
     Loads and stores are block copies in every mode, so volatile has no
     effect: warn the same way.  */
  if (!written && TYPE_VOLATILE (pointee))
    warning_at (user_location (aloc), OPT_Wdiscarded_qualifiers,
		"passing argument %d of %qs discards %qs qualifier from "
		"pointer target type", argno, opname, "volatile");
  /* Const as written (reference mode: "assignment of read-only
     location"), or cast away from a const pointer (the IR keeps the
     original pointer's type).  */
  bool const_gm = TYPE_READONLY (pointee);
  while (qualifier_conversion_p (a))
    a = TREE_OPERAND (a, 0);
  if (written && (const_gm || TYPE_READONLY (TREE_TYPE (TREE_TYPE (a)))))
    {
      err (c, aloc, "argument %d of %qs is written but points to const "
	   "(declare the kernel parameter without const)", argno, opname);
      return NULL;
    }
  pto_expr *e = expr (c, a, aloc);
  return e->type->kind == PTO_TY_PTR ? e : NULL;
}

/* An integer argument (row stride, block count).  */
static pto_expr *
int_arg (capture &c, const char *opname, int argno, tree arg, location_t loc)
{
  tree a = strip_arg (arg);
  location_t aloc = loc_of (a, loc);
  if (!INTEGRAL_TYPE_P (TREE_TYPE (a)) || TREE_CODE (TREE_TYPE (a))
      == BOOLEAN_TYPE)
    {
      err (c, aloc, "argument %d of %qs must be an integer, not %qT", argno,
	   opname, TREE_TYPE (a));
      return NULL;
    }
  /* A literal folded to the prototype's long long reads as an int.  */
  if (TREE_CODE (a) == INTEGER_CST && tree_fits_shwi_p (a)
      && tree_to_shwi (a) >= INT_MIN && tree_to_shwi (a) <= INT_MAX)
    return pto_e_int (c.p, pto_type_scalar (c.p, PTO_DT_I32),
		      tree_to_shwi (a), L (c, aloc));
  return expr (c, a, aloc);
}

/* A scalar argument converted to the tile dtype DT.  */
static pto_expr *
scalar_arg (capture &c, const char *opname, int argno, tree arg,
	    pto_dtype dt, location_t loc)
{
  tree a = arg;
  /* Strip only the conversion to the prototype's double.  */
  if ((CONVERT_EXPR_P (a) || TREE_CODE (a) == FLOAT_EXPR)
      && (INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (a, 0)))
	  || SCALAR_FLOAT_TYPE_P (TREE_TYPE (TREE_OPERAND (a, 0)))))
    a = TREE_OPERAND (a, 0);
  location_t aloc = loc_of (a, loc);
  tree type = TREE_TYPE (a);
  if (!(INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
      || TREE_CODE (type) == BOOLEAN_TYPE)
    {
      err (c, aloc, "argument %d of %qs must be a number convertible to the "
	   "tile's element type, not %qT", argno, opname, type);
      return NULL;
    }
  pto_expr *e = expr (c, a, aloc);
  /* GCC folds the conversion of an integer constant to the prototype's
     double: an integral value that fits an integer DT is that integer
     again ("-1", not "(i32)-1.0"), the constant the back ends take.  */
  if (e->kind == PTO_E_FLOAT && pto_dtype_is_int (dt)
      && e->u.fval > -9.2e18 && e->u.fval < 9.2e18
      && e->u.fval == (double) (int64_t) e->u.fval
      && int_fits ((int64_t) e->u.fval, dt))
    return pto_e_int (c.p, pto_type_scalar (c.p, dt), (int64_t) e->u.fval,
		      e->loc);
  return coerce (c, e, pto_type_scalar (c.p, dt), L (c, aloc));
}

/* A constant pad of a load_valid into an 8- or 16-bit integer tile of
   dtype DT must be representable in DT.  */
static bool
check_pad_range (capture &c, pto_dtype dt, const pto_expr *pad,
		 location_t loc)
{
  const char *name = dt == PTO_DT_I8 ? "int8_t" : dt == PTO_DT_U8
		     ? "uint8_t" : dt == PTO_DT_I16 ? "int16_t" : NULL;
  if (!name)
    return true;
  while (pad->kind == PTO_E_UN && pad->u.unop == PTO_UN_CAST)
    pad = pad->a;
  /* GCC folds the conversion of a constant to the prototype's double
     (as for check_shift_count's count), which C's conversion to int32
     truncates.  */
  double v;
  if (pad->kind == PTO_E_INT)
    v = (double) pad->u.ival;
  else if (pad->kind == PTO_E_FLOAT)
    v = __builtin_trunc (pad->u.fval);
  else
    return true;
  int bits = pto_dtype_bits (dt);
  HOST_WIDE_INT lo = pto_dtype_is_signed (dt) ? -(HOST_WIDE_INT_1 << (bits - 1))
		     : 0;
  HOST_WIDE_INT hi = pto_dtype_is_signed (dt)
		     ? (HOST_WIDE_INT_1 << (bits - 1)) - 1
		     : (HOST_WIDE_INT_1 << bits) - 1;
  if (v >= (double) lo && v <= (double) hi)
    return true;
  if (v > -1e18 && v < 1e18)
    err (c, loc, "%<pto_load_valid%>: the pad %wd does not fit the tile's "
	 "element type %s, whose range is [%wd, %wd]", (HOST_WIDE_INT) v,
	 name, lo, hi);
  else
    err (c, loc, "%<pto_load_valid%>: the pad of a tile of %s is not a "
	 "number in its range [%wd, %wd] (an infinity, a NaN or too "
	 "large)", name, lo, hi);
  return false;
}

/* load_valid / store_valid: a constant valid size (operands 3 and 4)
   must lie in [0, rows] / [0, cols] of the tile.  */
static bool
check_valid_sizes (capture &c, pto_op op, const char *opname,
		   pto_expr **args, const location_t *locs)
{
  if (op != PTO_OP_LOAD_VALID && op != PTO_OP_STORE_VALID)
    return true;
  const pto_type *d = args[op == PTO_OP_LOAD_VALID ? 0 : 2]->type;
  bool ok = true;
  for (int i = 3; i <= 4; i++)
    {
      const pto_expr *v = args[i];
      while (v->kind == PTO_E_UN && v->u.unop == PTO_UN_CAST)
	v = v->a;
      int64_t dim = i == 3 ? d->rows : d->cols;
      if (v->kind == PTO_E_INT && (v->u.ival < 0 || v->u.ival > dim))
	{
	  err (c, locs[i], "%qs: the valid %s %wd lie outside [0, %wd] "
	       "of the %qs tile", opname, i == 3 ? "rows" : "columns",
	       (HOST_WIDE_INT) v->u.ival, (HOST_WIDE_INT) dim,
	       type_text (c, d));
	  ok = false;
	}
    }
  if (op == PTO_OP_LOAD_VALID && !check_pad_range (c, d->dtype, args[5],
						   locs[5]))
    ok = false;
  return ok;
}

/* shls / shrs: a constant shift count (operand 3) must lie in [0, 31],
   as pto.h's reference mode requires at run time.  */
static bool
check_shift_count (capture &c, pto_op op, const char *opname,
		   pto_expr **args, const location_t *locs)
{
  if (op != PTO_OP_SHLS && op != PTO_OP_SHRS)
    return true;
  const pto_expr *v = args[2];
  while (v->kind == PTO_E_UN && v->u.unop == PTO_UN_CAST)
    v = v->a;
  /* GCC folds the conversion of a constant to the prototype's double:
     the count arrives as a floating constant, which C's conversion to
     int32 truncates.  */
  bool bad_count = false;
  HOST_WIDE_INT k = 0;
  if (v->kind == PTO_E_INT)
    {
      k = (HOST_WIDE_INT) v->u.ival;
      bad_count = k < 0 || k > 31;
    }
  else if (v->kind == PTO_E_FLOAT)
    {
      bad_count = !(v->u.fval > -1.0 && v->u.fval < 32.0);
      k = bad_count && v->u.fval > -1e18 && v->u.fval < 1e18
	  ? (HOST_WIDE_INT) v->u.fval : 0;
    }
  if (bad_count)
    {
      err (c, locs[2], "%qs: the shift count %wd lies outside [0, 31]",
	   opname, k);
      return false;
    }
  return true;
}

/* cast_round: the rounding mode (operand 3) is a constant PTO_ROUND_*
   (0 to 4, include/pto.h).  */
static bool
check_round_mode (capture &c, pto_op op, const char *opname,
		  pto_expr **args, const location_t *locs)
{
  if (op != PTO_OP_CAST_ROUND)
    return true;
  const pto_expr *v = args[2];
  while (v->kind == PTO_E_UN && v->u.unop == PTO_UN_CAST)
    v = v->a;
  if (v->kind != PTO_E_INT || v->u.ival < 0 || v->u.ival > 4)
    {
      err (c, locs[2], "%qs: the rounding mode must be a constant "
	   "PTO_ROUND_RINT, _AWAY, _FLOOR, _CEIL or _TRUNC", opname);
      return false;
    }
  return true;
}

/* Check the typing rules of OP (ir/op-check.c: runtime/pto-ops.def's
   shape and dtype columns) over the N translated operands ARGS; report
   at the argument's location (LOCS), or LOC for the call.  */
static bool
check_rule (capture &c, pto_op op, const char *opname, pto_expr **args,
	    int n, const location_t *locs, location_t loc)
{
  const pto_type *types[8];
  for (int i = 0; i < n; i++)
    types[i] = args[i]->type;
  pto_op_fault f;
  if (!pto_op_check_types (op, types, n, &f))
    {
      err (c, f.arg >= 0 ? locs[f.arg] : loc, "%qs: %s", opname, f.msg);
      return false;
    }
  return check_valid_sizes (c, op, opname, args, locs)
	 && check_shift_count (c, op, opname, args, locs)
	 && check_round_mode (c, op, opname, args, locs);
}

/* The arguments of pto_launch(k, blocks, args...) (CALL_EXPR T).  */
static pto_expr *
launch (capture &c, tree t, location_t loc)
{
  int n = call_expr_nargs (t);
  tree kernel = pto_fe_launch_kernel (CALL_EXPR_ARG (t, 0));
  if (!kernel)
    {
      err (c, loc_of (strip_arg (CALL_EXPR_ARG (t, 0)), loc),
	   "the first argument of %<pto_launch%> must name a PTO_KERNEL "
	   "function");
      return bad (c);
    }
  int nparams = 0;
  for (tree p = TYPE_ARG_TYPES (TREE_TYPE (kernel));
       p && !VOID_TYPE_P (TREE_VALUE (p)); p = TREE_CHAIN (p))
    nparams++;
  if (n - 2 != nparams)
    {
      err (c, loc, "%<pto_launch%>: kernel %qD takes %d arguments, %d given",
	   kernel, nparams, n - 2);
      return bad (c);
    }
  /* The C front end converts the arguments as in the call k (args) of
     reference mode, with its errors and warnings; the IR takes the
     converted values.  */
  tree kcall = pto_fe_launch_kernel_call (t, kernel, user_location (loc));
  if (kcall == error_mark_node)
    {
      c.errors++;
      return bad (c);
    }
  auto_vec<pto_expr *> args;
  args.safe_push (pto_e_funcref (c.p, func_name (c, kernel), L (c, loc)));
  pto_expr *nb = int_arg (c, "pto_launch", 2, CALL_EXPR_ARG (t, 1), loc);
  args.safe_push (nb ? nb : bad (c));
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (kernel));
  for (int i = 0; i < nparams; i++, parm = TREE_CHAIN (parm))
    {
      tree a = pto_fe_launch_arg_value (CALL_EXPR_ARG (kcall, i));
      location_t aloc
	= loc_of (pto_fe_launch_arg_value (CALL_EXPR_ARG (t, i + 2)), loc);
      /* A conversion that only adds qualifiers (float * to const float *)
	 is the IR's pointer cast below.  */
      while (CONVERT_EXPR_P (a) && POINTER_TYPE_P (TREE_TYPE (a))
	     && POINTER_TYPE_P (TREE_TYPE (TREE_OPERAND (a, 0)))
	     && TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (a)))
		== TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE
						 (TREE_OPERAND (a, 0)))))
	a = TREE_OPERAND (a, 0);
      pto_expr *e = expr (c, a, aloc);
      const pto_type *pt = ir_type_or_i32 (c, TREE_VALUE (parm), loc);
      if (e->type != pt && e->type->kind == PTO_TY_PTR
	  && pt->kind == PTO_TY_PTR && e->type->pointee == pt->pointee
	  && pt->is_const)
	e = pto_e_un (c.p, PTO_UN_CAST, e, pt, L (c, loc));
      args.safe_push (coerce (c, e, pt, L (c, aloc)));
    }
  return pto_e_op (c.p, PTO_OP_LAUNCH, args.length (), args.address (),
		   L (c, loc));
}

/* For kernels and helpers (unroll below) and ordinary C code
   (launch.cc): fe-internal.h.  */
int
pto_fe_unroll_factors (tree t, location_t loc, int64_t factors[8])
{
  /* __pto_unroll (0, f1, ...): the factors are variadic, so each keeps
     the type it was written with; the limits are pto.h's.  */
  int n = call_expr_nargs (t);
  if (n - 1 > 8)
    {
      error_at (user_location (loc), "%<pto_unroll%>: at most 8 unroll "
		"factors, %d given", n - 1);
      return -1;
    }
  for (int i = 1; i < n; i++)
    {
      tree a = strip_arg (CALL_EXPR_ARG (t, i));
      if (TREE_CODE (a) != INTEGER_CST || tree_int_cst_sgn (a) <= 0
	  || !tree_fits_shwi_p (a) || tree_to_shwi (a) > 2147483647)
	{
	  error_at (user_location (loc_of (a, loc)), "%<pto_unroll%> "
		    "factors must be positive integer constants of at most "
		    "2147483647");
	  return -1;
	}
      factors[i - 1] = tree_to_shwi (a);
    }
  return n - 1;
}

/* pto_unroll(f1, ...) (CALL_EXPR T) at statement level.  */
static void
unroll (capture &c, tree t, location_t loc, tree stmt)
{
  if (!c.unroll_loop || c.unroll_slot != stmt)
    {
      err (c, loc, "%<pto_unroll%> must be the first statement of a for "
	   "loop body");
      return;
    }
  int64_t factors[8];
  int n = pto_fe_unroll_factors (t, loc, factors);
  if (n < 0)
    {
      c.errors++;
      return;
    }
  if (pto_attr_get (&c.unroll_loop->attrs, "unroll"))
    {
      err (c, loc, "loop has both %<#pragma GCC unroll%> and "
	   "%<pto_unroll%>; keep one");
      return;
    }
  pto_attr_set_ints (c.p, &c.unroll_loop->attrs, "unroll", n, factors);
  c.unroll_slot = NULL_TREE;
}

/* A call to the intrinsic NAME (CALL_EXPR T).  */
static pto_expr *
intrinsic (capture &c, tree t, const char *name, location_t loc)
{
  pto_op op;
  char opname[64];
  snprintf (opname, sizeof opname, "pto_%s", name);
  if (!strcmp (name, "tile_ref") || !strcmp (name, "arg_ref"))
    {
      err (c, loc, "%<__pto_%s%> is pto.h's own: it may only wrap "
	   "an operand of a pto_* intrinsic", name);
      return bad (c);
    }
  if (!pto_op_lookup (name, strlen (name), &op))
    {
      err (c, loc, "unknown intrinsic %qs", name);
      return bad (c);
    }
  if (op == PTO_OP_LAUNCH)
    {
      if (c.role != PTO_ROLE_HOST)
	{
	  err (c, loc, "%<pto_launch%> is only allowed in PTO_HOST functions "
	       "(and ordinary host code)");
	  return bad (c);
	}
      return launch (c, t, loc);
    }
  const char *sig = pto_op_info (op)->sig;
  int n = call_expr_nargs (t);
  if ((int) strlen (sig) != n)
    {
      err (c, loc, "%qs takes %d arguments, %d given", opname,
	   (int) strlen (sig), n);
      return bad (c);
    }
  pto_expr *args[8];
  location_t locs[8];
  bool ok = true;
  /* Tiles first: scalars convert to the first tile's dtype (a
     comparison's: see below).  */
  pto_dtype dt = PTO_DT_F32;
  bool have_dt = false;
  for (int i = 0; i < n; i++)
    {
      tree a = CALL_EXPR_ARG (t, i);
      locs[i] = loc_of (strip_arg (a), loc);
      args[i] = NULL;
      if (strchr ("TtU", sig[i]))
	{
	  args[i] = tile_arg (c, opname, i + 1, a, sig[i] != 't', loc);
	  if (args[i] && !have_dt)
	    {
	      dt = args[i]->type->dtype;
	      have_dt = true;
	    }
	}
    }
  /* A comparison's scalar has the dtype of the compared tile (argument
     2), not the int32 mask's.  */
  if (pto_op_info (op)->rule == PTO_RULE_CMP && args[1])
    dt = args[1]->type->dtype;
  /* quantize's scale and offset have the dtype of its source (argument
     2), dequantize's that of its destination.  */
  if (op == PTO_OP_QUANTIZE && args[1])
    dt = args[1]->type->dtype;
  /* dequant's scale is a float whatever the tiles' dtypes.  */
  if (op == PTO_OP_DEQUANT)
    dt = PTO_DT_F32;
  /* The pad of a storage tile (bf16, 8- and 16-bit integers) is an f32
     or i32 number.  */
  if (op == PTO_OP_LOAD_VALID && args[0])
    dt = pto_dtype_scalar_of (dt);
  for (int i = 0; i < n; i++)
    {
      tree a = CALL_EXPR_ARG (t, i);
      switch (sig[i])
	{
	case 'P': case 'p':
	  args[i] = gm_arg (c, opname, i + 1, a, sig[i] == 'P', have_dt, dt,
			    loc);
	  break;
	case 'i':
	  args[i] = int_arg (c, opname, i + 1, a, loc);
	  break;
	case 's':
	  args[i] = have_dt ? scalar_arg (c, opname, i + 1, a, dt, loc) : NULL;
	  break;
	default:
	  break;
	}
      if (!args[i])
	ok = false;
    }
  if (!ok || !check_rule (c, op, opname, args, n, locs, loc))
    return bad (c);
  return pto_e_op (c.p, op, n, args, L (c, loc));
}

/* An argument of a call to an inline function: `&x' of a scalar or tile
   is allowed here (the callee shares the caller's storage).  */
static pto_expr *
inline_arg (capture &c, tree a, tree parm_type, location_t loc)
{
  tree s = a;
  while (CONVERT_EXPR_P (s) && POINTER_TYPE_P (TREE_TYPE (s)))
    {
      if (tile_view_cast (c, s, loc))
	return bad (c);
      s = TREE_OPERAND (s, 0);
    }
  location_t aloc = loc_of (s, loc);
  pto_expr *e;
  if (TREE_CODE (s) == ADDR_EXPR
      && TREE_CODE (TREE_OPERAND (s, 0)) != FUNCTION_DECL)
    {
      pto_expr *lv = lvalue (c, TREE_OPERAND (s, 0), aloc);
      e = pto_e_un (c.p, PTO_UN_ADDR, lv, NULL, L (c, aloc));
    }
  else
    e = expr (c, a, aloc);
  if (parm_type)
    {
      const pto_type *pt = ir_type_or_i32 (c, parm_type, aloc);
      if (e->type != pt && e->type->kind == PTO_TY_PTR
	  && pt->kind == PTO_TY_PTR && e->type->pointee == pt->pointee)
	return pto_e_un (c.p, PTO_UN_CAST, e, pt, L (c, aloc));
      return coerce (c, e, pt, L (c, aloc));
    }
  return e;
}

/* The C library's math functions a kernel may call on scalars (pto.h,
   "Scalar math"): the float forms and the double ones, which C reaches
   when it promotes a float argument (sqrt(x) of a float x is
   (float)sqrt((double)x), computed in f64 as C says).  GCC knows them
   as built-ins (DECL_FUNCTION_CODE), also when spelled __builtin_sqrtf.
   Each is an IR unary op of the argument's type (SQRT EXP LOG FLOOR
   CEIL ABS), or, for fmin and fmax, a select with their rule for a NaN
   operand (the other operand wins): fmin(a, b) is
   (a < b || b != b) ? a : b.  Return NULL when FN is none of them and
   not another library math function either; report any other (powf,
   sinf, sqrtl, ...) at LOC.  Under -fno-builtin the accepted names
   still are these functions (libm_code).  */
/* FN's built-in code: GCC's, or under -fno-builtin (which leaves the C
   library's names ordinary functions) that of an external function of
   one of the accepted names whose result is a float; END_BUILTINS for
   any other function.  */
static built_in_function
libm_code (tree fn)
{
  if (fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return DECL_FUNCTION_CODE (fn);
  static const struct
  {
    const char *name;
    built_in_function code;
  } lib[] = {
    { "sqrtf", BUILT_IN_SQRTF }, { "sqrt", BUILT_IN_SQRT },
    { "expf", BUILT_IN_EXPF }, { "exp", BUILT_IN_EXP },
    { "logf", BUILT_IN_LOGF }, { "log", BUILT_IN_LOG },
    { "floorf", BUILT_IN_FLOORF }, { "floor", BUILT_IN_FLOOR },
    { "ceilf", BUILT_IN_CEILF }, { "ceil", BUILT_IN_CEIL },
    { "fabsf", BUILT_IN_FABSF }, { "fabs", BUILT_IN_FABS },
    { "fminf", BUILT_IN_FMINF }, { "fmin", BUILT_IN_FMIN },
    { "fmaxf", BUILT_IN_FMAXF }, { "fmax", BUILT_IN_FMAX },
  };
  if (!DECL_EXTERNAL (fn) || !TREE_PUBLIC (fn) || !DECL_NAME (fn)
      || !SCALAR_FLOAT_TYPE_P (TREE_TYPE (TREE_TYPE (fn))))
    return END_BUILTINS;
  for (const auto &l : lib)
    if (!strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)), l.name))
      return l.code;
  return END_BUILTINS;
}

static pto_expr *
libm_call (capture &c, tree t, tree fn, location_t loc)
{
  built_in_function code = libm_code (fn);
  if (code == END_BUILTINS)
    return NULL;
  int un = -1;
  pto_binop cmp = PTO_BIN_LT;
  switch (code)
    {
    case BUILT_IN_SQRTF: case BUILT_IN_SQRT: un = PTO_UN_SQRT; break;
    case BUILT_IN_EXPF: case BUILT_IN_EXP: un = PTO_UN_EXP; break;
    case BUILT_IN_LOGF: case BUILT_IN_LOG: un = PTO_UN_LOG; break;
    case BUILT_IN_FLOORF: case BUILT_IN_FLOOR: un = PTO_UN_FLOOR; break;
    case BUILT_IN_CEILF: case BUILT_IN_CEIL: un = PTO_UN_CEIL; break;
    case BUILT_IN_FABSF: case BUILT_IN_FABS: un = PTO_UN_ABS; break;
    case BUILT_IN_FMINF: case BUILT_IN_FMIN: break;
    case BUILT_IN_FMAXF: case BUILT_IN_FMAX: cmp = PTO_BIN_GT; break;
    default:
      if (!SCALAR_FLOAT_TYPE_P (TREE_TYPE (TREE_TYPE (fn))))
	return NULL;
      err (c, loc, "the C library function %qD is not supported in PTO "
	   "code: kernels may call sqrtf, expf, logf, fabsf, fminf, fmaxf, "
	   "floorf and ceilf (or their double forms sqrt, exp, ...) on "
	   "scalars", fn);
      return bad (c);
    }
  pto_loc l = L (c, loc);
  const pto_type *ty = ir_type (c, TREE_TYPE (t), loc);
  if (!ty)
    return bad (c);
  if (ty->kind != PTO_TY_SCALAR
      || (ty->dtype != PTO_DT_F32 && ty->dtype != PTO_DT_F64))
    {
      err (c, loc, "%qD of this type is not supported in PTO code: call "
	   "its float or double form", fn);
      return bad (c);
    }
  int n = un >= 0 ? 1 : 2;
  if (call_expr_nargs (t) != n)
    {
      err (c, loc, "%qD takes %d argument%s in PTO code", fn, n,
	   n == 1 ? "" : "s");
      return bad (c);
    }
  pto_expr *a[2];
  for (int i = 0; i < n; i++)
    {
      tree arg = CALL_EXPR_ARG (t, i);
      location_t aloc = loc_of (arg, loc);
      pto_expr *e = expr (c, arg, aloc);
      if (e->type->kind != PTO_TY_SCALAR)
	{
	  err (c, aloc, "argument %d of %qD must be a scalar", i + 1, fn);
	  return bad (c);
	}
      a[i] = coerce (c, e, ty, L (c, aloc));
    }
  if (un >= 0)
    return pto_e_un (c.p, (pto_unop) un, a[0], NULL, l);
  /* Comparing two widened floats is comparing the floats.  */
  const pto_type *f32 = pto_type_scalar (c.p, PTO_DT_F32);
  pto_expr *x = narrow_f32_1 (c, a[0], f32, false);
  pto_expr *y = narrow_f32_1 (c, a[1], f32, false);
  if (!x || !y)
    x = a[0], y = a[1];
  pto_expr *nan_b = pto_e_bin (c.p, PTO_BIN_NE, y, y, l);
  pto_expr *k = pto_e_bin (c.p, PTO_BIN_LOR,
			   pto_e_bin (c.p, cmp, x, y, l), nan_b, l);
  return pto_e_select (c.p, k, a[0], a[1], l);
}

/* A call T: an intrinsic, a library math function or a PTO_INLINE
   function.  */
static pto_expr *
call (capture &c, tree t, location_t loc)
{
  tree fn = get_callee_fndecl (t);
  if (!fn)
    {
      err (c, loc, "calls through function pointers are not supported in "
	   "PTO code");
      return bad (c);
    }
  if (pto_expr *m = libm_call (c, t, fn, loc))
    return m;
  if (const char *iname = pto_fe_intrinsic_name (fn))
    {
      if (!strcmp (iname, "unroll"))
	{
	  err (c, loc, "%<pto_unroll%> must be the first statement of a for "
	       "loop body");
	  return bad (c);
	}
      return intrinsic (c, t, iname, loc);
    }
  switch (pto_fe_role_of (fn))
    {
    case PTO_ROLE_INLINE:
      break;
    case PTO_ROLE_KERNEL:
      err (c, loc, "PTO_KERNEL %qD cannot be called directly: launch it "
	   "with %<pto_launch(%D, blocks, ...)%>", fn, fn);
      return bad (c);
    case PTO_ROLE_HOST:
      err (c, loc, "PTO_HOST function %qD cannot be called from PTO code",
	   fn);
      return bad (c);
    default:
      err (c, loc, "call to ordinary function %qD is not supported in PTO "
	   "code: only pto_* intrinsics and PTO_INLINE functions can be "
	   "called (mark %qD PTO_INLINE if it is written in the DSL)", fn,
	   fn);
      return bad (c);
    }
  if (fn == c.fndecl)
    {
      err (c, loc, "PTO_INLINE function %qD calls itself: recursion is not "
	   "supported in PTO code", fn);
      return bad (c);
    }
  auto_vec<pto_expr *> args;
  tree parm = TYPE_ARG_TYPES (TREE_TYPE (fn));
  for (int i = 0; i < call_expr_nargs (t); i++)
    {
      tree pt = parm && !VOID_TYPE_P (TREE_VALUE (parm)) ? TREE_VALUE (parm)
		: NULL_TREE;
      args.safe_push (inline_arg (c, CALL_EXPR_ARG (t, i), pt, loc));
      if (parm)
	parm = TREE_CHAIN (parm);
    }
  const pto_type *ret = ir_type_or_i32 (c, TREE_TYPE (TREE_TYPE (fn)), loc);
  return pto_e_call (c.p, func_name (c, fn), ret, args.length (),
		     args.address (), L (c, loc));
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */
/* ------------------------------------------------------------------ */

static void stmt (capture &c, tree t, pto_block *out, location_t ctx);

/* The body T of an if, else or loop into BLOCK: one nesting level.  */
static void
nested_body (capture &c, tree t, pto_block *block, location_t loc)
{
  if (!t || !enter_nesting (c, loc_of (t, loc)))
    return;
  stmt (c, t, block, loc);
  leave_nesting (c);
}

/* The first real statement of a loop body T (through scopes).  */
static tree
first_statement (tree t)
{
  while (t)
    {
      if (TREE_CODE (t) == BIND_EXPR)
	t = BIND_EXPR_BODY (t);
      else if (TREE_CODE (t) == STATEMENT_LIST)
	{
	  tree first = NULL_TREE;
	  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i);
	       tsi_next (&i))
	    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
	      {
		first = tsi_stmt (i);
		break;
	      }
	  t = first;
	}
      else
	return t;
    }
  return NULL_TREE;
}

/* Translate the body T of a loop into BLOCK; LOOP (may be NULL) receives
   pto_unroll's factors.  */
static void
loop_body (capture &c, tree t, pto_block *block, pto_stmt *loop,
	   location_t loc)
{
  tree save_slot = c.unroll_slot;
  pto_stmt *save_loop = c.unroll_loop;
  c.unroll_slot = loop ? first_statement (t) : NULL_TREE;
  c.unroll_loop = loop;
  nested_body (c, t, block, loc);
  c.unroll_slot = save_slot;
  c.unroll_loop = save_loop;
}

/* Assign RHS to the lvalue tree LHS.  */
static void
assign (capture &c, tree lhs, tree rhs, pto_block *out, location_t loc)
{
  pto_loc l = L (c, loc);
  pto_expr *lv = lvalue (c, lhs, loc);
  pto_expr *rv;
  if (TREE_CODE (rhs) == CONSTRUCTOR)
    rv = tuple_ctor (c, rhs, lv->type, loc);
  else
    rv = expr (c, rhs, loc);
  if (rv->type != lv->type)
    rv = coerce (c, rv, lv->type, l);
  pto_block_push (c.p, out, pto_s_assign (c.p, lv, rv, l));
}

/* x++, --x ... as a statement: x = x +- amount.  */
static void
increment (capture &c, tree t, pto_block *out, location_t loc)
{
  tree_code code = TREE_CODE (t);
  tree target = TREE_OPERAND (t, 0);
  pto_loc l = L (c, loc);
  pto_expr *lv = lvalue (c, target, loc);
  pto_expr *cur = lvalue (c, target, loc);
  bool down = code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR;
  pto_expr *amount;
  if (lv->type->kind == PTO_TY_PTR)
    amount = pto_e_int (c.p, pto_type_scalar (c.p, PTO_DT_I32), 1, l);
  else
    amount = coerce (c, expr (c, TREE_OPERAND (t, 1), loc), lv->type, l);
  pto_expr *rv = pto_e_bin (c.p, down ? PTO_BIN_SUB : PTO_BIN_ADD, cur,
			    amount, l);
  pto_block_push (c.p, out, pto_s_assign (c.p, lv, rv, l));
}

/* A local declaration (DECL_EXPR T).  */
static void
declaration (capture &c, tree t, pto_block *out)
{
  tree decl = DECL_EXPR_DECL (t);
  if (TREE_CODE (decl) != VAR_DECL)
    return;			/* typedefs, local prototypes */
  location_t dloc = DECL_SOURCE_LOCATION (decl);
  if (TREE_STATIC (decl) || DECL_EXTERNAL (decl))
    {
      err (c, dloc, "static and extern local variables are not supported in "
	   "PTO code");
      c.rejected.safe_push (DECL_UID (decl));
      return;
    }
  tree type = TREE_TYPE (decl);
  if (variably_modified_type_p (type, NULL_TREE))
    {
      err (c, dloc, "variable-length types are not supported in PTO code "
	   "(tiles have constant rows and columns)");
      c.rejected.safe_push (DECL_UID (decl));
      return;
    }
  const pto_type *ty = ir_type (c, type, dloc);
  if (!ty)
    {
      c.rejected.safe_push (DECL_UID (decl));
      return;
    }
  pto_loc l = L (c, dloc);
  pto_expr *init = NULL;
  tree di = DECL_INITIAL (decl);
  if (di && di != error_mark_node)
    {
      if (TREE_CODE (di) == CONSTRUCTOR)
	init = tuple_ctor (c, di, ty, dloc);
      else
	init = coerce (c, expr (c, di, dloc), ty, l);
    }
  pto_var *v = new_var (c, decl, ty);
  pto_block_push (c.p, out, pto_s_decl (c.p, v, init, l));
}

/* Is T (possibly converted) a reference to DECL?  */
static bool
refers_to (tree t, tree decl)
{
  while (CONVERT_EXPR_P (t) || TREE_CODE (t) == NON_LVALUE_EXPR)
    t = TREE_OPERAND (t, 0);
  return t == decl;
}

/* The index variable of a for condition COND (after annotations), or
   NULL_TREE.  */
static tree
loop_index_of (tree cond)
{
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  while (cond && (CONVERT_EXPR_P (cond)
		  || TREE_CODE (cond) == NON_LVALUE_EXPR))
    cond = TREE_OPERAND (cond, 0);
  if (!cond || TREE_CODE_CLASS (TREE_CODE (cond)) != tcc_comparison)
    return NULL_TREE;
  for (int k = 0; k < 2; k++)
    {
      tree s = TREE_OPERAND (cond, k);
      while (CONVERT_EXPR_P (s) || TREE_CODE (s) == NON_LVALUE_EXPR)
	s = TREE_OPERAND (s, 0);
      if (TREE_CODE (s) == VAR_DECL)
	return s;
    }
  return NULL_TREE;
}

/* T without a leading `SAVE_EXPR, ...' (the C front end evaluates the
   right-hand side of a compound assignment once that way; the SAVE_EXPR
   is used again inside).  */
static tree
skip_saved (tree t)
{
  while (t && TREE_CODE (t) == COMPOUND_EXPR
	 && TREE_CODE (TREE_OPERAND (t, 0)) == SAVE_EXPR)
    t = TREE_OPERAND (t, 1);
  return t;
}

/* The value of step constant B read as a signed number of its width:
   for an unsigned index the C front end writes `i -= 2' as i + 0xff..fe.  */
static int64_t
step_value (tree b)
{
  int64_t v = int_value (b);
  int prec = TYPE_PRECISION (TREE_TYPE (b));
  if (TYPE_UNSIGNED (TREE_TYPE (b)) && prec < 64
      && v >= (INT64_C (1) << (prec - 1)))
    v -= INT64_C (1) << prec;
  return v;
}

/* The step of increment INCR of index DECL as an IR expression of type
   T; *SIGN is +1 or -1 for a constant step, 0 otherwise.  NULL if INCR is
   not `i++', `i--', `i += s', `i -= s' or `i = i +- s'.  */
static pto_expr *
loop_step (capture &c, tree incr, tree decl, const pto_type *t, int *sign,
	   location_t loc)
{
  pto_loc l = L (c, loc);
  *sign = 0;
  incr = skip_saved (incr);
  if (!incr)
    return NULL;
  tree_code code = TREE_CODE (incr);
  if (code == PREINCREMENT_EXPR || code == POSTINCREMENT_EXPR
      || code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR)
    {
      if (TREE_OPERAND (incr, 0) != decl)
	return NULL;
      bool down = code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR;
      *sign = down ? -1 : 1;
      return pto_e_int (c.p, t, down ? -1 : 1, l);
    }
  if (code != MODIFY_EXPR || TREE_OPERAND (incr, 0) != decl)
    return NULL;
  tree rhs = TREE_OPERAND (incr, 1);
  while (CONVERT_EXPR_P (rhs))
    rhs = TREE_OPERAND (rhs, 0);
  if (TREE_CODE (rhs) != PLUS_EXPR && TREE_CODE (rhs) != MINUS_EXPR)
    return NULL;
  tree a = TREE_OPERAND (rhs, 0), b = TREE_OPERAND (rhs, 1);
  bool minus = TREE_CODE (rhs) == MINUS_EXPR;
  if (!refers_to (a, decl))
    {
      if (minus || !refers_to (b, decl))
	return NULL;
      std::swap (a, b);
    }
  if (TREE_CODE (b) == INTEGER_CST)
    {
      int64_t v = step_value (b);
      if (minus)
	v = -v;
      if (v == 0)
	return NULL;
      *sign = v > 0 ? 1 : -1;
      return pto_e_int (c.p, t, v, l);
    }
  pto_expr *s = coerce (c, expr (c, b, loc), t, l);
  return minus ? pto_e_un (c.p, PTO_UN_NEG, s, NULL, l) : s;
}

/* STOP + DELTA, folded when STOP is a constant.  */
static pto_expr *
offset_bound (capture &c, pto_expr *stop, int delta, pto_loc l)
{
  if (stop->kind == PTO_E_INT)
    return pto_e_int (c.p, stop->type, stop->u.ival + delta, l);
  return pto_e_bin (c.p, delta > 0 ? PTO_BIN_ADD : PTO_BIN_SUB, stop,
		    pto_e_int (c.p, stop->type, delta > 0 ? delta : -delta, l),
		    l);
}

/* A for loop FS whose index DECL was declared just before it (DECL is
   NULL_TREE when it was not).  */
static void
for_loop (capture &c, tree fs, tree decl, pto_block *out, location_t ctx)
{
  location_t loc = loc_of (fs, ctx);
  pto_loc l = L (c, loc);
  tree cond = FOR_COND (fs);
  long pragma_unroll = 0;
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    {
      if (tree_to_shwi (TREE_OPERAND (cond, 1)) == annot_expr_unroll_kind)
	pragma_unroll = tree_to_shwi (TREE_OPERAND (cond, 2));
      cond = TREE_OPERAND (cond, 0);
    }
  tree index = loop_index_of (cond);
  if (FOR_INIT_STMT (fs) || !cond || !index || index != decl)
    {
      err (c, loc, "unsupported for loop: PTO loops are counted loops "
	   "%<for (int i = START; i < STOP; i += STEP)%> (also %<<=%>, "
	   "%<>%>, %<>=%>) that declare their index in the header");
      return;
    }
  const pto_type *it = ir_type (c, TREE_TYPE (decl), loc);
  if (!it || !is_arith (it) || pto_dtype_is_float (it->dtype))
    {
      if (it)
	err (c, loc, "the index of a PTO for loop must be an integer");
      return;
    }
  tree di = DECL_INITIAL (decl);
  if (!di)
    {
      err (c, loc, "the index %qD of a PTO for loop must be initialised in "
	   "the loop header", decl);
      return;
    }
  pto_expr *start = coerce (c, expr (c, di, loc), it, l);

  /* The comparison with the index on the left.  */
  while (CONVERT_EXPR_P (cond) || TREE_CODE (cond) == NON_LVALUE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  tree_code cmp = TREE_CODE (cond);
  tree bound = TREE_OPERAND (cond, 1);
  if (!refers_to (TREE_OPERAND (cond, 0), decl))
    {
      cmp = swap_tree_comparison (cmp);
      bound = TREE_OPERAND (cond, 0);
    }
  int sign;
  pto_expr *step = loop_step (c, FOR_EXPR (fs), decl, it, &sign, loc);
  if (!step)
    {
      err (c, loc_of (FOR_EXPR (fs), loc), "unsupported loop increment: "
	   "write %<i++%>, %<i--%>, %<i += STEP%> or %<i -= STEP%>");
      return;
    }
  pto_expr *stop = coerce (c, expr (c, bound, loc), it, l);
  bool down;
  switch (cmp)
    {
    case LT_EXPR: down = false; break;
    case LE_EXPR: down = false; stop = offset_bound (c, stop, 1, l); break;
    case GT_EXPR: down = true; break;
    case GE_EXPR: down = true; stop = offset_bound (c, stop, -1, l); break;
    case NE_EXPR:
      /* GCC folds `u > 0' of an unsigned u into `u != 0'.  */
      if (sign < 0 && TYPE_UNSIGNED (TREE_TYPE (decl)) && integer_zerop (bound))
	{
	  down = true;
	  break;
	}
      if (sign == 0 || step->kind != PTO_E_INT
	  || (step->u.ival != 1 && step->u.ival != -1))
	{
	  err (c, loc, "a loop condition with %<!=%> needs a step of 1 or -1; "
	       "use %<<%> or %<>%>");
	  return;
	}
      down = sign < 0;
      break;
    default:
      err (c, loc, "unsupported loop condition: compare the index with "
	   "%<<%>, %<<=%>, %<>%> or %<>=%>");
      return;
    }
  if (down && !pto_dtype_is_signed (it->dtype))
    {
      err (c, loc, "a loop counting down needs a signed index (declare it "
	   "%<int%> or %<long%>)");
      return;
    }
  if ((down && sign > 0) || (!down && sign < 0))
    {
      err (c, loc, "the loop condition and the step disagree: a loop "
	   "counting %s needs %s", down ? "down" : "up",
	   down ? "a negative step" : "a positive step");
      return;
    }
  pto_var *v = new_var (c, decl, it);
  pto_stmt *s = pto_s_for (c.p, v, start, stop, step, down, l);
  if (pragma_unroll > 0)
    {
      int64_t f = pragma_unroll;
      pto_attr_set_ints (c.p, &s->attrs, "unroll", 1, &f);
    }
  c.loop_indices.safe_push (DECL_UID (decl));
  loop_body (c, FOR_BODY (fs), &s->body, s, loc);
  c.loop_indices.pop ();
  pto_block_push (c.p, out, s);
}

/* A while loop.  */
static void
while_loop (capture &c, tree t, pto_block *out, location_t loc)
{
  tree cond = WHILE_COND (t);
  while (cond && TREE_CODE (cond) == ANNOTATE_EXPR)
    cond = TREE_OPERAND (cond, 0);
  pto_loc l = L (c, loc);
  pto_expr *k = cond ? cond_expr (c, cond, loc) : pto_e_bool (c.p, true, l);
  pto_stmt *s = pto_s_while (c.p, k, l);
  loop_body (c, WHILE_BODY (t), &s->body, NULL, loc);
  pto_block_push (c.p, out, s);
}

/* return [value];  */
static void
return_stmt (capture &c, tree t, pto_block *out, location_t loc)
{
  pto_loc l = L (c, loc);
  tree v = TREE_OPERAND (t, 0);
  pto_expr *value = NULL;
  if (v && (TREE_CODE (v) == MODIFY_EXPR || TREE_CODE (v) == INIT_EXPR))
    v = TREE_OPERAND (v, 1);
  if (v)
    {
      if (TREE_CODE (v) == CONSTRUCTOR)
	value = tuple_ctor (c, v, c.f->ret, loc);
      else
	value = coerce (c, expr (c, v, loc), c.f->ret, l);
    }
  pto_block_push (c.p, out, pto_s_return (c.p, value, l));
}

/* A statement list, fusing `DECL_EXPR i; FOR_STMT' into one IR loop.  */
static void
statement_list (capture &c, tree t, pto_block *out, location_t loc)
{
  auto_vec<tree> items;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    if (TREE_CODE (tsi_stmt (i)) != DEBUG_BEGIN_STMT)
      items.safe_push (tsi_stmt (i));
  for (unsigned k = 0; k < items.length (); k++)
    {
      tree s = items[k];
      if (TREE_CODE (s) == DECL_EXPR && k + 1 < items.length ()
	  && TREE_CODE (items[k + 1]) == FOR_STMT
	  && DECL_EXPR_DECL (s)
	  && loop_index_of (FOR_COND (items[k + 1])) == DECL_EXPR_DECL (s))
	{
	  for_loop (c, items[k + 1], DECL_EXPR_DECL (s), out, loc);
	  k++;
	  continue;
	}
      stmt (c, s, out, loc);
    }
}

/* Translate statement T into OUT.  */
static void
stmt (capture &c, tree t, pto_block *out, location_t ctx)
{
  if (!t)
    return;
  location_t loc = loc_of (t, ctx);
  pto_loc l = L (c, loc);
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      statement_list (c, t, out, loc);
      return;
    case BIND_EXPR:
      stmt (c, BIND_EXPR_BODY (t), out, loc);
      return;
    case DECL_EXPR:
      {
	pre_scope ps (c, out);
	declaration (c, t, out);
	return;
      }
    case DEBUG_BEGIN_STMT:
    case LABEL_EXPR:
      return;
    case MODIFY_EXPR:
    case INIT_EXPR:
      {
	pre_scope ps (c, out);
	assign (c, TREE_OPERAND (t, 0), TREE_OPERAND (t, 1), out, loc);
	return;
      }
    case PREINCREMENT_EXPR: case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR: case POSTDECREMENT_EXPR:
      {
	pre_scope ps (c, out);
	increment (c, t, out, loc);
	return;
      }
    case CALL_EXPR:
      {
	tree fn = get_callee_fndecl (t);
	const char *iname = fn ? pto_fe_intrinsic_name (fn) : NULL;
	if (iname && !strcmp (iname, "unroll"))
	  {
	    unroll (c, t, loc, t);
	    return;
	  }
	pre_scope ps (c, out);
	pto_expr *e = call (c, t, loc);
	pto_block_push (c.p, out, pto_s_eval (c.p, e, l));
	return;
      }
    case COND_EXPR:
      {
	pto_expr *k;
	{
	  pre_scope ps (c, out);
	  k = cond_expr (c, TREE_OPERAND (t, 0), loc);
	}
	pto_stmt *s = pto_s_if (c.p, k, l);
	tree save = c.unroll_slot;
	c.unroll_slot = NULL_TREE;
	nested_body (c, TREE_OPERAND (t, 1), &s->body, loc);
	nested_body (c, TREE_OPERAND (t, 2), &s->els, loc);
	c.unroll_slot = save;
	pto_block_push (c.p, out, s);
	return;
      }
    case FOR_STMT:
      for_loop (c, t, NULL_TREE, out, loc);
      return;
    case WHILE_STMT:
      while_loop (c, t, out, loc);
      return;
    case DO_STMT:
      err (c, loc, "do-while loops are not supported in PTO code: write a "
	   "while loop or a counted for loop");
      return;
    case BREAK_STMT:
      pto_block_push (c.p, out, pto_s_break (c.p, l));
      return;
    case CONTINUE_STMT:
      pto_block_push (c.p, out, pto_s_continue (c.p, l));
      return;
    case RETURN_EXPR:
      return_stmt (c, t, out, loc);
      return;
    case SWITCH_STMT:
    case SWITCH_EXPR:
      err (c, loc, "switch statements are not supported in PTO code: use "
	   "if/else");
      return;
    case GOTO_EXPR:
      err (c, loc, "goto is not supported in PTO code: use structured "
	   "loops, break and continue");
      return;
    case ASM_EXPR:
      err (c, loc, "inline assembly is not supported in PTO code");
      return;
    case EXPR_STMT:
      stmt (c, TREE_OPERAND (t, 0), out, loc);
      return;
    case COMPOUND_EXPR:
      if (atomic_expansion (c, t, loc))
	return;
      if (TREE_CODE (TREE_OPERAND (t, 0)) != SAVE_EXPR)
	stmt (c, TREE_OPERAND (t, 0), out, loc);
      stmt (c, TREE_OPERAND (t, 1), out, loc);
      return;
    CASE_CONVERT:
      if (VOID_TYPE_P (TREE_TYPE (t)))
	{
	  stmt (c, TREE_OPERAND (t, 0), out, loc);
	  return;
	}
      break;
    default:
      break;
    }
  if (!TREE_SIDE_EFFECTS (t))
    return;			/* a value computed for nothing: `x;' */
  pto_expr *e = expr (c, t, loc);
  pto_block_push (c.p, out, pto_s_eval (c.p, e, l));
}

/* ------------------------------------------------------------------ */
/* Functions                                                          */
/* ------------------------------------------------------------------ */

static const pto_func_kind func_kinds[] = {
  PTO_FN_PLAIN, PTO_FN_KERNEL, PTO_FN_HOST, PTO_FN_INLINE
};

/* Create the IR parameters of FNDECL; report unsupported ones.  */
static void
parameters (capture &c)
{
  for (tree parm = DECL_ARGUMENTS (c.fndecl); parm; parm = DECL_CHAIN (parm))
    {
      location_t ploc = DECL_SOURCE_LOCATION (parm);
      const pto_type *t = ir_type (c, TREE_TYPE (parm), ploc);
      if (!t)
	{
	  c.rejected.safe_push (DECL_UID (parm));
	  t = pto_type_scalar (c.p, PTO_DT_I32);
	}
      if (c.role == PTO_ROLE_KERNEL && t->kind == PTO_TY_TILE)
	err (c, ploc, "a PTO_KERNEL cannot take a tile parameter: pass a GM "
	     "pointer and load it with pto_load");
      if (c.role == PTO_ROLE_KERNEL && t->kind == PTO_TY_PTR
	  && t->pointee->kind != PTO_TY_SCALAR)
	err (c, ploc, "kernel pointer parameters point to scalars in global "
	     "memory");
      pto_dir dir = t->kind == PTO_TY_PTR && !t->is_const ? PTO_DIR_INOUT
		    : PTO_DIR_IN;
      const char *base = DECL_NAME (parm) ? IDENTIFIER_POINTER
						(DECL_NAME (parm)) : NULL;
      pto_var *v = pto_param_new (c.p, c.f, fresh_name (c, base), t, dir,
				  L (c, ploc));
      decl_var dv = { (int) DECL_UID (parm), v };
      c.vars.safe_push (dv);
    }
}

bool
pto_fe_capture_function (pto_program *p, tree fndecl, pto_fe_role role)
{
  capture c;
  memset (&c, 0, sizeof c);
  c.p = p;
  c.fndecl = fndecl;
  c.role = role;
  c.vars = vNULL;
  c.names = vNULL;
  c.loop_indices = vNULL;
  c.rejected = vNULL;
  c.saves = vNULL;
  location_t loc = DECL_SOURCE_LOCATION (fndecl);

  const char *name = func_name (c, fndecl);
  if (pto_func_lookup (p, name))
    {
      err (c, loc, "%qD is defined twice in PTO code", fndecl);
      return false;
    }
  if (stdarg_p (TREE_TYPE (fndecl)))
    err (c, loc, "variadic functions are not supported in PTO code");
  const pto_type *ret = ir_type_or_i32 (c, TREE_TYPE (TREE_TYPE (fndecl)),
					loc);
  if (role == PTO_ROLE_KERNEL && ret->kind != PTO_TY_VOID)
    err (c, loc, "PTO_KERNEL %qD must return void", fndecl);
  c.f = pto_func_new (p, func_kinds[role], name, ret, L (c, loc));
  parameters (c);
  stmt (c, DECL_SAVED_TREE (fndecl), &c.f->body, loc);

  c.vars.release ();
  c.names.release ();
  c.loop_indices.release ();
  c.rejected.release ();
  c.saves.release ();
  return c.errors == 0;
}
