/* jit.c - the libgccjit back end: host functions and kernel simulations.

   Contract: backend/jit/jit.h.  Input: the program after the pass pipeline
   (inlined, unrolled, simplified).  Output: assembler text that the
   plugin injects into the unit's object as a toplevel asm statement.

   What is generated:
   * PTO_HOST f(...): a function with f's C symbol and prototype (scalars
     and pointers map to the C types of the same width and kind).  pto_launch
     inside it becomes  __pto_rt_set_blocks (n); __pto_launch ("k", N,
     &a0, ...)  with the arguments in locals of the kernel's parameter
     types.
   * PTO_KERNEL k(...): a local function
       void __pto_sim_k (void *const *args, int block_idx, int block_num)
     that copies each parameter from *args[i] into a local, then runs the
     body.  Tile variables are local structs { T v[R][C]; } (fp16 elements
     stored as 16-bit words); every tile operation is either inline
     loops with constant bounds (backend/jit/jit-tile.c: the f32/i32
     element-wise and row ops, the loads and stores) or ONE call into
     libpto-rt, emitted by emit_tile_op() below.  That function is the
     seam for tile lowering: when kernels are lowered to CCE instructions,
     the simulation build calls the CCE simulator's instruction semantics
     instead, and only emit_tile_op's callers stay.
   * For the kernels of the unit: a record per kernel in section
     pto_kernels and a constructor (via .init_array) that registers the
     module's __start_pto_kernels..__stop_pto_kernels with the runtime
     (runtime/pto-rt.h).
   Scalar code and control flow follow C semantics (integer division
   truncates, FLOORDIV/FLOORMOD round toward negative infinity, && and ||
   and ?: evaluate lazily).  libgccjit has no _Float16: fp16 scalar values
   live in floats and are rounded where C rounds them (assignment, cast,
   store; arithmetic in between is done in float, which is what GCC does
   for _Float16 on x86-64), by three libpto-rt helpers; in memory (GM,
   tiles, kernel arguments) they are 16-bit encodings.  fp16 parameters
   and results of PTO_HOST functions (a calling-convention matter) and
   bf16 scalars are reported as not supported yet.

   Each body comes from the function's linear form (backend/jit/jit-linear.c
   walks it, computing each operation through the expression, memory and
   call semantics below, exported at the end of this file); this file
   makes the types, the functions, their prologues and epilogues, the
   kernel table and the assembler text.

   Determinism: no debug information, no file names, fixed naming; the
   text is post-processed so that it can live inside GCC's own assembler
   output (see finish_asm_text).  */

#define _POSIX_C_SOURCE 200809L

#include "backend/jit/jit-internal.h"
#include "object/asm-text.h"
#include "runtime/pto-rt.h"

#include <libgccjit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* State                                                              */
/* ------------------------------------------------------------------ */

/* aggr_type, jit: backend/jit/jit-internal.h.  */

enum rt_entry {
  RT_LOAD, RT_STORE, RT_BINARY, RT_SCALAR, RT_UNARY, RT_FILL, RT_CAST,
  RT_ROWRED, RT_MATMUL, RT_SET_BLOCKS, RT_LAUNCH, RT_REGISTER,
  RT_F16_ROUND, RT_F16_LOAD, RT_F16_BITS, RT_ROWBCAST, RT_LOAD_VALID,
  RT_STORE_VALID, RT_CHECK_STRIDE, RT_CHECK_VALID, RT_CMP, RT_CMPS,
  RT_SELECT, RT_TRANSPOSE, RT_CAST_ROUND, RT_DEQUANT, RT_COL_DEQUANT,
  RT_DEQ_SCALE, RT_COUNT
};
_Static_assert(RT_COUNT <= 28, "jit.rt is too small for enum rt_entry");

/* loop_targets, fn_ctx: backend/jit/jit-internal.h.  */

/* ------------------------------------------------------------------ */
/* Diagnostics                                                        */
/* ------------------------------------------------------------------ */

/* Report that construct WHAT at LOC is not supported (once per
   location and construct: types are looked up more than once).  */
static void
fail(jit *j, pto_loc loc, const char *what)
{
  j->errors++;
  if (what == j->last_fail && loc.host == j->last_fail_loc.host
      && loc.line == j->last_fail_loc.line && loc.col == j->last_fail_loc.col)
    return;
  j->last_fail = what;
  j->last_fail_loc = loc;
  pto_error(j->diag, loc, "the jit back end does not support %s yet", what);
}

/* ------------------------------------------------------------------ */
/* Types                                                              */
/* ------------------------------------------------------------------ */

static void
init_types(jit *j)
{
  gcc_jit_context *c = j->ctxt;
  j->t_void = gcc_jit_context_get_type(c, GCC_JIT_TYPE_VOID);
  j->t_voidp = gcc_jit_context_get_type(c, GCC_JIT_TYPE_VOID_PTR);
  j->t_cvoidp = gcc_jit_type_get_pointer(gcc_jit_type_get_const(j->t_void));
  j->t_bool = gcc_jit_context_get_type(c, GCC_JIT_TYPE_BOOL);
  j->t_int = gcc_jit_context_get_type(c, GCC_JIT_TYPE_INT);
  j->t_ll = gcc_jit_context_get_type(c, GCC_JIT_TYPE_LONG_LONG);
  j->t_double = gcc_jit_context_get_type(c, GCC_JIT_TYPE_DOUBLE);
  j->t_float = gcc_jit_context_get_type(c, GCC_JIT_TYPE_FLOAT);
  j->t_size = gcc_jit_context_get_type(c, GCC_JIT_TYPE_SIZE_T);
  j->t_cstr = gcc_jit_context_get_type(c, GCC_JIT_TYPE_CONST_CHAR_PTR);
  j->t_char = gcc_jit_context_get_type(c, GCC_JIT_TYPE_CHAR);
  j->t_u16 = gcc_jit_context_get_type(c, GCC_JIT_TYPE_UNSIGNED_SHORT);
  j->t_u32 = gcc_jit_context_get_type(c, GCC_JIT_TYPE_UNSIGNED_INT);
  j->fbits_u = gcc_jit_context_new_field(c, NULL, j->t_u32, "u");
  j->fbits_f = gcc_jit_context_new_field(c, NULL, j->t_float, "f");
  gcc_jit_field *f[] = { j->fbits_u, j->fbits_f };
  j->t_fbits = gcc_jit_context_new_union_type(c, NULL, "pto_fbits", 2, f);
}

/* The JIT type of a scalar DT held in memory: fp16 and bf16 as 16-bit
   words (only libpto-rt interprets them).  */
static gcc_jit_type *
storage_type(jit *j, pto_dtype dt)
{
  static const enum gcc_jit_types map[PTO_DT_COUNT] = {
      [PTO_DT_BOOL] = GCC_JIT_TYPE_BOOL,
      [PTO_DT_I8] = GCC_JIT_TYPE_SIGNED_CHAR,
      [PTO_DT_I16] = GCC_JIT_TYPE_SHORT,
      [PTO_DT_I32] = GCC_JIT_TYPE_INT,
      [PTO_DT_I64] = GCC_JIT_TYPE_LONG_LONG,
      [PTO_DT_U8] = GCC_JIT_TYPE_UNSIGNED_CHAR,
      [PTO_DT_U16] = GCC_JIT_TYPE_UNSIGNED_SHORT,
      [PTO_DT_U32] = GCC_JIT_TYPE_UNSIGNED_INT,
      [PTO_DT_U64] = GCC_JIT_TYPE_UNSIGNED_LONG_LONG,
      [PTO_DT_F16] = GCC_JIT_TYPE_UNSIGNED_SHORT,
      [PTO_DT_BF16] = GCC_JIT_TYPE_UNSIGNED_SHORT,
      [PTO_DT_F32] = GCC_JIT_TYPE_FLOAT,
      [PTO_DT_F64] = GCC_JIT_TYPE_DOUBLE,
      [PTO_DT_INDEX] = GCC_JIT_TYPE_LONG_LONG,
  };
  return gcc_jit_context_get_type(j->ctxt, map[dt]);
}

static gcc_jit_type *jtype(jit *j, const pto_type *t, pto_loc loc);

/* The struct made for tile or tuple type T (created on first use).  */
static aggr_type *
aggr(jit *j, const pto_type *t, pto_loc loc)
{
  for (int i = 0; i < j->naggrs; i++)
    if (j->aggrs[i].key == t)
      return &j->aggrs[i];
  if (j->naggrs == j->capaggrs) {
    j->capaggrs = j->capaggrs ? 2 * j->capaggrs : 16;
    j->aggrs = pto_xrealloc(j->aggrs, sizeof *j->aggrs * j->capaggrs);
  }
  aggr_type *a = &j->aggrs[j->naggrs];
  char name[64];
  a->key = t;
  if (t->kind == PTO_TY_TILE) {
    gcc_jit_type *row = gcc_jit_context_new_array_type(
        j->ctxt, NULL, storage_type(j, t->dtype), t->cols);
    gcc_jit_type *all =
        gcc_jit_context_new_array_type(j->ctxt, NULL, row, t->rows);
    a->fields = pto_xcalloc(1, sizeof *a->fields);
    a->fields[0] = gcc_jit_context_new_field(j->ctxt, NULL, all, "v");
    snprintf(name, sizeof name, "pto_tile%d", j->naggrs);
    a->st = gcc_jit_context_new_struct_type(j->ctxt, NULL, name, 1, a->fields);
  } else {
    int n = t->nelems;
    a->fields = pto_xcalloc((size_t)(n ? n : 1), sizeof *a->fields);
    for (int i = 0; i < n; i++) {
      char fname[16];
      snprintf(fname, sizeof fname, "e%d", i);
      a->fields[i] = gcc_jit_context_new_field(j->ctxt, NULL,
                                               jtype(j, t->elems[i], loc),
                                               fname);
    }
    snprintf(name, sizeof name, "pto_tuple%d", j->naggrs);
    a->st = gcc_jit_context_new_struct_type(j->ctxt, NULL, name, n, a->fields);
  }
  j->naggrs++;
  return a;
}

