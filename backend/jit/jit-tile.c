/* jit-tile.c - tile operations of the libgccjit back end as inline loops
   with constant bounds.

   Contract (backend/jit/jit-internal.h): pto_jit_tile_inline(FC, E) emits
   tile op E (an intrinsic call in statement position) as straight-line
   libgccjit loops at FC->cur and returns true, or emits nothing and
   returns false; jit.c's emit_tile_op then makes its one libpto-rt call.
   Tile shapes are static, so every loop bound here is a constant, and
   GCC unrolls and vectorises these loops as it does pto.h's reference
   loops built with plain gcc at the same -O level (the JIT context has
   the host's -O level and -m options, nothing else: no -march=native, so
   the code runs on any processor the host build runs on).

   Semantics: exactly pto.h's reference loops (include/pto.h), so that the
   tiles are bit-identical to a reference-mode build:
   * element order: one flat loop over R*C elements for the element-wise
     ops (element i is read before it is written, so D may be A or B), a
     row loop with an inner column loop for the row ops;
   * float: IEEE binary32 operations in the element type, with no excess
     precision (x86-64 SSE), max/min/relu as pto.h's "x > y ? x : y",
     abs and sqrt through __builtin_fabsf / __builtin_sqrtf (which keep
     sqrtf's errno behaviour, as the reference does), rsqrt as
     1.0f / sqrtf(x), recip as 1.0f / x;
   * int32: add, sub, mul, neg and abs computed in unsigned int and
     converted back (wrapping modulo 2^32, pto.h's pto__wrap);
   * a tile-scalar op converts its scalar to the element type once,
     before the loop, as libpto-rt does (double, then the element type);
   * row_sum accumulates each row left to right from 0, row_max starts
     from column 0 and takes a later element only when it is greater,
     row_expand and row_expand_<op> read r[i][0] before writing row i;
   * pto_load / pto_store: one memcpy of C elements per row (any dtype:
     it is a byte copy), after the row-stride check, which for a tile of
     more than one row calls libpto-rt's __pto_rt_check_row_stride when
     the stride is below the column count, so a bad stride stops the
     program with pto.h's message, as before;
   * pto_store_valid (any dtype): one memcpy of VC elements for each of
     the first VR rows; pto_load_valid (f32, i32): the valid part of each
     row copied element by element, the rest set to the pad.  Both test
     pto.h's bounds first and call libpto-rt's __pto_rt_check_valid when
     they fail, which stops with pto.h's message.
   Compile time: each inlined op is a loop nest that GCC optimises and
   vectorises, so a function inlines at most PTO_JIT_INLINE_BUDGET tile
   ops (in program order, so the choice is deterministic); later ones
   are libpto-rt calls, which compute the same bits.  pto_unroll(256) of
   a five-op body took over a minute of libgccjit time without the bound.
   * pto_cast between f32 and bf16: pto-bf16.h's integer rounding (to
     nearest even, a NaN kept quiet) and exact widening, on the bits
     through a union (libgccjit 11 has no bitcast);
   * pto_matmul of f32, bf16 and int8_t operands: pto.h's loops, each
     c[i][j] summing its products in k order (int32 wrapping);
   * col_expand_<op>: row by row, as pto.h.
   What stays in libpto-rt (returns false): fp16 arithmetic, fp16
   matmul and the fp16 pad of load_valid (their rounding lives in
   pto.h's conversions), int32 division (its division-by-zero stop), exp
   and log (libm), the other casts, a matmul whose accumulator may be an
   operand (pto.h stops the program), the column reductions.  */

#define _POSIX_C_SOURCE 200809L /* ssize_t in libgccjit.h */

#include "backend/jit/jit-internal.h"

#include <stdio.h>

/* The most tile ops one function inlines (the examples' kernels have at
   most 35 tile ops after unrolling, saxpy's).  */
#define PTO_JIT_INLINE_BUDGET 128

/* Per-op emission state: the function and the types of the tile.  */
typedef struct tctx {
  fn_ctx *fc;
  jit *j;
  gcc_jit_type *elt;    /* the element type (storage type for loads) */
  gcc_jit_type *eltp;   /* pointer to it */
  bool is_int;          /* int32 elements */
} tctx;

/* A counted loop 0 <= i < N (N >= 1) under construction.  */
typedef struct tloop {
  gcc_jit_block *body, *exit;
  gcc_jit_lvalue *iv;
  long n;
} tloop;

static gcc_jit_rvalue *
ll(tctx *t, long v)
{
  return gcc_jit_context_new_rvalue_from_long(t->j->ctxt, t->j->t_ll, v);
}

static void
put(tctx *t, gcc_jit_lvalue *lv, gcc_jit_rvalue *rv)
{
  gcc_jit_block_add_assignment(t->fc->cur, NULL, lv, rv);
}

/* A local holding V, assigned at the current position.  */
static gcc_jit_rvalue *
hold(tctx *t, gcc_jit_rvalue *v)
{
  gcc_jit_lvalue *tmp = pto_jit_new_temp(t->fc, gcc_jit_rvalue_get_type(v));
  put(t, tmp, v);
  return gcc_jit_lvalue_as_rvalue(tmp);
}

/* Open loop L over [0, N): the body starts at FC->cur.  The body runs at
   least once (N >= 1: tile dimensions are positive), so the test is at
   the bottom.  */
static void
loop_open(tctx *t, tloop *l, long n)
{
  fn_ctx *fc = t->fc;
  l->n = n;
  l->iv = pto_jit_new_temp(fc, t->j->t_ll);
  put(t, l->iv, ll(t, 0));
  l->body = gcc_jit_function_new_block(fc->fn, NULL);
  l->exit = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block_end_with_jump(fc->cur, NULL, l->body);
  fc->cur = l->body;
}

