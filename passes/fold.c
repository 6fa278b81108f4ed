/* fold.c - constant folding of integer and boolean expressions, and
   removal of branches and loops that constants decide.

   Requires: nothing.  Produces: ConstantsFolded (no integer or boolean
   operation whose operands are all constants remains, except those whose
   value is undefined: division by zero, INT_MIN / -1, shifts by a negative
   or too-large amount).  Invalidates: nothing.

   Integer arithmetic wraps to the width of the type (two's complement),
   which is what the generated code computes.  Floating-point expressions
   are left alone: folding them needs the target's rounding for f16/bf16,
   which the Simplify pass owns.  Rewrites in statements:
     if (true) {A} else {B}   ->  A        if (false) {A} else {B}  ->  B
     while (false) {A}        ->  (nothing)
   The statements of a chosen branch move into the enclosing block; names
   are unique per function, so no declaration can clash.  */

#include "passes/passes.h"

static void
fold_slot(pto_expr **slot, void *ctx)
{
  *slot = pto_fold_expr(ctx, *slot);
}

static void fold_block(pto_program *p, pto_block *b);

/* Append S (folded) to OUT, or what replaces it.  */
static void
fold_stmt_into(pto_program *p, pto_stmt *s, pto_block *out)
{
  pto_stmt_exprs(s, fold_slot, p);
  fold_block(p, &s->body);
  fold_block(p, &s->els);
  if (s->kind == PTO_S_IF && pto_expr_is_intconst(s->cond)) {
    pto_block_append(p, out, s->cond->u.ival ? &s->body : &s->els);
    return;
  }
  if (s->kind == PTO_S_WHILE && pto_expr_is_intconst(s->cond)
      && !s->cond->u.ival)
    return;
  pto_block_push(p, out, s);
}

static void
fold_block(pto_program *p, pto_block *b)
{
  pto_block out = {0};
  for (int i = 0; i < b->n; i++)
    fold_stmt_into(p, b->items[i], &out);
  *b = out;
}

static int
run(pto_pass_ctx *ctx)
{
  for (int i = 0; i < ctx->prog->nfuncs; i++)
    if (!ctx->prog->funcs[i]->dead)
      fold_block(ctx->prog, &ctx->prog->funcs[i]->body);
  return 0;
}

/* Verifier state: the program being checked and the sink.  */
typedef struct check_ctx {
  pto_diag *diag;
  int bad;
} check_ctx;

static void
check_expr(const pto_expr *e, check_ctx *c)
{
  if (!e)
    return;
  check_expr(e->a, c);
  check_expr(e->b, c);
  check_expr(e->c, c);
  for (int i = 0; i < e->nargs; i++)
    check_expr(e->args[i], c);
  int64_t v;
  if (pto_fold_value(e, &v)) {
    pto_error(c->diag, e->loc, "verify: constant expression left unfolded");
    c->bad++;
  }
}

static void
check_slot(pto_expr **slot, void *ctx)
{
  check_expr(*slot, ctx);
}

static void
check_stmt(pto_stmt *s, void *ctx)
{
  pto_stmt_exprs(s, check_slot, ctx);
}

int
pto_verify_folded(const pto_program *p, pto_diag *diag)
{
  check_ctx c = {diag, 0};
  for (int i = 0; i < p->nfuncs; i++)
    if (!p->funcs[i]->dead)
      pto_walk_stmts(p->funcs[i], check_stmt, &c);
  return c.bad;
}

const pto_pass pto_pass_fold = {
    "fold", "ConstantFold", 0, PTO_PROP_FOLDED, 0, NULL, run,
};