/* The JIT type of IR type T (for values; see storage_type for memory).
   Unsupported types are reported at LOC.  */
static gcc_jit_type *
jtype(jit *j, const pto_type *t, pto_loc loc)
{
  switch (t->kind) {
  case PTO_TY_VOID:
    return j->t_void;
  case PTO_TY_SCALAR:
    /* fp16 values are floats holding fp16-representable numbers (or the
       excess-precision result of fp16 arithmetic, as GCC computes it)
       and are rounded where C rounds: assignment, cast, store.  */
    if (t->dtype == PTO_DT_F16)
      return j->t_float;
    if (t->dtype == PTO_DT_BF16) {
      fail(j, loc, "bf16 scalar values");
      return j->t_float;
    }
    return storage_type(j, t->dtype);
  case PTO_TY_PTR: {
    const pto_type *pt = t->pointee;
    gcc_jit_type *base = pt->kind == PTO_TY_SCALAR ? storage_type(j, pt->dtype)
                                                   : jtype(j, pt, loc);
    if (t->is_const)
      base = gcc_jit_type_get_const(base);
    return gcc_jit_type_get_pointer(base);
  }
  case PTO_TY_TILE:
  case PTO_TY_TUPLE:
    return gcc_jit_struct_as_type(aggr(j, t, loc)->st);
  case PTO_TY_FUNC:
    break;
  }
  fail(j, loc, "function values outside pto_launch");
  return j->t_int;
}

static bool
is_aggregate(const pto_type *t)
{
  return t->kind == PTO_TY_TILE || t->kind == PTO_TY_TUPLE;
}

/* The libpto-rt code of a tile dtype.  */
static int
rt_dtype(jit *j, pto_dtype dt, pto_loc loc)
{
  switch (dt) {
  case PTO_DT_F32:
    return PTO_RT_F32;
  case PTO_DT_F16:
    return PTO_RT_F16;
  case PTO_DT_I32:
    return PTO_RT_I32;
  case PTO_DT_BF16:
    return PTO_RT_BF16;
  case PTO_DT_I8:
    return PTO_RT_I8;
  case PTO_DT_U8:
    return PTO_RT_U8;
  case PTO_DT_I16:
    return PTO_RT_I16;
  case PTO_DT_U64:
    return PTO_RT_U64;
  default:
    fail(j, loc, "tiles of this element type");
    return PTO_RT_F32;
  }
}

/* ------------------------------------------------------------------ */
/* libpto-rt imports                                                  */
/* ------------------------------------------------------------------ */

/* Import a runtime function: NAME returning RET with the parameter
   types in SIG ('i' int, 'l' long long, 'd' double, 'p' void *,
   'c' const void *, 'u' unsigned short), variadic if VARIADIC.  */
static gcc_jit_function *
import(jit *j, const char *name, gcc_jit_type *ret, const char *sig,
       int variadic)
{
  gcc_jit_param *params[10];
  int n = 0;
  for (const char *s = sig; *s && n < 10; s++, n++) {
    gcc_jit_type *t = *s == 'i'   ? j->t_int
                      : *s == 'l' ? j->t_ll
                      : *s == 'd' ? j->t_double
                      : *s == 'p' ? j->t_voidp
                      : *s == 'c' ? j->t_cvoidp
                                  : j->t_u16;
    char pname[8];
    snprintf(pname, sizeof pname, "a%d", n);
    params[n] = gcc_jit_context_new_param(j->ctxt, NULL, t, pname);
  }
  return gcc_jit_context_new_function(j->ctxt, NULL, GCC_JIT_FUNCTION_IMPORTED,
                                      ret, name, n, params, variadic);
}

static gcc_jit_function *
rt_fn(jit *j, enum rt_entry e)
{
  static const struct {
    const char *name, *sig;
    int variadic;
    char ret; /* v void, f float, u unsigned short */
  } tab[] = {
      [RT_LOAD] = {"__pto_rt_load", "ipclii", 0},
      [RT_STORE] = {"__pto_rt_store", "iplcii", 0},
      [RT_BINARY] = {"__pto_rt_binary", "iipccl", 0},
      [RT_SCALAR] = {"__pto_rt_scalar", "iipcdl", 0},
      [RT_UNARY] = {"__pto_rt_unary", "iipcl", 0},
      [RT_FILL] = {"__pto_rt_fill", "ipdl", 0},
      [RT_CAST] = {"__pto_rt_cast", "iipcl", 0},
      [RT_ROWRED] = {"__pto_rt_rowred", "iipcii", 0},
      [RT_MATMUL] = {"__pto_rt_matmul", "ipcciii", 0},
      [RT_SET_BLOCKS] = {"__pto_rt_set_blocks", "l", 0},
      [RT_LAUNCH] = {"__pto_launch", "ci", 1},
      [RT_REGISTER] = {"__pto_rt_register_table", "cc", 0},
      [RT_F16_ROUND] = {"__pto_rt_f16_round", "d", 0, 'f'},
      [RT_F16_LOAD] = {"__pto_rt_f16_load", "u", 0, 'f'},
      [RT_F16_BITS] = {"__pto_rt_f16_bits", "d", 0, 'u'},
      [RT_ROWBCAST] = {"__pto_rt_rowbcast", "iipccii", 0},
      [RT_LOAD_VALID] = {"__pto_rt_load_valid", "ipcllldii", 0},
      [RT_STORE_VALID] = {"__pto_rt_store_valid", "iplcllii", 0},
      [RT_CHECK_STRIDE] = {"__pto_rt_check_row_stride", "clll", 0},
      [RT_CHECK_VALID] = {"__pto_rt_check_valid", "clllll", 0},
      [RT_CMP] = {"__pto_rt_cmp", "iipccl", 0},
      [RT_CMPS] = {"__pto_rt_cmps", "iipcdl", 0},
      [RT_SELECT] = {"__pto_rt_select", "ipcccl", 0},
      [RT_TRANSPOSE] = {"__pto_rt_transpose", "ipcii", 0},
      [RT_CAST_ROUND] = {"__pto_rt_cast_round", "ipcil", 0},
      [RT_DEQUANT] = {"__pto_rt_dequant", "pcdl", 0},
      [RT_COL_DEQUANT] = {"__pto_rt_col_dequant", "pcciii", 0},
      [RT_DEQ_SCALE] = {"__pto_rt_deq_scale", "pcil", 0},
  };
  if (!j->rt[e]) {
    gcc_jit_type *ret = tab[e].ret == 'f'   ? j->t_float
                        : tab[e].ret == 'u' ? j->t_u16
                                            : j->t_void;
    j->rt[e] = import(j, tab[e].name, ret, tab[e].sig, tab[e].variadic);
  }
  return j->rt[e];
}

/* ------------------------------------------------------------------ */
/* Small rvalue helpers                                               */
/* ------------------------------------------------------------------ */

static gcc_jit_rvalue *
int_const(jit *j, gcc_jit_type *t, long v)
{
  return gcc_jit_context_new_rvalue_from_long(j->ctxt, t, v);
}

static bool
is_jit_float(const jit *j, gcc_jit_type *t)
{
  return t == j->t_float || t == j->t_double;
}

/* V converted to T by C's rules.  libgccjit casts between integers,
   floats and bools except a bool to or from a float: a bool becomes a
   float through int, a float becomes a bool as "V != 0" (C11 6.3.1.2).  */
static gcc_jit_rvalue *
cast(jit *j, gcc_jit_rvalue *v, gcc_jit_type *t)
{
  gcc_jit_type *from = gcc_jit_rvalue_get_type(v);
  if (from == t)
    return v;
  if (from == j->t_bool && is_jit_float(j, t))
    v = gcc_jit_context_new_cast(j->ctxt, NULL, v, j->t_int);
  else if (t == j->t_bool && is_jit_float(j, from))
    return gcc_jit_context_new_comparison(j->ctxt, NULL,
                                          GCC_JIT_COMPARISON_NE, v,
                                          gcc_jit_context_zero(j->ctxt, from));
  return gcc_jit_context_new_cast(j->ctxt, NULL, v, t);
}

static void
ensure_block(fn_ctx *fc)
{
  if (!fc->cur)
    fc->cur = gcc_jit_function_new_block(fc->fn, NULL);
}