static void
loop_close(tctx *t, tloop *l)
{
  fn_ctx *fc = t->fc;
  gcc_jit_block_add_assignment_op(fc->cur, NULL, l->iv, GCC_JIT_BINARY_OP_PLUS,
                                  ll(t, 1));
  gcc_jit_rvalue *more = gcc_jit_context_new_comparison(
      t->j->ctxt, NULL, GCC_JIT_COMPARISON_LT, gcc_jit_lvalue_as_rvalue(l->iv),
      ll(t, l->n));
  gcc_jit_block_end_with_conditional(fc->cur, NULL, more, l->body, l->exit);
  fc->cur = l->exit;
}

static gcc_jit_rvalue *
iv(const tloop *l)
{
  return gcc_jit_lvalue_as_rvalue(l->iv);
}

/* A loop LO <= i < HI with run-time bounds (zero-trip correct: the test
   is at the top, in L->body; the latch jumps back to it).  */
static void
rloop_open(tctx *t, tloop *l, gcc_jit_rvalue *lo, gcc_jit_rvalue *hi)
{
  fn_ctx *fc = t->fc;
  l->iv = pto_jit_new_temp(fc, t->j->t_ll);
  put(t, l->iv, lo);
  l->body = gcc_jit_function_new_block(fc->fn, NULL);
  l->exit = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *first = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block_end_with_jump(fc->cur, NULL, l->body);
  gcc_jit_block_end_with_conditional(
      l->body, NULL,
      gcc_jit_context_new_comparison(t->j->ctxt, NULL, GCC_JIT_COMPARISON_LT,
                                     iv(l), hi),
      first, l->exit);
  fc->cur = first;
}

static void
rloop_close(tctx *t, tloop *l)
{
  fn_ctx *fc = t->fc;
  gcc_jit_block_add_assignment_op(fc->cur, NULL, l->iv, GCC_JIT_BINARY_OP_PLUS,
                                  ll(t, 1));
  gcc_jit_block_end_with_jump(fc->cur, NULL, l->body);
  fc->cur = l->exit;
}

/* Operand E's first element as a pointer to TY, held in a local.  */
static gcc_jit_rvalue *
base_as(tctx *t, const pto_expr *e, gcc_jit_type *ty)
{
  gcc_jit_rvalue *p =
      gcc_jit_lvalue_get_address(pto_jit_lvalue(t->fc, e), NULL);
  return hold(t, gcc_jit_context_new_cast(t->j->ctxt, NULL, p,
                                          gcc_jit_type_get_pointer(ty)));
}

/* The address of tile operand E's first element, held in a local.  */
static gcc_jit_rvalue *
base(tctx *t, const pto_expr *e)
{
  return base_as(t, e, t->elt);
}

/* Element I of the tile whose first element is at P.  */
static gcc_jit_lvalue *
at(tctx *t, gcc_jit_rvalue *p, gcc_jit_rvalue *i)
{
  return gcc_jit_context_new_array_access(t->j->ctxt, NULL, p, i);
}

static gcc_jit_rvalue *
get(tctx *t, gcc_jit_rvalue *p, gcc_jit_rvalue *i)
{
  return gcc_jit_lvalue_as_rvalue(at(t, p, i));
}

static gcc_jit_rvalue *
bin(tctx *t, enum gcc_jit_binary_op op, gcc_jit_type *ty, gcc_jit_rvalue *a,
    gcc_jit_rvalue *b)
{
  return gcc_jit_context_new_binary_op(t->j->ctxt, NULL, op, ty, a, b);
}

static gcc_jit_rvalue *
to(tctx *t, gcc_jit_rvalue *v, gcc_jit_type *ty)
{
  if (gcc_jit_rvalue_get_type(v) == ty)
    return v;
  return gcc_jit_context_new_cast(t->j->ctxt, NULL, v, ty);
}

static gcc_jit_rvalue *
builtin1(tctx *t, const char *name, gcc_jit_rvalue *x)
{
  gcc_jit_function *f = gcc_jit_context_get_builtin_function(t->j->ctxt, name);
  return gcc_jit_context_new_call(t->j->ctxt, NULL, f, 1, &x);
}

/* "COND ? A : B" of type TY (A and B evaluated), as a diamond GCC
   if-converts.  */
static gcc_jit_rvalue *
choose_ty(tctx *t, gcc_jit_type *ty, gcc_jit_rvalue *cond, gcc_jit_rvalue *a,
          gcc_jit_rvalue *b)
{
  fn_ctx *fc = t->fc;
  gcc_jit_lvalue *tmp = pto_jit_new_temp(fc, ty);
  gcc_jit_block *bt = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *bf = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *join = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block_end_with_conditional(fc->cur, NULL, cond, bt, bf);
  gcc_jit_block_add_assignment(bt, NULL, tmp, a);
  gcc_jit_block_end_with_jump(bt, NULL, join);
  gcc_jit_block_add_assignment(bf, NULL, tmp, b);
  gcc_jit_block_end_with_jump(bf, NULL, join);
  fc->cur = join;
  return gcc_jit_lvalue_as_rvalue(tmp);
}

static gcc_jit_rvalue *
choose(tctx *t, gcc_jit_rvalue *cond, gcc_jit_rvalue *a, gcc_jit_rvalue *b)
{
  return choose_ty(t, t->elt, cond, a, b);
}

static gcc_jit_rvalue *
cmp(tctx *t, enum gcc_jit_comparison op, gcc_jit_rvalue *a, gcc_jit_rvalue *b)
{
  return gcc_jit_context_new_comparison(t->j->ctxt, NULL, op, a, b);
}

/* A wrapping int32 operation: computed in unsigned int (pto__wrap).  */
static gcc_jit_rvalue *
wrap(tctx *t, enum gcc_jit_binary_op op, gcc_jit_rvalue *a, gcc_jit_rvalue *b)
{
  gcc_jit_type *u =
      gcc_jit_context_get_type(t->j->ctxt, GCC_JIT_TYPE_UNSIGNED_INT);
  return to(t, bin(t, op, u, to(t, a, u), to(t, b, u)), t->elt);
}

