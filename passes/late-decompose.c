/* late-decompose.c - the Decompose pass: the late
   decompositions of rewrite/decompose.c over every expression of the program, the last
   rewrite before the linear form.  The last pass of the default
   pipeline (passes/pipeline.c), so both back ends receive the
   decomposed forms.

   Requires: nothing.  Produces: nothing.  Invalidates: ConstantsFolded
   (a decomposed expression is not re-folded; in practice none of the
   rewrites builds an operation on constants).

   Every expression root of every live function goes through
   pto_decompose_expr (rewrite/decompose.c) with PTO_DEC_ALL, under the
   value ranges of the enclosing loop indices: for (i = a; i < b; ...)
   gives i the range [a.lo, b.hi - 1] (down-counting: [b.lo + 1, a.hi])
   when the bounds have known ranges (pto.block_idx() has one: ranges.c),
   and a bind (a scalar integer never written after its declaration)
   the range of its value.  The decompositions are exact for
   every input (decompose.c), so the pass never changes what the program
   computes.  */

#include "passes/let-inline.h"
#include "rewrite/rewrite.h"

typedef struct dpass {
  pto_program *p;
  pto_range_env *env;
  pto_letinfo *li;      /* of the function being decomposed */
} dpass;

static void
root(pto_expr **slot, void *ctx)
{
  dpass *d = ctx;
  if (*slot)
    *slot = pto_decompose_expr(d->p, *slot, d->env, PTO_DEC_ALL);
}

static void decompose_block(dpass *d, pto_block *b);

/* The range of loop S's index, when its bounds have known ranges.  */
static void
enter_loop(dpass *d, const pto_stmt *s)
{
  pto_range a = pto_expr_range(s->start, d->env);
  pto_range b = pto_expr_range(s->stop, d->env);
  if (!a.known || !b.known)
    return;
  if (!s->down && b.hi > INT64_MIN && a.lo <= b.hi - 1)
    pto_range_env_set(d->env, s->var, a.lo, b.hi - 1);
  else if (s->down && b.lo < INT64_MAX && b.lo + 1 <= a.hi)
    pto_range_env_set(d->env, s->var, b.lo + 1, a.hi);
}

/* A bind (a scalar integer never written after its declaration) keeps
   its value's range for the rest of the function.  The range is that of
   the value as written, before it is decomposed: i % 7 is in [0, 6] for
   i >= 0, its decomposed form i - ((i * M) >> S) * 7 is not known to be
   (the range rules do not see through a multiply-shift quotient).  */
static void
enter_bind(dpass *d, const pto_stmt *s, const pto_expr *value)
{
  if (!value || s->var->type->kind != PTO_TY_SCALAR
      || !pto_dtype_is_int(s->var->type->dtype)
      || !pto_let_is_bind(d->li, s->var))
    return;
  pto_range r = pto_expr_range(value, d->env);
  if (r.known)
    pto_range_env_set(d->env, s->var, r.lo, r.hi);
}

static void
decompose_stmt(dpass *d, pto_stmt *s)
{
  const pto_expr *value = s->kind == PTO_S_DECL ? s->value : NULL;
  pto_stmt_exprs(s, root, d);
  switch (s->kind) {
  case PTO_S_DECL:
    enter_bind(d, s, value);
    break;
  case PTO_S_FOR:
    enter_loop(d, s);
    decompose_block(d, &s->body);
    pto_range_env_forget(d->env, s->var);
    break;
  case PTO_S_IF:
    decompose_block(d, &s->body);
    decompose_block(d, &s->els);
    break;
  case PTO_S_WHILE:
    decompose_block(d, &s->body);
    break;
  default:
    break;
  }
}

static void
decompose_block(dpass *d, pto_block *b)
{
  for (int i = 0; i < b->n; i++)
    decompose_stmt(d, b->items[i]);
}

static int
run(pto_pass_ctx *ctx)
{
  dpass d = {ctx->prog, pto_range_env_new(), NULL};
  for (int i = 0; i < ctx->prog->nfuncs; i++) {
    pto_func *f = ctx->prog->funcs[i];
    if (f->dead)
      continue;
    d.li = pto_letinfo_new(ctx->prog, f);
    decompose_block(&d, &f->body);
    pto_letinfo_free(d.li);
  }
  pto_range_env_free(d.env);
  return 0;
}

const pto_pass pto_pass_decompose = {
    "decompose", "Decompose", 0, 0, PTO_PROP_FOLDED, NULL, run,
};