/* A fresh local of type T.  */
static gcc_jit_lvalue *
new_temp(fn_ctx *fc, gcc_jit_type *t)
{
  char name[32];
  snprintf(name, sizeof name, "pto_t%d", fc->ntemps++);
  return gcc_jit_function_new_local(fc->fn, NULL, t, name);
}

static void
assign(fn_ctx *fc, gcc_jit_lvalue *lv, gcc_jit_rvalue *rv)
{
  ensure_block(fc);
  gcc_jit_block_add_assignment(fc->cur, NULL, lv, rv);
}

/* A local holding V (so that it can be used several times).  */
static gcc_jit_rvalue *
in_temp(fn_ctx *fc, gcc_jit_rvalue *v)
{
  gcc_jit_lvalue *t = new_temp(fc, gcc_jit_rvalue_get_type(v));
  assign(fc, t, v);
  return gcc_jit_lvalue_as_rvalue(t);
}

/* Emit "tmp = COND ? A : B" with A and B already evaluated.  */
static gcc_jit_rvalue *
select_values(fn_ctx *fc, gcc_jit_rvalue *cond, gcc_jit_rvalue *a,
              gcc_jit_rvalue *b, gcc_jit_type *t)
{
  gcc_jit_lvalue *tmp = new_temp(fc, t);
  gcc_jit_block *bt = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *bf = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *join = gcc_jit_function_new_block(fc->fn, NULL);
  ensure_block(fc);
  gcc_jit_block_end_with_conditional(fc->cur, NULL, cond, bt, bf);
  gcc_jit_block_add_assignment(bt, NULL, tmp, a);
  gcc_jit_block_end_with_jump(bt, NULL, join);
  gcc_jit_block_add_assignment(bf, NULL, tmp, b);
  gcc_jit_block_end_with_jump(bf, NULL, join);
  fc->cur = join;
  return gcc_jit_lvalue_as_rvalue(tmp);
}

/* fp16 scalars (see jtype).  */
static bool
is_f16(const pto_type *t)
{
  return t->kind == PTO_TY_SCALAR && t->dtype == PTO_DT_F16;
}

/* Call the one-argument runtime function E with V.  */
static gcc_jit_rvalue *
call1(jit *j, enum rt_entry e, gcc_jit_rvalue *v)
{
  return gcc_jit_context_new_call(j->ctxt, NULL, rt_fn(j, e), 1, &v);
}

/* V rounded to fp16 (a float holding an fp16 value).  */
static gcc_jit_rvalue *
f16_round(jit *j, gcc_jit_rvalue *v)
{
  return call1(j, RT_F16_ROUND, cast(j, v, j->t_double));
}

/* Does E designate memory (a GM element, a tile element, *p), where fp16
   values are stored as 16-bit words?  */
static bool
is_memory(const pto_expr *e)
{
  return e->kind == PTO_E_INDEX
         || (e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF);
}

/* R converted for storing into a place of type T: fp16 places that are
   memory (MEMORY) take the fp16 bits, fp16 variables the rounded value.  */
static gcc_jit_rvalue *
value_for(jit *j, gcc_jit_rvalue *r, const pto_type *t, bool memory,
          pto_loc loc)
{
  if (is_f16(t))
    return memory ? call1(j, RT_F16_BITS, cast(j, r, j->t_double))
                  : f16_round(j, r);
  if (is_aggregate(t))
    return r;
  return cast(j, r, jtype(j, t, loc));
}

/* ------------------------------------------------------------------ */
/* Expressions                                                        */
/* ------------------------------------------------------------------ */

static gcc_jit_rvalue *rvalue(fn_ctx *fc, const pto_expr *e);
static gcc_jit_lvalue *lvalue(fn_ctx *fc, const pto_expr *e);
static void emit_call_stmt(fn_ctx *fc, const pto_expr *e);

/* A placeholder after an error (compilation is abandoned anyway).  */
static gcc_jit_rvalue *
bad_rvalue(jit *j)
{
  return gcc_jit_context_zero(j->ctxt, j->t_int);
}

static gcc_jit_rvalue *
const_expr(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  gcc_jit_type *t = jtype(j, e->type, e->loc);
  if (is_f16(e->type))
    return f16_round(j, gcc_jit_context_new_rvalue_from_double(
                            j->ctxt, j->t_double,
                            e->kind == PTO_E_FLOAT ? e->u.fval
                                                   : (double)e->u.ival));
  if (e->kind == PTO_E_FLOAT)
    return gcc_jit_context_new_rvalue_from_double(j->ctxt, t, e->u.fval);
  if (e->type->kind == PTO_TY_SCALAR && e->type->dtype == PTO_DT_BOOL)
    return e->u.ival ? gcc_jit_context_one(j->ctxt, t)
                     : gcc_jit_context_zero(j->ctxt, t);
  if (e->type->kind == PTO_TY_PTR) /* a null pointer constant */
    return gcc_jit_context_null(j->ctxt, t);
  return gcc_jit_context_new_rvalue_from_long(j->ctxt, t, (long)e->u.ival);
}

/* A && B or A || B, evaluating B only when needed.  */
static gcc_jit_rvalue *
logical(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  bool is_and = e->u.binop == PTO_BIN_LAND;
  gcc_jit_lvalue *tmp = new_temp(fc, j->t_bool);
  gcc_jit_rvalue *a = rvalue(fc, e->a);
  gcc_jit_block *rhs = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *shortcut = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *join = gcc_jit_function_new_block(fc->fn, NULL);
  ensure_block(fc);
  if (is_and)
    gcc_jit_block_end_with_conditional(fc->cur, NULL, a, rhs, shortcut);
  else
    gcc_jit_block_end_with_conditional(fc->cur, NULL, a, shortcut, rhs);
  gcc_jit_block_add_assignment(shortcut, NULL, tmp,
                               is_and ? gcc_jit_context_zero(j->ctxt, j->t_bool)
                                      : gcc_jit_context_one(j->ctxt, j->t_bool));
  gcc_jit_block_end_with_jump(shortcut, NULL, join);
  fc->cur = rhs;
  gcc_jit_rvalue *b = rvalue(fc, e->b);
  assign(fc, tmp, b);
  gcc_jit_block_end_with_jump(fc->cur, NULL, join);
  fc->cur = join;
  return gcc_jit_lvalue_as_rvalue(tmp);
}

/* floordiv / floormod of integers: C's truncating result corrected when
   the remainder is non-zero and the operands' signs differ.  */
static gcc_jit_rvalue *
floor_divmod(fn_ctx *fc, const pto_expr *e, gcc_jit_type *t)
{
  jit *j = fc->j;
  gcc_jit_rvalue *a = in_temp(fc, rvalue(fc, e->a));
  gcc_jit_rvalue *b = in_temp(fc, rvalue(fc, e->b));
  gcc_jit_rvalue *q = gcc_jit_context_new_binary_op(
      j->ctxt, NULL, GCC_JIT_BINARY_OP_DIVIDE, t, a, b);
  gcc_jit_rvalue *r = in_temp(fc, gcc_jit_context_new_binary_op(
                                      j->ctxt, NULL, GCC_JIT_BINARY_OP_MODULO,
                                      t, a, b));
  if (!pto_dtype_is_signed(e->type->dtype))
    return e->u.binop == PTO_BIN_FLOORDIV ? q : r;
  gcc_jit_rvalue *zero = gcc_jit_context_zero(j->ctxt, t);
  gcc_jit_rvalue *r_nz = gcc_jit_context_new_comparison(
      j->ctxt, NULL, GCC_JIT_COMPARISON_NE, r, zero);
  gcc_jit_rvalue *r_neg = gcc_jit_context_new_comparison(
      j->ctxt, NULL, GCC_JIT_COMPARISON_LT, r, zero);
  gcc_jit_rvalue *b_neg = gcc_jit_context_new_comparison(
      j->ctxt, NULL, GCC_JIT_COMPARISON_LT, b, zero);
  gcc_jit_rvalue *differ = gcc_jit_context_new_comparison(
      j->ctxt, NULL, GCC_JIT_COMPARISON_NE, r_neg, b_neg);
  gcc_jit_rvalue *fix = cast(
      j,
      gcc_jit_context_new_binary_op(j->ctxt, NULL,
                                    GCC_JIT_BINARY_OP_LOGICAL_AND, j->t_bool,
                                    r_nz, differ),
      t);
  if (e->u.binop == PTO_BIN_FLOORDIV)
    return gcc_jit_context_new_binary_op(j->ctxt, NULL, GCC_JIT_BINARY_OP_MINUS,
                                         t, q, fix);
  return gcc_jit_context_new_binary_op(
      j->ctxt, NULL, GCC_JIT_BINARY_OP_PLUS, t, r,
      gcc_jit_context_new_binary_op(j->ctxt, NULL, GCC_JIT_BINARY_OP_MULT, t,
                                    fix, b));
}