static gcc_jit_rvalue *
zero(tctx *t)
{
  return t->is_int ? gcc_jit_context_zero(t->j->ctxt, t->elt)
                   : gcc_jit_context_new_rvalue_from_double(t->j->ctxt,
                                                            t->elt, 0.0);
}

/* X OP Y for the element-wise binary op OP (pto.h's PTO__F_<op> and
   PTO__I_<op>); NULL for an op kept in libpto-rt.  */
static gcc_jit_rvalue *
binary_elem(tctx *t, pto_op op, gcc_jit_rvalue *x, gcc_jit_rvalue *y)
{
  switch (op) {
  case PTO_OP_ADD: case PTO_OP_ADDS:
    return t->is_int ? wrap(t, GCC_JIT_BINARY_OP_PLUS, x, y)
                     : bin(t, GCC_JIT_BINARY_OP_PLUS, t->elt, x, y);
  case PTO_OP_SUB:
    return t->is_int ? wrap(t, GCC_JIT_BINARY_OP_MINUS, x, y)
                     : bin(t, GCC_JIT_BINARY_OP_MINUS, t->elt, x, y);
  case PTO_OP_MUL: case PTO_OP_MULS:
    return t->is_int ? wrap(t, GCC_JIT_BINARY_OP_MULT, x, y)
                     : bin(t, GCC_JIT_BINARY_OP_MULT, t->elt, x, y);
  case PTO_OP_DIV:
    return t->is_int ? NULL : bin(t, GCC_JIT_BINARY_OP_DIVIDE, t->elt, x, y);
  case PTO_OP_MAX: case PTO_OP_MAXS:
    return choose(t, cmp(t, GCC_JIT_COMPARISON_GT, x, y), x, y);
  case PTO_OP_MIN: case PTO_OP_MINS:
    return choose(t, cmp(t, GCC_JIT_COMPARISON_LT, x, y), x, y);
  default:
    return NULL;
  }
}

/* Can binary_elem compute OP for these elements?  */
static bool
binary_ok(const tctx *t, pto_op op)
{
  switch (op) {
  case PTO_OP_ADD: case PTO_OP_SUB: case PTO_OP_MUL: case PTO_OP_MAX:
  case PTO_OP_MIN: case PTO_OP_ADDS: case PTO_OP_MULS: case PTO_OP_MAXS:
  case PTO_OP_MINS:
    return true;
  case PTO_OP_DIV:
    return !t->is_int;
  default:
    return false;
  }
}

/* OP(X) for the element-wise unary op OP.  */
static gcc_jit_rvalue *
unary_elem(tctx *t, pto_op op, gcc_jit_rvalue *x)
{
  gcc_jit_context *c = t->j->ctxt;
  gcc_jit_rvalue *one = t->is_int ? NULL : gcc_jit_context_one(c, t->elt);
  switch (op) {
  case PTO_OP_ABS:
    if (!t->is_int)
      return builtin1(t, "__builtin_fabsf", x);
    return choose(t, cmp(t, GCC_JIT_COMPARISON_LT, x, zero(t)),
                  wrap(t, GCC_JIT_BINARY_OP_MINUS, zero(t), x), x);
  case PTO_OP_RELU:
    return choose(t, cmp(t, GCC_JIT_COMPARISON_GT, x, zero(t)), x, zero(t));
  case PTO_OP_NEG:
    if (t->is_int)
      return wrap(t, GCC_JIT_BINARY_OP_MINUS, zero(t), x);
    return gcc_jit_context_new_unary_op(c, NULL, GCC_JIT_UNARY_OP_MINUS,
                                        t->elt, x);
  case PTO_OP_SQRT:
    return builtin1(t, "__builtin_sqrtf", x);
  case PTO_OP_RSQRT:
    return bin(t, GCC_JIT_BINARY_OP_DIVIDE, t->elt, one,
               builtin1(t, "__builtin_sqrtf", x));
  case PTO_OP_RECIP:
    return bin(t, GCC_JIT_BINARY_OP_DIVIDE, t->elt, one, x);
  default:
    return NULL;
  }
}

static bool
unary_ok(const tctx *t, pto_op op)
{
  switch (op) {
  case PTO_OP_ABS: case PTO_OP_RELU: case PTO_OP_NEG:
    return true;
  case PTO_OP_SQRT: case PTO_OP_RSQRT: case PTO_OP_RECIP:
    return !t->is_int;
  default:
    return false;
  }
}

/* d[i] = a[i] OP b[i], d[i] = a[i] OP s, d[i] = OP(a[i]) or d[i] = s
   over the N elements (B, S unused where the form has none).  */
enum elem_form { EF_BINARY, EF_SCALAR, EF_UNARY, EF_FILL };

static void
elementwise(tctx *t, const pto_expr *e, enum elem_form form)
{
  pto_expr *const *a = e->args;
  const pto_type *ty = a[0]->type;
  gcc_jit_rvalue *pd = base(t, a[0]);
  gcc_jit_rvalue *pa = form == EF_FILL ? NULL : base(t, a[1]);
  gcc_jit_rvalue *pb = form == EF_BINARY ? base(t, a[2]) : NULL;
  gcc_jit_rvalue *s = NULL;
  if (form == EF_SCALAR || form == EF_FILL)
    s = hold(t, to(t, pto_jit_tile_scalar(t->fc, a[form == EF_FILL ? 1 : 2]),
                   t->elt));
  tloop l;
  loop_open(t, &l, (long)ty->rows * ty->cols);
  gcc_jit_rvalue *i = iv(&l), *v;
  /* The operands are read into locals before anything is written.  */
  gcc_jit_rvalue *x = pa ? hold(t, get(t, pa, i)) : NULL;
  switch (form) {
  case EF_BINARY:
    v = binary_elem(t, e->op, x, hold(t, get(t, pb, i)));
    break;
  case EF_SCALAR:
    v = binary_elem(t, e->op, x, s);
    break;
  case EF_UNARY:
    v = unary_elem(t, e->op, x);
    break;
  default:
    v = s;
    break;
  }
  put(t, at(t, pd, i), v);
  loop_close(t, &l);
}

