/* expand-tile-ops.c - ExpandTileOps: the tile operations that are
   sequences of other tile operations become those sequences, before any
   other pass, so that every later pass, the linear form and every back
   end (CCE, PTO-ISA, sim=jit) see only operations they lower already:
   one decomposition instead of one per back end.

   Requires: nothing.  Produces: nothing (no property; the linear form's
   builder reports a QUANT op that reaches it: ir/linear/build.c).
   Invalidates: nothing.  Runs right after InlineFunctions in the default
   pipeline, so that an op inside an inlined helper is expanded too and
   UnrollLoops copies the temporaries with the loop body.

   Rewrites, each a statement "pto.OP(...);" becoming statements in the
   same place (T the shape of d and a; the temporaries are new tile
   locals declared right there, named OP_f32 / OP_f16 with a number when
   that is taken, so a loop body declares them per iteration like any
   local tile):
     pto.quantize(d, a: f32, s, o)  ->  var t: tile<f32,T>; var h: tile<f16,T>;
                                        pto.muls(t, a, s); pto.adds(t, t, o);
                                        pto.cast(h, t); pto.cast(d, h);
     pto.quantize(d, a: f16, s, o)  ->  var h: tile<f16,T>;
                                        pto.muls(h, a, s); pto.adds(h, h, o);
                                        pto.cast(d, h);
     pto.dequantize(d: f32, a, s, o) -> var h: tile<f16,T>;
                                        pto.cast(h, a); pto.cast(d, h);
                                        pto.adds(d, d, -o); pto.muls(d, d, s);
     pto.dequantize(d: f16, a, s, o) -> pto.cast(d, a);
                                        pto.adds(d, d, -o); pto.muls(d, d, s);
     pto.dequant(h: f16, c: i32, s) ->  var t: tile<f32,T>;
                                        pto.cast(t, c); pto.muls(t, t, s);
                                        pto.mins(t, t, 65504.0);
                                        pto.maxs(t, t, -65504.0);
                                        pto.cast(h, t);
     pto.col_dequant(h, c, r: 1 x C) -> var q: tile<f32,1,C>;
                                        pto.deq_scale(q, r);
                                        var t: tile<f32,T>;
                                        pto.cast(t, c);
                                        pto.col_expand_mul(t, t, q);
                                        pto.mins, pto.maxs, pto.cast
                                        as for pto.dequant
   which is what include/pto.h's reference code computes, one rounding
   per step (pto.h "Quantize and dequantize" states the error bounds).
   pto.dequant of a tile that some pto.matmul of the function
   accumulates into, and that nothing but pto.fill(c, 0) writes
   otherwise, stays as it is: the back ends lower it (the dav-c220
   fixpipe dequantizes on the way to GM, QuantPRE DEQF16: cube.c; sim=jit
   calls libpto-rt; PTO-ISA TSTORE with a pre-quant scalar).
   So does pto.col_dequant of an accumulator with deq words (a u64 r,
   pto.h pto_deq_word: the dav-c220 fixpipe's per-channel QuantPRE
   VDEQF16); with float scales it is written out even then, and on
   dav-c220 the split hands the accumulator to the vector core
   (backend/cce/split.c).
   The 8-bit side converts through f16 because the vector unit's only
   8-bit conversions are to and from f16 (vconv_f162s8 & co: op-check.c's
   CAST rule).  The scalar operands are evaluated once each, quantize's
   scale before its offset, dequantize's offset before its scale.  */

#include "passes/passes.h"
#include "ir/strmap.h"

#include <string.h>

typedef struct expand {
  pto_program *prog;
  pto_func *func;
  pto_strmap names;     /* every variable name of FUNC, made ones too */
  const pto_var **accs; /* the tiles a pto.matmul of FUNC accumulates
                           into (arena) */
  int naccs, capaccs;
  const pto_var **vwr;  /* the tiles an op other than pto.matmul and
                           pto.fill(t, 0) writes (arena) */
  int nvwr, capvwr;
} expand;

/* Append V to the arena list *L of *N entries (capacity *CAP).  */
static void
push_var(expand *x, const pto_var ***l, int *n, int *cap, const pto_var *v)
{
  if (*n == *cap) {
    int c = *cap ? 2 * *cap : 8;
    const pto_var **nv = pto_arena_alloc(x->prog->arena, c * sizeof *nv);
    if (*n)
      memcpy(nv, *l, *n * sizeof *nv);
    *l = nv;
    *cap = c;
  }
  (*l)[(*n)++] = v;
}