static gcc_jit_rvalue *
binary(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  pto_binop op = e->u.binop;
  if (op == PTO_BIN_LAND || op == PTO_BIN_LOR)
    return logical(fc, e);
  if (e->type->kind == PTO_TY_PTR) { /* ptr + int, ptr - int */
    gcc_jit_rvalue *base = rvalue(fc, e->a);
    gcc_jit_rvalue *idx = rvalue(fc, e->b);
    if (op == PTO_BIN_SUB)
      idx = gcc_jit_context_new_unary_op(j->ctxt, NULL, GCC_JIT_UNARY_OP_MINUS,
                                         gcc_jit_rvalue_get_type(idx), idx);
    else if (op != PTO_BIN_ADD) {
      fail(j, e->loc, "this pointer arithmetic");
      return bad_rvalue(j);
    }
    return gcc_jit_lvalue_get_address(
        gcc_jit_context_new_array_access(j->ctxt, NULL, base, idx), NULL);
  }
  gcc_jit_type *t = jtype(j, e->type, e->loc);
  if (op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD)
    return floor_divmod(fc, e, t);
  if (op == PTO_BIN_MIN || op == PTO_BIN_MAX) {
    gcc_jit_rvalue *a = in_temp(fc, rvalue(fc, e->a));
    gcc_jit_rvalue *b = in_temp(fc, rvalue(fc, e->b));
    gcc_jit_rvalue *c = gcc_jit_context_new_comparison(
        j->ctxt, NULL,
        op == PTO_BIN_MIN ? GCC_JIT_COMPARISON_LT : GCC_JIT_COMPARISON_GT, a,
        b);
    return select_values(fc, c, a, b, t);
  }
  gcc_jit_rvalue *a = rvalue(fc, e->a);
  gcc_jit_rvalue *b = rvalue(fc, e->b);
  static const struct {
    int is_cmp, code;
  } map[PTO_BIN_COUNT] = {
      [PTO_BIN_ADD] = {0, GCC_JIT_BINARY_OP_PLUS},
      [PTO_BIN_SUB] = {0, GCC_JIT_BINARY_OP_MINUS},
      [PTO_BIN_MUL] = {0, GCC_JIT_BINARY_OP_MULT},
      [PTO_BIN_DIV] = {0, GCC_JIT_BINARY_OP_DIVIDE},
      [PTO_BIN_MOD] = {0, GCC_JIT_BINARY_OP_MODULO},
      [PTO_BIN_SHL] = {0, GCC_JIT_BINARY_OP_LSHIFT},
      [PTO_BIN_SHR] = {0, GCC_JIT_BINARY_OP_RSHIFT},
      [PTO_BIN_BAND] = {0, GCC_JIT_BINARY_OP_BITWISE_AND},
      [PTO_BIN_BXOR] = {0, GCC_JIT_BINARY_OP_BITWISE_XOR},
      [PTO_BIN_BOR] = {0, GCC_JIT_BINARY_OP_BITWISE_OR},
      [PTO_BIN_LT] = {1, GCC_JIT_COMPARISON_LT},
      [PTO_BIN_LE] = {1, GCC_JIT_COMPARISON_LE},
      [PTO_BIN_GT] = {1, GCC_JIT_COMPARISON_GT},
      [PTO_BIN_GE] = {1, GCC_JIT_COMPARISON_GE},
      [PTO_BIN_EQ] = {1, GCC_JIT_COMPARISON_EQ},
      [PTO_BIN_NE] = {1, GCC_JIT_COMPARISON_NE},
  };
  if (map[op].is_cmp)
    return gcc_jit_context_new_comparison(
        j->ctxt, NULL, (enum gcc_jit_comparison)map[op].code, a, b);
  if (op == PTO_BIN_SHL || op == PTO_BIN_SHR)
    b = cast(j, b, gcc_jit_rvalue_get_type(a));
  return gcc_jit_context_new_binary_op(
      j->ctxt, NULL, (enum gcc_jit_binary_op)map[op].code, t, a, b);
}

/* (T)A with C's conversion rules.  */
static gcc_jit_rvalue *
conversion(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  const pto_type *to = e->type, *from = e->a->type;
  if (to == from)
    return rvalue(fc, e->a);
  if ((to->kind == PTO_TY_PTR) != (from->kind == PTO_TY_PTR)) {
    fail(j, e->loc, "casts between pointers and integers");
    return bad_rvalue(j);
  }
  gcc_jit_type *t = jtype(j, to, e->loc);
  gcc_jit_rvalue *v = rvalue(fc, e->a);
  if (is_f16(to))
    return f16_round(j, v);
  if (to->kind == PTO_TY_SCALAR && to->dtype == PTO_DT_BOOL)
    return gcc_jit_context_new_comparison(
        j->ctxt, NULL, GCC_JIT_COMPARISON_NE, v,
        gcc_jit_context_zero(j->ctxt, gcc_jit_rvalue_get_type(v)));
  return cast(j, v, t);
}

/* The C library function of math op E (sqrtf ... ceilf for f32, sqrt
   ... ceil for f64) applied to A: GCC's built-in of that name, which
   libgccjit expands or calls from libm as GCC does for reference mode's
   code at the same -O level, so the two agree bit for bit.  */
static gcc_jit_rvalue *
libm_call(jit *j, const pto_expr *e, gcc_jit_rvalue *a)
{
  char name[32];
  snprintf(name, sizeof name, "__builtin_%s%s", pto_unop_name(e->u.unop),
           e->type->dtype == PTO_DT_F32 ? "f" : "");
  gcc_jit_function *fn = gcc_jit_context_get_builtin_function(j->ctxt, name);
  if (!fn) {
    fail(j, e->loc, "this library function");
    return bad_rvalue(j);
  }
  return gcc_jit_context_new_call(j->ctxt, NULL, fn, 1, &a);
}

static gcc_jit_rvalue *
unary(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  switch (e->u.unop) {
  case PTO_UN_CAST:
    return conversion(fc, e);
  case PTO_UN_ADDR:
    return gcc_jit_lvalue_get_address(lvalue(fc, e->a), NULL);
  case PTO_UN_DEREF:
    if (is_aggregate(e->type))
      return gcc_jit_lvalue_as_rvalue(lvalue(fc, e));
    if (is_f16(e->type))
      return call1(j, RT_F16_LOAD, gcc_jit_lvalue_as_rvalue(lvalue(fc, e)));
    return gcc_jit_lvalue_as_rvalue(
        gcc_jit_rvalue_dereference(rvalue(fc, e->a), NULL));
  default:
    break;
  }
  gcc_jit_type *t = jtype(j, e->type, e->loc);
  gcc_jit_rvalue *a = rvalue(fc, e->a);
  if (pto_unop_is_math(e->u.unop))
    return libm_call(j, e, a);
  enum gcc_jit_unary_op op = e->u.unop == PTO_UN_NEG  ? GCC_JIT_UNARY_OP_MINUS
                             : e->u.unop == PTO_UN_NOT ? GCC_JIT_UNARY_OP_LOGICAL_NEGATE
                             : e->u.unop == PTO_UN_BNOT
                                 ? GCC_JIT_UNARY_OP_BITWISE_NEGATE
                                 : GCC_JIT_UNARY_OP_ABS;
  return gcc_jit_context_new_unary_op(j->ctxt, NULL, op, t, a);
}

/* C ? A : B, evaluating only the chosen arm.  */
static gcc_jit_rvalue *
select_expr(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  gcc_jit_type *t = jtype(j, e->type, e->loc);
  gcc_jit_lvalue *tmp = new_temp(fc, t);
  gcc_jit_rvalue *c = rvalue(fc, e->a);
  gcc_jit_block *bt = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *bf = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *join = gcc_jit_function_new_block(fc->fn, NULL);
  ensure_block(fc);
  gcc_jit_block_end_with_conditional(fc->cur, NULL, c, bt, bf);
  fc->cur = bt;
  assign(fc, tmp, rvalue(fc, e->b));
  gcc_jit_block_end_with_jump(fc->cur, NULL, join);
  fc->cur = bf;
  assign(fc, tmp, rvalue(fc, e->c));
  gcc_jit_block_end_with_jump(fc->cur, NULL, join);
  fc->cur = join;
  return gcc_jit_lvalue_as_rvalue(tmp);
}

static gcc_jit_rvalue *
tuple_expr(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  aggr_type *a = aggr(j, e->type, e->loc);
  gcc_jit_rvalue *vals[32];
  if (e->nargs > 32) {
    fail(j, e->loc, "tuples of more than 32 values");
    return bad_rvalue(j);
  }
  for (int i = 0; i < e->nargs; i++)
    vals[i] = rvalue(fc, e->args[i]);
  return gcc_jit_context_new_struct_constructor(
      j->ctxt, NULL, gcc_jit_struct_as_type(a->st), (size_t)e->nargs,
      a->fields, vals);
}

static gcc_jit_rvalue *
call_value(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  if (!e->is_op) {
    fail(j, e->loc, "calls to functions that were not inlined");
    return bad_rvalue(j);
  }
  switch (e->op) {
  case PTO_OP_BLOCK_IDX:
    return fc->bidx ? fc->bidx : gcc_jit_context_zero(j->ctxt, j->t_int);
  case PTO_OP_BLOCK_NUM:
    return fc->bnum ? fc->bnum : gcc_jit_context_one(j->ctxt, j->t_int);
  case PTO_OP_UNROLL_FACTOR:
    /* Resolved by UnrollLoops where a loop was unrolled; 1 elsewhere,
       as in reference mode.  */
    return gcc_jit_context_one(j->ctxt, j->t_int);
  default:
    /* A void op used as a value: only its effect counts.  */
    emit_call_stmt(fc, e);
    return bad_rvalue(j);
  }
}