/* row_sum / row_max: d[r][0] from row r of the R x C tile A.  */
static void
row_reduce(tctx *t, const pto_expr *e)
{
  const pto_type *ta = e->args[1]->type;
  gcc_jit_rvalue *pd = base(t, e->args[0]);
  gcc_jit_rvalue *pa = base(t, e->args[1]);
  bool sum = e->op == PTO_OP_ROW_SUM;
  tloop lr, lc;
  loop_open(t, &lr, ta->rows);
  gcc_jit_rvalue *row = hold(t, bin(t, GCC_JIT_BINARY_OP_MULT, t->j->t_ll,
                                    iv(&lr), ll(t, ta->cols)));
  gcc_jit_lvalue *acc = pto_jit_new_temp(t->fc, t->elt);
  gcc_jit_rvalue *accv = gcc_jit_lvalue_as_rvalue(acc);
  put(t, acc, sum ? zero(t) : get(t, pa, row));
  if (sum || ta->cols > 1) {
    /* row_sum: columns 0..C-1; row_max: 1..C-1.  */
    int first = sum ? 0 : 1;
    loop_open(t, &lc, ta->cols - first);
    gcc_jit_rvalue *idx = bin(t, GCC_JIT_BINARY_OP_PLUS, t->j->t_ll, row,
                              bin(t, GCC_JIT_BINARY_OP_PLUS, t->j->t_ll,
                                  iv(&lc), ll(t, first)));
    gcc_jit_rvalue *x = hold(t, get(t, pa, idx));
    if (sum) {
      put(t, acc, t->is_int ? wrap(t, GCC_JIT_BINARY_OP_PLUS, accv, x)
                            : bin(t, GCC_JIT_BINARY_OP_PLUS, t->elt, accv, x));
    } else {
      fn_ctx *fc = t->fc;
      gcc_jit_block *take = gcc_jit_function_new_block(fc->fn, NULL);
      gcc_jit_block *join = gcc_jit_function_new_block(fc->fn, NULL);
      gcc_jit_block_end_with_conditional(
          fc->cur, NULL, cmp(t, GCC_JIT_COMPARISON_GT, x, accv), take, join);
      gcc_jit_block_add_assignment(take, NULL, acc, x);
      gcc_jit_block_end_with_jump(take, NULL, join);
      fc->cur = join;
    }
    loop_close(t, &lc);
  }
  put(t, at(t, pd, iv(&lr)), accv);
  loop_close(t, &lr);
}

/* row_expand (d[r][c] = r[r][0]) and row_expand_<op> (d[r][c] = a[r][c]
   OP r[r][0]) over the R x C destination.  */
static void
row_broadcast(tctx *t, const pto_expr *e)
{
  const pto_type *td = e->args[0]->type;
  bool has_src = e->op != PTO_OP_ROW_EXPAND;
  gcc_jit_rvalue *pd = base(t, e->args[0]);
  gcc_jit_rvalue *pa = has_src ? base(t, e->args[1]) : NULL;
  gcc_jit_rvalue *pr = base(t, e->args[has_src ? 2 : 1]);
  enum gcc_jit_binary_op op = e->op == PTO_OP_ROW_EXPAND_ADD
                                  ? GCC_JIT_BINARY_OP_PLUS
                              : e->op == PTO_OP_ROW_EXPAND_SUB
                                  ? GCC_JIT_BINARY_OP_MINUS
                              : e->op == PTO_OP_ROW_EXPAND_MUL
                                  ? GCC_JIT_BINARY_OP_MULT
                                  : GCC_JIT_BINARY_OP_DIVIDE;
  tloop lr, lc;
  loop_open(t, &lr, td->rows);
  gcc_jit_rvalue *s = hold(t, get(t, pr, iv(&lr)));
  gcc_jit_rvalue *row = hold(t, bin(t, GCC_JIT_BINARY_OP_MULT, t->j->t_ll,
                                    iv(&lr), ll(t, td->cols)));
  loop_open(t, &lc, td->cols);
  gcc_jit_rvalue *idx =
      bin(t, GCC_JIT_BINARY_OP_PLUS, t->j->t_ll, row, iv(&lc));
  gcc_jit_rvalue *v =
      has_src ? bin(t, op, t->elt, get(t, pa, idx), s) : s;
  put(t, at(t, pd, idx), v);
  loop_close(t, &lc);
  loop_close(t, &lr);
}

/* The element-wise op of col_expand_<op>.  */
static pto_op
col_elem_op(pto_op op)
{
  switch (op) {
  case PTO_OP_COL_EXPAND_ADD: return PTO_OP_ADD;
  case PTO_OP_COL_EXPAND_SUB: return PTO_OP_SUB;
  case PTO_OP_COL_EXPAND_MUL: return PTO_OP_MUL;
  case PTO_OP_COL_EXPAND_DIV: return PTO_OP_DIV;
  case PTO_OP_COL_EXPAND_MAX: return PTO_OP_MAX;
  default: return PTO_OP_MIN;
  }
}

/* col_expand_<op> (d[r][c] = a[r][c] OP r[0][c]) over the R x C
   destination, row by row, each element's operands read before it is
   written (pto.h's PTO__DEF_COLBCAST_*: D may be A, or R with one
   row).  */