static void
note_name(pto_stmt *s, void *ctx)
{
  expand *x = ctx;
  if (s->kind == PTO_S_DECL || s->kind == PTO_S_FOR)
    pto_strmap_add(&x->names, s->var->name);
  const pto_expr *e = s->kind == PTO_S_EVAL ? s->value : NULL;
  if (!e || e->kind != PTO_E_CALL || !e->is_op || !e->nargs
      || e->args[0]->kind != PTO_E_VAR)
    return;
  const char *sig = pto_op_info(e->op)->sig;
  if (e->op == PTO_OP_MATMUL && e->nargs == 3)
    push_var(x, &x->accs, &x->naccs, &x->capaccs, e->args[0]->u.var);
  else if ((sig[0] == 'T' || sig[0] == 'U')
           && !(e->op == PTO_OP_FILL && e->nargs == 2
                && pto_e_is_zero(e->args[1])))
    push_var(x, &x->vwr, &x->nvwr, &x->capvwr, e->args[0]->u.var);
}

static bool
in_list(const pto_var *const *l, int n, const pto_var *v)
{
  for (int i = 0; i < n; i++)
    if (l[i] == v)
      return true;
  return false;
}

/* Whether E names a tile some pto.matmul of the function accumulates
   into and nothing else writes but pto.fill(c, 0): an int32 accumulator
   that stays in L0C, whose dequantization the fixpipe can do.  One that
   a vector op writes (pto.fill(c, 8), say) is held by the vector cores
   on dav-c220 (backend/cce/split.c), so its dequantization is vector
   work.  */
static bool
is_acc(const expand *x, const pto_expr *e)
{
  return e->kind == PTO_E_VAR && in_list(x->accs, x->naccs, e->u.var)
         && !in_list(x->vwr, x->nvwr, e->u.var);
}

/* A fresh tile local of DT and the shape of LIKE, named BASE or BASE_N,
   declared into OUT.  */
static pto_expr *
temp_tile(expand *x, pto_block *out, const char *base, pto_dtype dt,
          const pto_type *like, pto_loc loc)
{
  const char *name = pto_intern(x->prog, base);
  for (int n = 1; pto_strmap_has(&x->names, name); n++)
    name = pto_arena_printf(x->prog->arena, "%s_%d", base, n);
  pto_strmap_add(&x->names, name);
  const pto_type *t = pto_type_tile(x->prog, dt, like->rows, like->cols,
                                    like->space);
  pto_var *v = pto_var_new(x->prog, x->func, name, t, loc);
  pto_block_push(x->prog, out, pto_s_decl(x->prog, v, NULL, loc));
  return pto_e_var(x->prog, v, loc);
}

/* Append "pto.OP(d, a[, s]);" to OUT.  */
static void
emit_op(expand *x, pto_block *out, pto_op op, pto_expr *d, pto_expr *a,
        pto_expr *s, pto_loc loc)
{
  pto_program *p = x->prog;
  pto_expr *args[3] = {pto_e_clone(p, d), pto_e_clone(p, a), s};
  pto_block_push(p, out, pto_s_eval(p, pto_e_op(p, op, s ? 3 : 2, args, loc),
                                    loc));
}

static void
expand_quantize(expand *x, pto_block *out, pto_expr **arg, pto_loc loc)
{
  pto_expr *d = arg[0], *a = arg[1];
  pto_expr *h;
  if (a->type->dtype == PTO_DT_F32) {
    pto_expr *t = temp_tile(x, out, "quantize_f32", PTO_DT_F32, a->type,
                            loc);
    h = temp_tile(x, out, "quantize_f16", PTO_DT_F16, a->type, loc);
    emit_op(x, out, PTO_OP_MULS, t, a, arg[2], loc);
    emit_op(x, out, PTO_OP_ADDS, t, t, arg[3], loc);
    emit_op(x, out, PTO_OP_CAST, h, t, NULL, loc);
  } else {
    h = temp_tile(x, out, "quantize_f16", PTO_DT_F16, a->type, loc);
    emit_op(x, out, PTO_OP_MULS, h, a, arg[2], loc);
    emit_op(x, out, PTO_OP_ADDS, h, h, arg[3], loc);
  }
  emit_op(x, out, PTO_OP_CAST, d, h, NULL, loc);
}