static gcc_jit_rvalue *
rvalue(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  switch (e->kind) {
  case PTO_E_INT:
  case PTO_E_FLOAT:
    return const_expr(fc, e);
  case PTO_E_VAR:
  case PTO_E_INDEX:
  case PTO_E_GETITEM:
    if (e->kind == PTO_E_GETITEM && !is_aggregate(e->a->type))
      break;
    if (e->kind == PTO_E_GETITEM && e->a->kind == PTO_E_TUPLE)
      return rvalue(fc, e->a->args[e->u.index]);
    if (e->kind == PTO_E_GETITEM && e->a->kind != PTO_E_VAR
        && e->a->kind != PTO_E_INDEX && e->a->kind != PTO_E_UN) {
      gcc_jit_rvalue *agg = rvalue(fc, e->a);
      return gcc_jit_rvalue_access_field(
          agg, NULL, aggr(j, e->a->type, e->loc)->fields[e->u.index]);
    }
    if (is_f16(e->type) && is_memory(e))
      return call1(j, RT_F16_LOAD, gcc_jit_lvalue_as_rvalue(lvalue(fc, e)));
    return gcc_jit_lvalue_as_rvalue(lvalue(fc, e));
  case PTO_E_BIN:
    return binary(fc, e);
  case PTO_E_UN:
    return unary(fc, e);
  case PTO_E_SELECT:
    return select_expr(fc, e);
  case PTO_E_CALL:
    return call_value(fc, e);
  case PTO_E_TUPLE:
    return tuple_expr(fc, e);
  case PTO_E_FUNCREF:
    break;
  }
  fail(j, e->loc, "this expression");
  return bad_rvalue(j);
}

static gcc_jit_lvalue *
var_lvalue(fn_ctx *fc, const pto_var *v)
{
  gcc_jit_lvalue *lv = fc->j->vars[v->id];
  if (!lv) {
    /* A use before the declaration was emitted: cannot happen in a
       verified program.  */
    pto_ice("jit: variable '%s' used before its declaration", v->name);
  }
  return lv;
}

static gcc_jit_lvalue *
lvalue(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  switch (e->kind) {
  case PTO_E_VAR:
    return var_lvalue(fc, e->u.var);
  case PTO_E_UN:
    if (e->u.unop == PTO_UN_DEREF)
      return gcc_jit_rvalue_dereference(rvalue(fc, e->a), NULL);
    break;
  case PTO_E_GETITEM:
    return gcc_jit_lvalue_access_field(lvalue(fc, e->a), NULL,
                                       aggr(j, e->a->type, e->loc)
                                           ->fields[e->u.index]);
  case PTO_E_INDEX:
    if (e->a->type->kind == PTO_TY_PTR && e->nargs == 1)
      return gcc_jit_context_new_array_access(j->ctxt, NULL, rvalue(fc, e->a),
                                              rvalue(fc, e->args[0]));
    if (e->a->type->kind == PTO_TY_TILE && e->nargs == 2) {
      if (e->a->type->dtype == PTO_DT_BF16)
        fail(j, e->loc, "element access to bf16 tiles");
      gcc_jit_lvalue *t = lvalue(fc, e->a);
      gcc_jit_lvalue *v = gcc_jit_lvalue_access_field(
          t, NULL, aggr(j, e->a->type, e->loc)->fields[0]);
      gcc_jit_lvalue *row = gcc_jit_context_new_array_access(
          j->ctxt, NULL, gcc_jit_lvalue_as_rvalue(v), rvalue(fc, e->args[0]));
      return gcc_jit_context_new_array_access(
          j->ctxt, NULL, gcc_jit_lvalue_as_rvalue(row), rvalue(fc, e->args[1]));
    }
    break;
  default:
    break;
  }
  fail(j, e->loc, "this assignment target");
  return new_temp(fc, j->t_int);
}

/* ------------------------------------------------------------------ */
/* Tile operations: THE seam of the simulation build                  */
/* ------------------------------------------------------------------ */

/* The address of tile operand E as void *.  */
static gcc_jit_rvalue *
tile_addr(fn_ctx *fc, const pto_expr *e)
{
  return cast(fc->j, gcc_jit_lvalue_get_address(lvalue(fc, e), NULL),
              fc->j->t_voidp);
}

static gcc_jit_rvalue *
tile_caddr(fn_ctx *fc, const pto_expr *e)
{
  return cast(fc->j, gcc_jit_lvalue_get_address(lvalue(fc, e), NULL),
              fc->j->t_cvoidp);
}

/* The scalar operand of a tile op as a double holding the value before
   its conversion to the element type (libpto-rt converts it once, as
   pto.h does).  For fp16 tiles the IR converts with a cast to f16; the
   cast's operand is passed instead.  */
static gcc_jit_rvalue *
tile_scalar(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  if (is_f16(e->type)) {
    if (e->kind == PTO_E_FLOAT)
      return gcc_jit_context_new_rvalue_from_double(j->ctxt, j->t_double,
                                                    e->u.fval);
    if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST && !is_f16(e->a->type))
      return tile_scalar(fc, e->a);
    /* An fp16 variable or fp16 arithmetic (excess precision, rounded
       once by the runtime, as C converts the argument).  */
    return cast(j, rvalue(fc, e), j->t_double);
  }
  gcc_jit_rvalue *v = rvalue(fc, e);
  if (e->type->kind == PTO_TY_SCALAR && e->type->dtype == PTO_DT_BOOL)
    v = cast(j, v, j->t_int);
  return cast(j, v, j->t_double);
}

static gcc_jit_rvalue *
ll_arg(fn_ctx *fc, const pto_expr *e)
{
  return cast(fc->j, rvalue(fc, e), fc->j->t_ll);
}

static void
call_rt(fn_ctx *fc, enum rt_entry entry, int n, gcc_jit_rvalue **args)
{
  ensure_block(fc);
  gcc_jit_block_add_eval(
      fc->cur, NULL,
      gcc_jit_context_new_call(fc->j->ctxt, NULL, rt_fn(fc->j, entry), n,
                               args));
}

/* The libpto-rt op code of OP: its row's RTCODE in pto-ops.def (a SCALAR
   row's own PTO_RT_S_<ENUM>; -1 for the ops with an entry of their
   own).  */