static void
col_broadcast(tctx *t, const pto_expr *e)
{
  const pto_type *td = e->args[0]->type;
  gcc_jit_rvalue *pd = base(t, e->args[0]);
  gcc_jit_rvalue *pa = base(t, e->args[1]);
  gcc_jit_rvalue *pr = base(t, e->args[2]);
  tloop lr, lc;
  loop_open(t, &lr, td->rows);
  gcc_jit_rvalue *row = hold(t, bin(t, GCC_JIT_BINARY_OP_MULT, t->j->t_ll,
                                    iv(&lr), ll(t, td->cols)));
  loop_open(t, &lc, td->cols);
  gcc_jit_rvalue *idx =
      hold(t, bin(t, GCC_JIT_BINARY_OP_PLUS, t->j->t_ll, row, iv(&lc)));
  gcc_jit_rvalue *x = hold(t, get(t, pa, idx));
  gcc_jit_rvalue *y = hold(t, get(t, pr, iv(&lc)));
  put(t, at(t, pd, idx), binary_elem(t, col_elem_op(e->op), x, y));
  loop_close(t, &lc);
  loop_close(t, &lr);
}

/* memcpy (DST, SRC, BYTES) at the current position.  */
static void
copy_bytes(tctx *t, gcc_jit_rvalue *dst, gcc_jit_rvalue *src,
           gcc_jit_rvalue *bytes)
{
  jit *j = t->j;
  gcc_jit_rvalue *args[3] = {to(t, dst, j->t_voidp), to(t, src, j->t_cvoidp),
                             bytes};
  gcc_jit_block_add_eval(
      t->fc->cur, NULL,
      gcc_jit_context_new_call(
          j->ctxt, NULL,
          gcc_jit_context_get_builtin_function(j->ctxt, "__builtin_memcpy"), 3,
          args));
}

/* The element size of tile type TY in bytes.  */
static long
esize(const pto_type *ty)
{
  return pto_dtype_bytes(ty->dtype);
}

/* pto_load (T, P, RS) / pto_store (P, RS, T): the stride check, then per
   row r one memcpy of C elements between T's row r and P + RS * r.  */
static void
copy_rows(tctx *t, const pto_expr *e)
{
  jit *j = t->j;
  bool load = e->op == PTO_OP_LOAD;
  const pto_expr *te = e->args[load ? 0 : 2];
  const pto_type *ty = te->type;
  gcc_jit_rvalue *pt = base(t, te);
  gcc_jit_rvalue *gm =
      hold(t, to(t, pto_jit_rvalue(t->fc, e->args[load ? 1 : 0]), t->eltp));
  gcc_jit_rvalue *rs =
      hold(t, to(t, pto_jit_rvalue(t->fc, e->args[load ? 2 : 1]), j->t_ll));
  if (ty->rows > 1) {
    /* pto.h's pto__check_stride: RS < 0 or RS < C stops the program;
       for a signed RS and C > 0 both are RS < C.  */
    fn_ctx *fc = t->fc;
    gcc_jit_block *bad = gcc_jit_function_new_block(fc->fn, NULL);
    gcc_jit_block *ok = gcc_jit_function_new_block(fc->fn, NULL);
    gcc_jit_block_end_with_conditional(
        fc->cur, NULL, cmp(t, GCC_JIT_COMPARISON_LT, rs, ll(t, ty->cols)),
        bad, ok);
    gcc_jit_rvalue *args[4] = {
        gcc_jit_context_new_string_literal(j->ctxt,
                                           load ? "pto_load" : "pto_store"),
        rs, ll(t, ty->rows), ll(t, ty->cols)};
    args[0] = to(t, args[0], j->t_cvoidp);
    gcc_jit_block_add_eval(
        bad, NULL,
        gcc_jit_context_new_call(j->ctxt, NULL, pto_jit_rt_check_row_stride(j),
                                 4, args));
    gcc_jit_block_end_with_jump(bad, NULL, ok);
    fc->cur = ok;
  }
  gcc_jit_rvalue *bytes = gcc_jit_context_new_rvalue_from_long(
      j->ctxt, j->t_size, (long)ty->cols * esize(ty));
  tloop lr;
  loop_open(t, &lr, ty->rows);
  gcc_jit_rvalue *trow = gcc_jit_lvalue_get_address(
      at(t, pt, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, iv(&lr),
                    ll(t, ty->cols))),
      NULL);
  gcc_jit_rvalue *grow = gcc_jit_lvalue_get_address(
      at(t, gm, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, iv(&lr), rs)), NULL);
  copy_bytes(t, load ? trow : grow, load ? grow : trow, bytes);
  loop_close(t, &lr);
}

/* pto.h's pto__check_valid for OP on the ROWS x COLS tile TY: unless
   0 <= VR <= ROWS, 0 <= VC <= COLS and (VR <= 1 or RS >= VC), call
   libpto-rt's check, which stops the program with pto.h's message.  */
static void
check_valid(tctx *t, const char *op, const pto_type *ty, gcc_jit_rvalue *rs,
            gcc_jit_rvalue *vr, gcc_jit_rvalue *vc)
{
  jit *j = t->j;
  fn_ctx *fc = t->fc;
  gcc_jit_context *c = j->ctxt;
  gcc_jit_type *ull =
      gcc_jit_context_get_type(c, GCC_JIT_TYPE_UNSIGNED_LONG_LONG);
  gcc_jit_type *b = j->t_bool;
  gcc_jit_rvalue *bad = gcc_jit_context_new_binary_op(
      c, NULL, GCC_JIT_BINARY_OP_LOGICAL_OR, b,
      cmp(t, GCC_JIT_COMPARISON_GT, to(t, vr, ull),
          gcc_jit_context_new_rvalue_from_long(c, ull, ty->rows)),
      cmp(t, GCC_JIT_COMPARISON_GT, to(t, vc, ull),
          gcc_jit_context_new_rvalue_from_long(c, ull, ty->cols)));
  bad = gcc_jit_context_new_binary_op(
      c, NULL, GCC_JIT_BINARY_OP_LOGICAL_OR, b, bad,
      gcc_jit_context_new_binary_op(
          c, NULL, GCC_JIT_BINARY_OP_LOGICAL_AND, b,
          cmp(t, GCC_JIT_COMPARISON_GT, vr, ll(t, 1)),
          cmp(t, GCC_JIT_COMPARISON_LT, rs, vc)));
  gcc_jit_block *fail = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block *ok = gcc_jit_function_new_block(fc->fn, NULL);
  gcc_jit_block_end_with_conditional(fc->cur, NULL, bad, fail, ok);
  gcc_jit_rvalue *args[6] = {
      to(t, gcc_jit_context_new_string_literal(c, op), j->t_cvoidp),
      rs, vr, vc, ll(t, ty->rows), ll(t, ty->cols)};
  gcc_jit_block_add_eval(
      fail, NULL,
      gcc_jit_context_new_call(c, NULL, pto_jit_rt_check_valid(j), 6, args));
  gcc_jit_block_end_with_jump(fail, NULL, ok);
  fc->cur = ok;
}