static void
expand_dequantize(expand *x, pto_block *out, pto_expr **arg, pto_loc loc)
{
  pto_program *p = x->prog;
  pto_expr *d = arg[0], *a = arg[1];
  if (d->type->dtype == PTO_DT_F32) {
    pto_expr *h = temp_tile(x, out, "dequantize_f16", PTO_DT_F16, d->type,
                            loc);
    emit_op(x, out, PTO_OP_CAST, h, a, NULL, loc);
    emit_op(x, out, PTO_OP_CAST, d, h, NULL, loc);
  } else {
    emit_op(x, out, PTO_OP_CAST, d, a, NULL, loc);
  }
  pto_expr *neg = pto_e_un(p, PTO_UN_NEG, arg[3], NULL, arg[3]->loc);
  emit_op(x, out, PTO_OP_ADDS, d, d, neg, loc);
  emit_op(x, out, PTO_OP_MULS, d, d, arg[2], loc);
}

/* pto.dequant(h, c, s): t = f32(c) * s clamped to +-65504, h = fp16(t)
   (the bounds are fp16's largest finite value); pto.col_dequant(h, c,
   r) (COL) multiplies column j by the deq_scale of r[0][j].  */
static void
expand_dequant(expand *x, pto_block *out, pto_expr **arg, bool col,
               pto_loc loc)
{
  pto_program *p = x->prog;
  pto_expr *q = NULL;
  if (col) {
    q = temp_tile(x, out, "dequant_scale", PTO_DT_F32, arg[2]->type, loc);
    emit_op(x, out, PTO_OP_DEQ_SCALE, q, arg[2], NULL, loc);
  }
  pto_expr *t = temp_tile(x, out, "dequant_f32", PTO_DT_F32, arg[0]->type,
                          loc);
  emit_op(x, out, PTO_OP_CAST, t, arg[1], NULL, loc);
  emit_op(x, out, col ? PTO_OP_COL_EXPAND_MUL : PTO_OP_MULS, t, t,
          col ? pto_e_clone(p, q) : arg[2], loc);
  emit_op(x, out, PTO_OP_MINS, t, t,
          pto_e_float(p, pto_type_scalar(p, PTO_DT_F32), 65504.0, loc), loc);
  emit_op(x, out, PTO_OP_MAXS, t, t,
          pto_e_float(p, pto_type_scalar(p, PTO_DT_F32), -65504.0, loc), loc);
  emit_op(x, out, PTO_OP_CAST, arg[0], t, NULL, loc);
}

/* The QUANT or DEQ call S evaluates that this pass expands, or NULL.  */
static pto_expr *
quant_call(const expand *x, const pto_stmt *s)
{
  const pto_expr *e = s->kind == PTO_S_EVAL ? s->value : NULL;
  if (!e || e->kind != PTO_E_CALL || !e->is_op)
    return NULL;
  if (pto_op_info(e->op)->rule == PTO_RULE_QUANT && e->nargs == 4)
    return s->value;
  if (e->op == PTO_OP_COL_DEQUANT && e->nargs == 3
      && !(e->args[2]->type->kind == PTO_TY_TILE
           && e->args[2]->type->dtype == PTO_DT_U64 && is_acc(x, e->args[1])))
    return s->value;
  if (e->op == PTO_OP_DEQUANT && e->nargs == 3 && !is_acc(x, e->args[1]))
    return s->value;
  return NULL;
}

static void expand_block(expand *x, pto_block *b);

static void
expand_stmt_into(expand *x, pto_stmt *s, pto_block *out)
{
  pto_expr *e = quant_call(x, s);
  if (!e) {
    expand_block(x, &s->body);
    expand_block(x, &s->els);
    pto_block_push(x->prog, out, s);
  } else if (e->op == PTO_OP_QUANTIZE) {
    expand_quantize(x, out, e->args, s->loc);
  } else if (e->op == PTO_OP_DEQUANT || e->op == PTO_OP_COL_DEQUANT) {
    expand_dequant(x, out, e->args, e->op == PTO_OP_COL_DEQUANT, s->loc);
  } else {
    expand_dequantize(x, out, e->args, s->loc);
  }
}

static void
expand_block(expand *x, pto_block *b)
{
  pto_block out = {0};
  for (int i = 0; i < b->n; i++)
    expand_stmt_into(x, b->items[i], &out);
  *b = out;
}

static int
run(pto_pass_ctx *ctx)
{
  for (int i = 0; i < ctx->prog->nfuncs; i++) {
    pto_func *f = ctx->prog->funcs[i];
    if (f->dead)
      continue;
    expand x = {ctx->prog, f, {0}, NULL, 0, 0, NULL, 0, 0};
    for (int k = 0; k < f->nparams; k++)
      pto_strmap_add(&x.names, f->params[k]->name);
    pto_walk_stmts(f, note_name, &x);
    expand_block(&x, &f->body);
    pto_strmap_free(&x.names);
  }
  return 0;
}

const pto_pass pto_pass_expand = {
    "expand", "ExpandTileOps", 0, 0, 0, NULL, run,
};
