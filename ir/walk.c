/* walk.c - traversal helpers (contract: ir/walk.h).  */

#include "ir/walk.h"

static void
walk_block(pto_block *b, void (*fn)(pto_stmt *, void *), void *ctx)
{
  for (int i = 0; i < b->n; i++) {
    pto_stmt *s = b->items[i];
    fn(s, ctx);
    walk_block(&s->body, fn, ctx);
    walk_block(&s->els, fn, ctx);
  }
}

void
pto_walk_stmts(pto_func *f, void (*fn)(pto_stmt *s, void *ctx), void *ctx)
{
  walk_block(&f->body, fn, ctx);
}

void
pto_stmt_exprs(pto_stmt *s, void (*fn)(pto_expr **slot, void *ctx),
               void *ctx)
{
  pto_expr **slots[] = {&s->lhs, &s->value, &s->cond,
                        &s->start, &s->stop, &s->step};
  for (size_t i = 0; i < sizeof slots / sizeof *slots; i++)
    if (*slots[i])
      fn(slots[i], ctx);
}