/* pto_load_valid (T, P, RS, VR, VC, PAD): row r < VR of T gets its first
   VC elements from P + RS * r, every other element is PAD (converted to
   the element type first, as libpto-rt does).  */
static void
load_valid(tctx *t, const pto_expr *e)
{
  jit *j = t->j;
  pto_expr *const *a = e->args;
  const pto_type *ty = a[0]->type;
  gcc_jit_rvalue *pt = base(t, a[0]);
  gcc_jit_rvalue *gm = hold(t, to(t, pto_jit_rvalue(t->fc, a[1]), t->eltp));
  gcc_jit_rvalue *rs = hold(t, to(t, pto_jit_rvalue(t->fc, a[2]), j->t_ll));
  gcc_jit_rvalue *vr = hold(t, to(t, pto_jit_rvalue(t->fc, a[3]), j->t_ll));
  gcc_jit_rvalue *vc = hold(t, to(t, pto_jit_rvalue(t->fc, a[4]), j->t_ll));
  gcc_jit_rvalue *pad = hold(t, to(t, pto_jit_tile_scalar(t->fc, a[5]),
                                   t->elt));
  check_valid(t, "pto_load_valid", ty, rs, vr, vc);
  tloop lr, lk;
  loop_open(t, &lr, ty->rows);
  gcc_jit_rvalue *n = choose_ty(t, j->t_ll,
                                cmp(t, GCC_JIT_COMPARISON_LT, iv(&lr), vr),
                                vc, ll(t, 0));
  gcc_jit_rvalue *trow = hold(t, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll,
                                     iv(&lr), ll(t, ty->cols)));
  gcc_jit_rvalue *grow =
      hold(t, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, iv(&lr), rs));
  rloop_open(t, &lk, ll(t, 0), n);
  put(t,
      at(t, pt, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll, trow, iv(&lk))),
      get(t, gm, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll, grow, iv(&lk))));
  rloop_close(t, &lk);
  rloop_open(t, &lk, n, ll(t, ty->cols));
  put(t, at(t, pt, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll, trow, iv(&lk))),
      pad);
  rloop_close(t, &lk);
  loop_close(t, &lr);
}

/* pto_store_valid (P, RS, T, VR, VC): for r < VR, one memcpy of VC
   elements from T's row r to P + RS * r; nothing else is written.  */
static void
store_valid(tctx *t, const pto_expr *e)
{
  jit *j = t->j;
  pto_expr *const *a = e->args;
  const pto_type *ty = a[2]->type;
  gcc_jit_rvalue *gm = hold(t, to(t, pto_jit_rvalue(t->fc, a[0]), t->eltp));
  gcc_jit_rvalue *rs = hold(t, to(t, pto_jit_rvalue(t->fc, a[1]), j->t_ll));
  gcc_jit_rvalue *pt = base(t, a[2]);
  gcc_jit_rvalue *vr = hold(t, to(t, pto_jit_rvalue(t->fc, a[3]), j->t_ll));
  gcc_jit_rvalue *vc = hold(t, to(t, pto_jit_rvalue(t->fc, a[4]), j->t_ll));
  check_valid(t, "pto_store_valid", ty, rs, vr, vc);
  gcc_jit_rvalue *bytes = hold(
      t, to(t, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, vc, ll(t, esize(ty))),
            j->t_size));
  tloop lr;
  rloop_open(t, &lr, ll(t, 0), vr);
  copy_bytes(
      t,
      gcc_jit_lvalue_get_address(
          at(t, gm, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, iv(&lr), rs)),
          NULL),
      gcc_jit_lvalue_get_address(
          at(t, pt, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll, iv(&lr),
                        ll(t, ty->cols))),
          NULL),
      bytes);
  rloop_close(t, &lr);
}

/* ------------------------------------------------------------------ */
/* bf16 conversions and matmul                                         */
/* ------------------------------------------------------------------ */

/* The float whose bits are the uint32_t V, or (TO_BITS) the bits of
   the float V, through a union local.  */
static gcc_jit_rvalue *
fbits(tctx *t, gcc_jit_rvalue *v, bool to_bits)
{
  jit *j = t->j;
  gcc_jit_lvalue *u = pto_jit_new_temp(t->fc, j->t_fbits);
  put(t, gcc_jit_lvalue_access_field(u, NULL, to_bits ? j->fbits_f
                                                      : j->fbits_u), v);
  return hold(t, gcc_jit_lvalue_as_rvalue(gcc_jit_lvalue_access_field(
                     u, NULL, to_bits ? j->fbits_u : j->fbits_f)));
}

static gcc_jit_rvalue *
u32(tctx *t, unsigned v)
{
  return gcc_jit_context_new_rvalue_from_long(t->j->ctxt, t->j->t_u32, v);
}