static int
rt_op_code(pto_op op)
{
  switch (op) {
#define PTO_OP(e, nm, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_RT_UNLESS(fam, OTHER,                                              \
                PTO_RT_UNLESS(fam, SCALAR,                               \
                              case PTO_OP_##e: return PTO_RT_##code;))   \
  PTO_RT_IF(fam, SCALAR, case PTO_OP_##e: return PTO_RT_S_##e;)
#include "runtime/pto-ops.def"
  default: return -1;
  }
}

/* Emit tile op E (an intrinsic call with a tile operand) with pto.h's
   reference semantics: inline loops where jit-tile.c has them, else one
   call to libpto-rt.  */
static void
emit_tile_op(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  pto_expr *const *a = e->args;
  gcc_jit_rvalue *v[10];
  int n = 0;
#define I(x) int_const(j, j->t_int, (long)(x))
#define L(x) int_const(j, j->t_ll, (long)(x))
  const pto_type *t0 = a[0]->type;
  if (pto_jit_tile_inline(fc, e))
    return;
  switch (e->op) {
  case PTO_OP_LOAD:
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = cast(j, rvalue(fc, a[1]), j->t_cvoidp);
    v[n++] = ll_arg(fc, a[2]);
    v[n++] = I(t0->rows);
    v[n++] = I(t0->cols);
    call_rt(fc, RT_LOAD, n, v);
    return;
  case PTO_OP_STORE: {
    const pto_type *t = a[2]->type;
    v[n++] = I(rt_dtype(j, t->dtype, e->loc));
    v[n++] = cast(j, rvalue(fc, a[0]), j->t_voidp);
    v[n++] = ll_arg(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = I(t->rows);
    v[n++] = I(t->cols);
    call_rt(fc, RT_STORE, n, v);
    return;
  }
  case PTO_OP_LOAD_VALID:
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = cast(j, rvalue(fc, a[1]), j->t_cvoidp);
    v[n++] = ll_arg(fc, a[2]);
    v[n++] = ll_arg(fc, a[3]);
    v[n++] = ll_arg(fc, a[4]);
    v[n++] = tile_scalar(fc, a[5]);
    v[n++] = I(t0->rows);
    v[n++] = I(t0->cols);
    call_rt(fc, RT_LOAD_VALID, n, v);
    return;
  case PTO_OP_STORE_VALID: {
    const pto_type *t = a[2]->type;
    v[n++] = I(rt_dtype(j, t->dtype, e->loc));
    v[n++] = cast(j, rvalue(fc, a[0]), j->t_voidp);
    v[n++] = ll_arg(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = ll_arg(fc, a[3]);
    v[n++] = ll_arg(fc, a[4]);
    v[n++] = I(t->rows);
    v[n++] = I(t->cols);
    call_rt(fc, RT_STORE_VALID, n, v);
    return;
  }
#define PTO_OP(e, nm, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_RT_IF(fam, BINARY, case PTO_OP_##e:)
#include "runtime/pto-ops.def"
  {
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_BINARY, n, v);
    return;
  }
#define PTO_OP(e, nm, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_RT_IF(fam, SCALAR, case PTO_OP_##e:)
#include "runtime/pto-ops.def"
  {
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_scalar(fc, a[2]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_SCALAR, n, v);
    return;
  }
#define PTO_OP(e, nm, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_RT_IF(fam, UNARY, case PTO_OP_##e:)
#include "runtime/pto-ops.def"
  {
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_UNARY, n, v);
    return;
  }
#define PTO_OP(e, nm, sig, res, rule, dt, eff, pipe, bd, fam, code, cce, cyc) \
  PTO_RT_IF(fam, CMP, case PTO_OP_##e:)                                    \
  PTO_RT_IF(fam, CMPS, case PTO_OP_##e:)
#include "runtime/pto-ops.def"
  {
    /* m = a OP b or a OP s; the dtype is a's (m is int32).  */
    bool scalar = pto_op_info(e->op)->sig[2] == 's';
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, a[1]->type->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = scalar ? tile_scalar(fc, a[2]) : tile_caddr(fc, a[2]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, scalar ? RT_CMPS : RT_CMP, n, v);
    return;
  }
  case PTO_OP_CAST_ROUND:
    /* d (int32) = a (f32 or f16) rounded by the constant mode.  */
    v[n++] = I(rt_dtype(j, a[1]->type->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = cast(j, rvalue(fc, a[2]), j->t_int);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_CAST_ROUND, n, v);
    return;
  case PTO_OP_DEQUANT:
    /* h (fp16) = c (int32) dequantized: the form ExpandTileOps keeps
       for a pto.matmul accumulator.  */
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_scalar(fc, a[2]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_DEQUANT, n, v);
    return;
  case PTO_OP_COL_DEQUANT:
    /* The form ExpandTileOps keeps for a pto.matmul accumulator.  */
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = I(a[2]->type->dtype == PTO_DT_U64);
    v[n++] = I(t0->rows);
    v[n++] = I(t0->cols);
    call_rt(fc, RT_COL_DEQUANT, n, v);
    return;
  case PTO_OP_DEQ_SCALE:
    /* The scales are floats or (a uint64_t tile) deq words.  */
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = I(a[1]->type->dtype == PTO_DT_U64);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_DEQ_SCALE, n, v);
    return;
  case PTO_OP_TRANSPOSE:
    /* d (C x R) = a (R x C) transposed.  */
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = I(a[1]->type->rows);
    v[n++] = I(a[1]->type->cols);
    call_rt(fc, RT_TRANSPOSE, n, v);
    return;
  case PTO_OP_SELECT:
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = tile_caddr(fc, a[3]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_SELECT, n, v);
    return;
  case PTO_OP_FILL:
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_scalar(fc, a[1]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_FILL, n, v);
    return;
  case PTO_OP_CAST:
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = I(rt_dtype(j, a[1]->type->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = L((long)t0->rows * t0->cols);
    call_rt(fc, RT_CAST, n, v);
    return;
  case PTO_OP_ROW_SUM: case PTO_OP_ROW_MAX:
  case PTO_OP_COL_SUM: case PTO_OP_COL_MAX:
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = I(a[1]->type->rows);
    v[n++] = I(a[1]->type->cols);
    call_rt(fc, RT_ROWRED, n, v);
    return;
  case PTO_OP_ROW_EXPAND: case PTO_OP_ROW_EXPAND_ADD:
  case PTO_OP_ROW_EXPAND_SUB: case PTO_OP_ROW_EXPAND_MUL:
  case PTO_OP_ROW_EXPAND_DIV:
  case PTO_OP_COL_EXPAND_ADD: case PTO_OP_COL_EXPAND_SUB:
  case PTO_OP_COL_EXPAND_MUL: case PTO_OP_COL_EXPAND_DIV:
  case PTO_OP_COL_EXPAND_MAX: case PTO_OP_COL_EXPAND_MIN: {
    /* d[i][j] = r[i][0] or a[i][j] OP r[i][0] (col_expand_<op>: OP
       r[0][j]); r is the last operand, the run-time entry's op code
       tells the two apart.  */
    bool has_src = e->op != PTO_OP_ROW_EXPAND;
    v[n++] = I(rt_op_code(e->op));
    v[n++] = I(rt_dtype(j, t0->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[has_src ? 1 : 0]);
    v[n++] = tile_caddr(fc, a[has_src ? 2 : 1]);
    v[n++] = I(t0->rows);
    v[n++] = I(t0->cols);
    call_rt(fc, RT_ROWBCAST, n, v);
    return;
  }
  case PTO_OP_MATMUL:
    v[n++] = I(rt_dtype(j, a[1]->type->dtype, e->loc));
    v[n++] = tile_addr(fc, a[0]);
    v[n++] = tile_caddr(fc, a[1]);
    v[n++] = tile_caddr(fc, a[2]);
    v[n++] = I(a[1]->type->rows);
    v[n++] = I(a[1]->type->cols);
    v[n++] = I(a[2]->type->cols);
    call_rt(fc, RT_MATMUL, n, v);
    return;
  default:
    break;
  }
#undef I
#undef L
  fail(j, e->loc, "this intrinsic");
}

/* ------------------------------------------------------------------ */
/* Launches (host code)                                               */
/* ------------------------------------------------------------------ */

/* pto.launch(@k, blocks, args...): the arguments go into locals of the
   kernel's parameter types (the front end converted them already), then
     __pto_rt_set_blocks (blocks); __pto_launch ("k", nargs, &t0, ...);  */
static void
emit_launch(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  if (fc->bidx) {
    fail(j, e->loc, "pto_launch inside a kernel");
    return;
  }
  int nargs = e->nargs - 2;
  gcc_jit_rvalue **v = pto_xcalloc((size_t)nargs + 2, sizeof *v);
  gcc_jit_rvalue *blocks = ll_arg(fc, e->args[1]);
  blocks = in_temp(fc, blocks);
  for (int i = 0; i < nargs; i++) {
    const pto_expr *a = e->args[i + 2];
    /* The kernel reads the slot as its parameter's C type: fp16 as its
       16-bit encoding.  */
    gcc_jit_rvalue *val = value_for(j, rvalue(fc, a), a->type, true, a->loc);
    gcc_jit_lvalue *tmp = new_temp(fc, gcc_jit_rvalue_get_type(val));
    assign(fc, tmp, val);
    v[i + 2] = cast(j, gcc_jit_lvalue_get_address(tmp, NULL), j->t_voidp);
  }
  call_rt(fc, RT_SET_BLOCKS, 1, &blocks);
  v[0] = cast(j, gcc_jit_context_new_string_literal(j->ctxt, e->args[0]->fname),
              j->t_cvoidp);
  v[1] = int_const(j, j->t_int, nargs);
  call_rt(fc, RT_LAUNCH, nargs + 2, v);
  free(v);
}

/* An intrinsic or function call in statement position.  */
static void
emit_call_stmt(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  if (!e->is_op) {
    fail(j, e->loc, "calls to functions that were not inlined");
    return;
  }
  switch (e->op) {
  case PTO_OP_LAUNCH:
    emit_launch(fc, e);
    return;
  case PTO_OP_BLOCK_IDX:
  case PTO_OP_BLOCK_NUM:
  case PTO_OP_UNROLL_FACTOR:
    return; /* pure */
  default:
    emit_tile_op(fc, e);
    return;
  }
}

/* ------------------------------------------------------------------ */
/* Statements                                                         */
/* ------------------------------------------------------------------ */

static gcc_jit_lvalue *
declare(fn_ctx *fc, const pto_var *v)
{
  char name[160];
  /* IR names are unique within a function; the id keeps them unique
     even after renaming passes and valid as C identifiers.  */
  snprintf(name, sizeof name, "%.120s_%u", v->name, v->id);
  for (char *s = name; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')
          || (*s >= '0' && *s <= '9') || *s == '_'))
      *s = '_';
  gcc_jit_lvalue *lv = gcc_jit_function_new_local(
      fc->fn, NULL, jtype(fc->j, v->type, v->loc), name);
  fc->j->vars[v->id] = lv;
  return lv;
}

/* Close the function's last block: fall off the end.  */
static void
finish_function(fn_ctx *fc)
{
  if (!fc->cur)
    return;
  if (fc->f->ret->kind == PTO_TY_VOID) {
    gcc_jit_block_end_with_void_return(fc->cur, NULL);
    return;
  }
  /* Falling off a value-returning function: C leaves the value
     undefined; return an uninitialised local.  */
  gcc_jit_lvalue *t = new_temp(fc, jtype(fc->j, fc->f->ret, fc->f->loc));
  gcc_jit_block_end_with_return(fc->cur, NULL, gcc_jit_lvalue_as_rvalue(t));
}

/* ------------------------------------------------------------------ */
/* Functions                                                          */
/* ------------------------------------------------------------------ */

/* The symbol of host function NAME: its C name, the plugin's hidden
   symbol for a static function, or NULL when it is not emitted.  */
static const char *
host_symbol(const pto_jit_target *t, const char *name)
{
  for (int i = 0; i < t->nrenamed; i++)
    if (strcmp(t->renamed_from[i], name) == 0)
      return t->renamed_to[i];
  return name;
}

/* Declare the JIT function for F (host: its C symbol; kernel: the
   simulation entry).  */
static gcc_jit_function *
declare_function(jit *j, const pto_func *f)
{
  gcc_jit_param **params = pto_xcalloc((size_t)f->nparams + 3, sizeof *params);
  gcc_jit_function *fn;
  if (f->kind == PTO_FN_KERNEL) {
    gcc_jit_type *argv = gcc_jit_type_get_pointer(gcc_jit_type_get_const(j->t_voidp));
    params[0] = gcc_jit_context_new_param(j->ctxt, NULL, argv, "args");
    params[1] = gcc_jit_context_new_param(j->ctxt, NULL, j->t_int, "block_idx");
    params[2] = gcc_jit_context_new_param(j->ctxt, NULL, j->t_int, "block_num");
    char *name = pto_arena_printf(j->prog->arena, "__pto_sim_%s", f->name);
    fn = gcc_jit_context_new_function(j->ctxt, NULL, GCC_JIT_FUNCTION_INTERNAL,
                                      j->t_void, name, 3, params, 0);
  } else {
    if (is_f16(f->ret))
      fail(j, f->loc, "fp16 results of PTO_HOST functions");
    for (int i = 0; i < f->nparams; i++) {
      const pto_var *v = f->params[i];
      char pname[160];
      if (is_f16(v->type))
        fail(j, v->loc, "fp16 parameters of PTO_HOST functions");
      snprintf(pname, sizeof pname, "%.120s_%u", v->name, v->id);
      params[i] = gcc_jit_context_new_param(
          j->ctxt, NULL, jtype(j, v->type, v->loc), pname);
      j->vars[v->id] = gcc_jit_param_as_lvalue(params[i]);
    }
    fn = gcc_jit_context_new_function(
        j->ctxt, NULL, GCC_JIT_FUNCTION_EXPORTED, jtype(j, f->ret, f->loc),
        host_symbol(j->target, f->name), f->nparams, params, 0);
  }
  free(params);
  return fn;
}

/* The body of F: for a kernel, first copy each parameter from its
   argument slot, *(T *)args[i].  */
static void
define_function(jit *j, int fi)
{
  const pto_func *f = j->prog->funcs[fi];
  fn_ctx fc;
  memset(&fc, 0, sizeof fc);
  fc.j = j;
  fc.f = f;
  fc.fn = j->funcs[fi];
  fc.cur = gcc_jit_function_new_block(fc.fn, "entry");
  if (f->kind == PTO_FN_KERNEL) {
    gcc_jit_rvalue *args = gcc_jit_param_as_rvalue(gcc_jit_function_get_param(fc.fn, 0));
    fc.bidx = gcc_jit_param_as_rvalue(gcc_jit_function_get_param(fc.fn, 1));
    fc.bnum = gcc_jit_param_as_rvalue(gcc_jit_function_get_param(fc.fn, 2));
    for (int i = 0; i < f->nparams; i++) {
      const pto_var *v = f->params[i];
      gcc_jit_lvalue *lv = declare(&fc, v);
      gcc_jit_type *t = is_f16(v->type) ? j->t_u16 : jtype(j, v->type, v->loc);
      gcc_jit_rvalue *slot = gcc_jit_lvalue_as_rvalue(
          gcc_jit_context_new_array_access(j->ctxt, NULL, args,
                                           int_const(j, j->t_int, i)));
      gcc_jit_rvalue *p = gcc_jit_context_new_cast(j->ctxt, NULL, slot,
                                                   gcc_jit_type_get_pointer(t));
      gcc_jit_rvalue *val =
          gcc_jit_lvalue_as_rvalue(gcc_jit_rvalue_dereference(p, NULL));
      if (is_f16(v->type))
        val = call1(j, RT_F16_LOAD, val);
      assign(&fc, lv, val);
    }
  }
  pto_jit_linear_body(&fc);
  finish_function(&fc);
}

/* ------------------------------------------------------------------ */
/* For backend/jit/jit-linear.c (backend/jit/jit-internal.h)                        */
/* ------------------------------------------------------------------ */

gcc_jit_rvalue *
pto_jit_rvalue(fn_ctx *fc, const pto_expr *e)
{
  return rvalue(fc, e);
}

gcc_jit_lvalue *
pto_jit_lvalue(fn_ctx *fc, const pto_expr *e)
{
  return lvalue(fc, e);
}

void
pto_jit_call_stmt(fn_ctx *fc, const pto_expr *e)
{
  emit_call_stmt(fc, e);
}

gcc_jit_rvalue *
pto_jit_value_for(jit *j, gcc_jit_rvalue *r, const pto_type *t, bool memory,
                  pto_loc loc)
{
  return value_for(j, r, t, memory, loc);
}

gcc_jit_rvalue *
pto_jit_cast(jit *j, gcc_jit_rvalue *v, gcc_jit_type *t)
{
  return cast(j, v, t);
}

gcc_jit_type *
pto_jit_type(jit *j, const pto_type *t, pto_loc loc)
{
  return jtype(j, t, loc);
}

gcc_jit_lvalue *
pto_jit_new_temp(fn_ctx *fc, gcc_jit_type *t)
{
  return new_temp(fc, t);
}

gcc_jit_rvalue *
pto_jit_tile_scalar(fn_ctx *fc, const pto_expr *e)
{
  return tile_scalar(fc, e);
}

gcc_jit_function *
pto_jit_rt_check_row_stride(jit *j)
{
  return rt_fn(j, RT_CHECK_STRIDE);
}

gcc_jit_function *
pto_jit_rt_check_valid(jit *j)
{
  return rt_fn(j, RT_CHECK_VALID);
}

void
pto_jit_fail(jit *j, pto_loc loc, const char *what)
{
  fail(j, loc, what);
}

/* ------------------------------------------------------------------ */
/* Kernel table                                                       */
/* ------------------------------------------------------------------ */

/* One pto_rt_kernel record in section pto_kernels per kernel of the
   context (the functions J->funcs holds), and, when WITH_CTOR and there is
   a record, the constructor registering the module's section (one per
   unit: the section gathers the records of every context).  Records and
   the constructor's .init_array slot are exported globals (so that no
   optimisation level drops them) that finish_asm_text makes local.
   Returns the number of records.  */
static int
emit_kernel_table(jit *j, bool with_ctor)
{
  gcc_jit_field *f[4];
  f[0] = gcc_jit_context_new_field(j->ctxt, NULL, j->t_size, "magic");
  f[1] = gcc_jit_context_new_field(j->ctxt, NULL, j->t_cstr, "name");
  f[2] = gcc_jit_context_new_field(j->ctxt, NULL, j->t_voidp, "sim");
  f[3] = gcc_jit_context_new_field(j->ctxt, NULL, j->t_size, "nparams");
  gcc_jit_type *rec = gcc_jit_struct_as_type(
      gcc_jit_context_new_struct_type(j->ctxt, NULL, "pto_rt_kernel", 4, f));
  int nkernels = 0;
  for (int i = 0; i < j->prog->nfuncs; i++) {
    const pto_func *k = j->prog->funcs[i];
    if (k->dead || k->kind != PTO_FN_KERNEL || !j->funcs[i])
      continue;
    char *gname = pto_arena_printf(j->prog->arena, "__pto_krec_%s", k->name);
    gcc_jit_lvalue *g = gcc_jit_context_new_global(
        j->ctxt, NULL, GCC_JIT_GLOBAL_EXPORTED, rec, gname);
    gcc_jit_lvalue_set_link_section(g, "pto_kernels");
    gcc_jit_rvalue *vals[4];
    vals[0] = int_const(j, j->t_size, (long)PTO_RT_KERNEL_MAGIC);
    vals[1] = gcc_jit_context_new_string_literal(j->ctxt, k->name);
    vals[2] = gcc_jit_context_new_cast(
        j->ctxt, NULL, gcc_jit_function_get_address(j->funcs[i], NULL),
        j->t_voidp);
    vals[3] = int_const(j, j->t_size, k->nparams);
    gcc_jit_global_set_initializer_rvalue(
        g, gcc_jit_context_new_struct_constructor(j->ctxt, NULL, rec, 4, f,
                                                  vals));
    nkernels++;
  }
  if (!nkernels || !with_ctor)
    return nkernels;
  gcc_jit_function *ctor = gcc_jit_context_new_function(
      j->ctxt, NULL, GCC_JIT_FUNCTION_INTERNAL, j->t_void, "__pto_rt_ctor", 0,
      NULL, 0);
  gcc_jit_lvalue *start = gcc_jit_context_new_global(
      j->ctxt, NULL, GCC_JIT_GLOBAL_IMPORTED, j->t_char, "__start_pto_kernels");
  gcc_jit_lvalue *stop = gcc_jit_context_new_global(
      j->ctxt, NULL, GCC_JIT_GLOBAL_IMPORTED, j->t_char, "__stop_pto_kernels");
  gcc_jit_rvalue *bounds[2] = {
      cast(j, gcc_jit_lvalue_get_address(start, NULL), j->t_cvoidp),
      cast(j, gcc_jit_lvalue_get_address(stop, NULL), j->t_cvoidp)};
  gcc_jit_block *b = gcc_jit_function_new_block(ctor, NULL);
  gcc_jit_block_add_eval(b, NULL,
                         gcc_jit_context_new_call(j->ctxt, NULL,
                                                  rt_fn(j, RT_REGISTER), 2,
                                                  bounds));
  gcc_jit_block_end_with_void_return(b, NULL);
  gcc_jit_lvalue *slot = gcc_jit_context_new_global(
      j->ctxt, NULL, GCC_JIT_GLOBAL_EXPORTED, j->t_voidp, "__pto_rt_ctor_slot");
  gcc_jit_lvalue_set_link_section(slot, ".init_array");
  gcc_jit_global_set_initializer_rvalue(
      slot, gcc_jit_context_new_cast(
                j->ctxt, NULL, gcc_jit_function_get_address(ctor, NULL),
                j->t_voidp));
  return nkernels;
}

/* ------------------------------------------------------------------ */
/* Assembler text                                                     */
/* ------------------------------------------------------------------ */

/* How the JIT's assembler file is embedded (object/asm-text.h): the kernel
   records and the constructor slot become local, a static host
   function's unit-unique symbol hidden.  TAG renames the local labels
   (one per context, so that the contexts' texts can share the unit).  */
static char *
finish_asm_text(const char *text, const char *tag)
{
  static const char *const local[] = {"__pto_krec_", "__pto_rt_ctor_slot",
                                      NULL};
  static const char *const hidden[] = {"__pto_host_", NULL};
  const pto_asm_embed how = {
      tag, "pto: generated by pto-gcc's libgccjit back end", local, hidden};
  return pto_asm_for_embedding(text, &how);
}

/* Compile the context to assembler and return the text (malloc'd), or
   NULL after reporting the error.  */
static char *
compile_to_text(jit *j)
{
  const char *dir = getenv("TMPDIR");
  char path[4096];
  snprintf(path, sizeof path, "%s/pto-jit-XXXXXX",
           dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0) {
    pto_error(j->diag, pto_noloc, "pto: cannot create a temporary file in "
              "%s for the jit back end", dir && *dir ? dir : "/tmp");
    return NULL;
  }
  close(fd);
  gcc_jit_context_compile_to_file(j->ctxt, GCC_JIT_OUTPUT_KIND_ASSEMBLER, path);
  const char *err = gcc_jit_context_get_first_error(j->ctxt);
  char *text = err ? NULL : pto_asm_read_file(path);
  remove(path);
  if (err) {
    pto_error(j->diag, pto_noloc, "pto: libgccjit: %s", err);
    return NULL;
  }
  if (!text)
    pto_error(j->diag, pto_noloc, "pto: cannot read the jit back end's "
              "output %s", path);
  return text;
}

static void
configure_context(jit *j)
{
  gcc_jit_context *c = j->ctxt;
  const pto_jit_target *t = j->target;
  gcc_jit_context_set_int_option(c, GCC_JIT_INT_OPTION_OPTIMIZATION_LEVEL,
                                 t->opt_level);
  gcc_jit_context_set_bool_option(c, GCC_JIT_BOOL_OPTION_DEBUGINFO, 0);
  gcc_jit_context_set_bool_print_errors_to_stderr(c, 0);
  gcc_jit_context_set_bool_allow_unreachable_blocks(c, 1);
  for (int i = 0; i < t->nflags; i++)
    gcc_jit_context_add_command_line_option(c, t->flags[i]);
  /* The contexts of a unit share libgccjit's garbage collector, which by
     default waits for a heap of 128 MB before its first collection; the
     garbage of the finished contexts (JIT_BATCH) is then what fills it.
     16 MB keeps the peak memory of a many-kernel unit low and costs a
     few collections of a small live set; it never changes the code.  */
  gcc_jit_context_add_command_line_option(c, "--param=ggc-min-heapsize=16384");
  /* libgccjit reports a warning of its compile as an error of the
     context, and warnings about generated code say nothing the user can
     act on (cc1 has already warned about the source): a huge constant
     row stride made -Waggressive-loop-optimizations fail the build.  */
  gcc_jit_context_add_command_line_option(c, "-w");
}

/* Does the JIT compile F?  Host functions always, kernels unless their
   simulation comes from the CCE (sim=cce).  */
static bool
compiled_here(const pto_jit_target *target, const pto_func *f)
{
  if (f->dead)
    return false;
  return f->kind == PTO_FN_HOST
         || (f->kind == PTO_FN_KERNEL && !target->kernels_from_cce);
}

/* At most this many functions go to one libgccjit context.  A context
   is compiled as one GCC unit, which keeps every body until its end, so
   the memory of the (in-process) compile grows with the context: batches
   keep it flat in the number of functions of the program (10,000
   kernels: bench/many-kernels.sh), at the price of one context start-up
   (a few milliseconds) per batch.  */
enum { JIT_BATCH = 128 };

/* Compile the functions FIRST..LAST-1 of J->prog that the JIT compiles
   (with the unit's constructor when WITH_CTOR) in a fresh context whose
   local labels get tag TAG; append the text to OUT.  Sets *NKERNELS to
   the number of kernel records.  Returns 0, or 1 after reporting an
   error.  */
static int
compile_batch(jit *j, int first, int last, bool with_ctor, const char *tag,
              int *nkernels, pto_buf *out)
{
  const pto_program *p = j->prog;
  j->ctxt = gcc_jit_context_acquire();
  if (!j->ctxt) {
    pto_error(j->diag, pto_noloc, "pto: cannot create a libgccjit context");
    return 1;
  }
  configure_context(j);
  init_types(j);
  j->naggrs = 0;
  memset(j->rt, 0, sizeof j->rt);
  memset(j->vars, 0, j->nvars * sizeof *j->vars);
  memset(j->funcs, 0, ((size_t)p->nfuncs + 1) * sizeof *j->funcs);
  for (int i = first; i < last; i++) {
    const pto_func *f = p->funcs[i];
    if (!compiled_here(j->target, f))
      continue;
    if (f->kind == PTO_FN_HOST && !host_symbol(j->target, f->name))
      continue;
    j->funcs[i] = declare_function(j, f);
  }
  for (int i = first; i < last && !j->errors; i++)
    if (j->funcs[i])
      define_function(j, i);
  *nkernels = 0;
  if (!j->errors && !j->target->kernels_from_cce)
    *nkernels = emit_kernel_table(j, with_ctor);

  char *raw = j->errors ? NULL : compile_to_text(j);
  if (raw) {
    char *text = finish_asm_text(raw, tag);
    pto_buf_puts(out, text);
    free(text);
    free(raw);
  }
  gcc_jit_context_release(j->ctxt);
  j->ctxt = NULL;
  for (int i = 0; i < j->naggrs; i++)
    free(j->aggrs[i].fields);
  return raw ? 0 : 1;
}

int
pto_jit_compile(const pto_program *p, const pto_jit_target *target,
                pto_diag *diag, char **asm_text)
{
  *asm_text = NULL;
  int nfuncs = 0;
  for (int i = 0; i < p->nfuncs; i++)
    if (compiled_here(target, p->funcs[i]))
      nfuncs++;
  if (!nfuncs)
    return 0;

  jit j;
  memset(&j, 0, sizeof j);
  j.prog = p;
  j.target = target;
  j.diag = diag;
  j.vars = pto_xcalloc(p->next_var_id + 1, sizeof *j.vars);
  j.nvars = p->next_var_id + 1;
  j.funcs = pto_xcalloc((size_t)p->nfuncs + 1, sizeof *j.funcs);

  /* Batches of JIT_BATCH compiled functions, in program order; the first
     context's labels keep the tag "pto" (a unit of one batch gives the
     text it always gave), the others "ptoN_".  */
  pto_buf out = {NULL, 0, 0};
  int status = 0, batch = 0, first = 0, have_ctor = 0;
  while (first < p->nfuncs && !status) {
    int last = first, n = 0;
    while (last < p->nfuncs && n < JIT_BATCH)
      n += compiled_here(target, p->funcs[last++]);
    char tag[32];
    if (batch == 0)
      snprintf(tag, sizeof tag, "pto");
    else
      snprintf(tag, sizeof tag, "pto%d_", batch);
    int nkernels = 0;
    status = compile_batch(&j, first, last, !have_ctor, tag, &nkernels, &out);
    have_ctor |= nkernels > 0;
    first = last;
    batch++;
  }
  if (status == 0)
    *asm_text = out.s;
  else
    pto_buf_free(&out);
  free(j.aggrs);
  free(j.vars);
  free(j.funcs);
  return status;
}