/* The float of the bf16 bits H (a uint16_t): exact.  */
static gcc_jit_rvalue *
float_of_bf16(tctx *t, gcc_jit_rvalue *h)
{
  return fbits(t, bin(t, GCC_JIT_BINARY_OP_LSHIFT, t->j->t_u32,
                      to(t, h, t->j->t_u32), u32(t, 16)), false);
}

/* The bf16 bits of the float X: pto_bf16_bits_from_float's rounding
   (include/pto-bf16.h), to nearest, ties to even, a NaN kept quiet.  */
static gcc_jit_rvalue *
bf16_of_float(tctx *t, gcc_jit_rvalue *x)
{
  gcc_jit_type *u = t->j->t_u32;
  gcc_jit_rvalue *b = fbits(t, x, true);
  gcc_jit_rvalue *hi = hold(t, bin(t, GCC_JIT_BINARY_OP_RSHIFT, u, b,
                                   u32(t, 16)));
  gcc_jit_rvalue *nan = cmp(t, GCC_JIT_COMPARISON_GT,
                            bin(t, GCC_JIT_BINARY_OP_BITWISE_AND, u, b,
                                u32(t, 0x7fffffffu)),
                            u32(t, 0x7f800000u));
  gcc_jit_rvalue *quiet = bin(t, GCC_JIT_BINARY_OP_BITWISE_OR, u, hi,
                              u32(t, 0x40));
  gcc_jit_rvalue *odd = bin(t, GCC_JIT_BINARY_OP_BITWISE_AND, u, hi,
                            u32(t, 1));
  gcc_jit_rvalue *round = bin(
      t, GCC_JIT_BINARY_OP_RSHIFT, u,
      bin(t, GCC_JIT_BINARY_OP_PLUS, u, b,
          bin(t, GCC_JIT_BINARY_OP_PLUS, u, u32(t, 0x7fff), odd)),
      u32(t, 16));
  return to(t, choose_ty(t, u, nan, quiet, round), t->j->t_u16);
}

/* Is cast E one between f32 and bf16 tiles?  */
static bool
cast_bf16_ok(const pto_expr *e)
{
  pto_dtype dd = e->args[0]->type->dtype, da = e->args[1]->type->dtype;
  return (dd == PTO_DT_BF16 && da == PTO_DT_F32)
         || (dd == PTO_DT_F32 && da == PTO_DT_BF16);
}

/* pto_cast between f32 and bf16 tiles (cast_bf16_ok; pto.h's
   pto__cast_bf16_f32 and pto__cast_f32_bf16), one flat loop.  */
static void
cast_bf16(tctx *t, const pto_expr *e)
{
  jit *j = t->j;
  bool narrow = e->args[0]->type->dtype == PTO_DT_BF16;
  gcc_jit_rvalue *pd = base_as(t, e->args[0], narrow ? j->t_u16 : j->t_float);
  gcc_jit_rvalue *pa = base_as(t, e->args[1], narrow ? j->t_float : j->t_u16);
  tloop l;
  loop_open(t, &l, (long)e->args[0]->type->rows * e->args[0]->type->cols);
  gcc_jit_rvalue *x = hold(t, get(t, pa, iv(&l)));
  put(t, at(t, pd, iv(&l)), narrow ? bf16_of_float(t, x)
                                   : float_of_bf16(t, x));
  loop_close(t, &l);
}

/* Do operands E and F name the same tile variable (or might they: not
   both variables)?  */
static bool
may_alias(const pto_expr *e, const pto_expr *f)
{
  return e->kind != PTO_E_VAR || f->kind != PTO_E_VAR
         || e->u.var == f->u.var;
}

/* Can matmul E be inlined: f32, bf16 or int8_t operands (fp16 ones stay
   in libpto-rt, their conversion is pto.h's), and C surely not an
   operand (pto.h stops the program then)?  */
static bool
matmul_ok(const pto_expr *e)
{
  pto_expr *const *a = e->args;
  pto_dtype da = a[1]->type->dtype;
  return (da == PTO_DT_F32 || da == PTO_DT_BF16 || da == PTO_DT_I8)
         && !may_alias(a[0], a[1]) && !may_alias(a[0], a[2]);
}

/* pto_matmul (C, A, B) (matmul_ok) of f32 or bf16 operands into an f32
   accumulator, or of int8_t ones into an int32_t one: pto.h's loops
   (PTO__DEF_MATMUL, pto__matmul_s8): each c[i][j] starts its sum and
   adds the products in k order (int32: in unsigned int, wrapping).  */
static void
matmul(tctx *t, const pto_expr *e)
{
  jit *j = t->j;
  pto_expr *const *a = e->args;
  pto_dtype da = a[1]->type->dtype;
  bool s8 = da == PTO_DT_I8;
  long m = a[1]->type->rows, k = a[1]->type->cols, n = a[2]->type->cols;
  gcc_jit_type *acc_t = s8 ? j->t_u32 : j->t_float;
  gcc_jit_type *op_t =
      da == PTO_DT_F32 ? j->t_float
      : da == PTO_DT_BF16 ? j->t_u16
                          : gcc_jit_context_get_type(j->ctxt,
                                                     GCC_JIT_TYPE_SIGNED_CHAR);
  gcc_jit_rvalue *pc = base_as(t, a[0], s8 ? j->t_int : j->t_float);
  gcc_jit_rvalue *pa = base_as(t, a[1], op_t);
  gcc_jit_rvalue *pb = base_as(t, a[2], op_t);
  tloop li, lj, lp;
  loop_open(t, &li, m);
  loop_open(t, &lj, n);
  gcc_jit_rvalue *ci = hold(t, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll,
                                   bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll,
                                       iv(&li), ll(t, n)),
                                   iv(&lj)));
  gcc_jit_lvalue *acc = pto_jit_new_temp(t->fc, acc_t);
  gcc_jit_rvalue *accv = gcc_jit_lvalue_as_rvalue(acc);
  put(t, acc, to(t, get(t, pc, ci), acc_t));
  loop_open(t, &lp, k);
  gcc_jit_rvalue *x = get(t, pa, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll,
                                     bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll,
                                         iv(&li), ll(t, k)),
                                     iv(&lp)));
  gcc_jit_rvalue *y = get(t, pb, bin(t, GCC_JIT_BINARY_OP_PLUS, j->t_ll,
                                     bin(t, GCC_JIT_BINARY_OP_MULT, j->t_ll,
                                         iv(&lp), ll(t, n)),
                                     iv(&lj)));
  gcc_jit_rvalue *prod;
  if (s8)
    prod = to(t, bin(t, GCC_JIT_BINARY_OP_MULT, j->t_int, to(t, x, j->t_int),
                     to(t, y, j->t_int)), acc_t);
  else if (da == PTO_DT_BF16)
    prod = bin(t, GCC_JIT_BINARY_OP_MULT, acc_t, float_of_bf16(t, hold(t, x)),
               float_of_bf16(t, hold(t, y)));
  else
    prod = bin(t, GCC_JIT_BINARY_OP_MULT, acc_t, x, y);
  put(t, acc, bin(t, GCC_JIT_BINARY_OP_PLUS, acc_t, accv, prod));
  loop_close(t, &lp);
  put(t, at(t, pc, ci), to(t, accv, s8 ? j->t_int : j->t_float));
  loop_close(t, &lj);
  loop_close(t, &li);
}

static bool
inline_one(fn_ctx *fc, const pto_expr *e)
{
  jit *j = fc->j;
  /* The tile whose dtype decides: the destination, or a store's source.  */
  int ti = e->op == PTO_OP_STORE || e->op == PTO_OP_STORE_VALID ? 2 : 0;
  if (!e->is_op || e->nargs <= ti || e->args[ti]->type->kind != PTO_TY_TILE)
    return false;
  const pto_type *ty = e->args[ti]->type;
  tctx t = {.fc = fc, .j = j};
  if (e->op == PTO_OP_MATMUL || e->op == PTO_OP_CAST) {
    bool mm = e->op == PTO_OP_MATMUL;
    if (mm ? !matmul_ok(e) : !cast_bf16_ok(e))
      return false;
    if (!fc->cur)
      fc->cur = gcc_jit_function_new_block(fc->fn, NULL);
    if (mm)
      matmul(&t, e);
    else
      cast_bf16(&t, e);
    return true;
  }
  bool copy = e->op == PTO_OP_LOAD || e->op == PTO_OP_STORE
              || e->op == PTO_OP_STORE_VALID;
  switch (ty->dtype) {
  case PTO_DT_F32:
    t.elt = j->t_float;
    break;
  case PTO_DT_I32:
    t.elt = j->t_int;
    t.is_int = true;
    break;
  case PTO_DT_F16:
  case PTO_DT_BF16:
  case PTO_DT_I16:
    if (!copy)
      return false;
    t.elt = j->t_u16;
    break;
  case PTO_DT_I8:
  case PTO_DT_U8:
    if (!copy)
      return false;
    t.elt = gcc_jit_context_get_type(j->ctxt, GCC_JIT_TYPE_UNSIGNED_CHAR);
    break;
  default:
    return false;
  }
  t.eltp = gcc_jit_type_get_pointer(t.elt);
  if (!fc->cur)
    fc->cur = gcc_jit_function_new_block(fc->fn, NULL);

  switch (e->op) {
  case PTO_OP_LOAD:
  case PTO_OP_STORE:
    copy_rows(&t, e);
    return true;
  case PTO_OP_LOAD_VALID:
    load_valid(&t, e);
    return true;
  case PTO_OP_STORE_VALID:
    store_valid(&t, e);
    return true;
  case PTO_OP_ADD: case PTO_OP_SUB: case PTO_OP_MUL: case PTO_OP_DIV:
  case PTO_OP_MAX: case PTO_OP_MIN:
    if (!binary_ok(&t, e->op))
      return false;
    elementwise(&t, e, EF_BINARY);
    return true;
  case PTO_OP_ADDS: case PTO_OP_MULS: case PTO_OP_MAXS: case PTO_OP_MINS:
    elementwise(&t, e, EF_SCALAR);
    return true;
  case PTO_OP_ABS: case PTO_OP_RELU: case PTO_OP_NEG: case PTO_OP_SQRT:
  case PTO_OP_RSQRT: case PTO_OP_RECIP:
    if (!unary_ok(&t, e->op))
      return false;
    elementwise(&t, e, EF_UNARY);
    return true;
  case PTO_OP_FILL:
    elementwise(&t, e, EF_FILL);
    return true;
  case PTO_OP_ROW_SUM: case PTO_OP_ROW_MAX:
    row_reduce(&t, e);
    return true;
  case PTO_OP_ROW_EXPAND:
    row_broadcast(&t, e);
    return true;
  case PTO_OP_ROW_EXPAND_ADD: case PTO_OP_ROW_EXPAND_SUB:
  case PTO_OP_ROW_EXPAND_MUL: case PTO_OP_ROW_EXPAND_DIV:
    if (t.is_int)
      return false; /* float-only ops: the type check rejected them */
    row_broadcast(&t, e);
    return true;
  case PTO_OP_COL_EXPAND_ADD: case PTO_OP_COL_EXPAND_SUB:
  case PTO_OP_COL_EXPAND_MUL: case PTO_OP_COL_EXPAND_DIV:
  case PTO_OP_COL_EXPAND_MAX: case PTO_OP_COL_EXPAND_MIN:
    if (!binary_ok(&t, col_elem_op(e->op)))
      return false;
    col_broadcast(&t, e);
    return true;
  default:
    return false;
  }
}

bool
pto_jit_tile_inline(fn_ctx *fc, const pto_expr *e)
{
  if (fc->ninline >= PTO_JIT_INLINE_BUDGET || !inline_one(fc, e))
    return false;
  fc->ninline++;
  return true;
}
