/* rewrite.c - the table-driven symbolic rewrite engine (seed 004 stage
   16, issue 7).

   pto_simplify_expr rewrites an expression bottom-up to a fixed point
   with the rules of rules.c, bucketed by root (a binary operator, a unary
   operator, select, plus rules tried on every integer/bool root).  It is
   functional: nodes are never modified, a changed child gives a new
   parent, so shared subtrees and other users of E are safe.

   Termination and size: a replacement is accepted only if it has no more
   nodes than the node it replaces, and the engine stops rewriting after a
   fixed budget of rule applications (which the fuzzer checks is never
   reached); rules of equal size are canonicalising (they produce a fixed
   normal form and return NULL on it), so no two rules ping-pong.

   Only integer and bool expressions are rewritten.  Float, pointer and
   tile operations keep their form; their operands are simplified.
   Subtrees that call a function with an effect are never merged, dropped
   or duplicated (pto_rw_equal treats them as unequal to everything).  */

#include "rewrite/rewrite.h"

#include <stdlib.h>
#include <string.h>

enum { BUDGET = 100000 };

int
pto_rw_key(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_BIN: return (int)e->u.binop;
  case PTO_E_UN: return PTO_RWK_UN + (int)e->u.unop;
  case PTO_E_SELECT: return PTO_RWK_SELECT;
  default: return -1;
  }
}

/* ------------------------------------------------------------------ */
/* Structural helpers                                                  */
/* ------------------------------------------------------------------ */

bool
pto_rw_pure(const pto_expr *e)
{
  if (!e)
    return true;
  if (e->kind == PTO_E_CALL
      && (!e->is_op || pto_op_info(e->op)->effect != PTO_EFF_PURE))
    return false;
  if (!pto_rw_pure(e->a) || !pto_rw_pure(e->b) || !pto_rw_pure(e->c))
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (!pto_rw_pure(e->args[i]))
      return false;
  return true;
}

/* True if the operation at the root of E may be undefined under C's
   env: a division whose divisor range holds 0 (or MIN / -1), a shift
   whose amount range leaves [0, bits).  */
static bool
may_trap(pto_rw *c, const pto_expr *e)
{
  if (e->kind != PTO_E_BIN || !pto_rw_is_intlike(e->a)
      || e->a->type->dtype == PTO_DT_BOOL)
    return false;
  pto_binop op = e->u.binop;
  pto_iv b = pto_rw_iv(c, e->b);
  if (op == PTO_BIN_SHL || op == PTO_BIN_SHR)
    return b.lo < 0 || b.hi >= pto_dtype_bits(e->a->type->dtype);
  if (op != PTO_BIN_DIV && op != PTO_BIN_MOD && op != PTO_BIN_FLOORDIV
      && op != PTO_BIN_FLOORMOD)
    return false;
  if (b.lo <= 0 && b.hi >= 0)
    return true;
  pto_iv a = pto_rw_iv(c, e->a);
  pto_iv t = pto_iv_of_dtype(e->a->type->dtype);
  return pto_dtype_is_signed(e->a->type->dtype) && b.lo <= -1 && b.hi >= -1
         && a.lo == t.lo;
}

bool
pto_rw_safe(pto_rw *c, const pto_expr *e)
{
  if (!e)
    return true;
  if (e->kind == PTO_E_CALL || may_trap(c, e))
    return false;
  if (!pto_rw_safe(c, e->a) || !pto_rw_safe(c, e->b) || !pto_rw_safe(c, e->c))
    return false;
  for (int i = 0; i < e->nargs; i++)
    if (!pto_rw_safe(c, e->args[i]))
      return false;
  return true;
}

int
pto_rw_size(const pto_expr *e)
{
  if (!e)
    return 0;
  int n = 1 + pto_rw_size(e->a) + pto_rw_size(e->b) + pto_rw_size(e->c);
  for (int i = 0; i < e->nargs; i++)
    n += pto_rw_size(e->args[i]);
  return n;
}

static int
cmp_int(int64_t a, int64_t b)
{
  return a < b ? -1 : a > b;
}

/* Rank of a node kind in the canonical order: variables first, then
   compound nodes, constants last (so constants end up on the right).  */
static int
kind_rank(const pto_expr *e)
{
  switch (e->kind) {
  case PTO_E_VAR: return 0;
  case PTO_E_INT: return 101;
  case PTO_E_FLOAT: return 100;
  default: return 1 + (int)e->kind;
  }
}

static int
cmp_str(const char *a, const char *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  return strcmp(a, b);
}

/* A total order on expression trees, deterministic across runs (no
   pointer comparisons): kind, then payload, then operands.  */
int
pto_rw_compare(const pto_expr *a, const pto_expr *b)
{
  if (a == b)
    return 0;
  if (!a || !b)
    return a ? 1 : -1;
  int c = kind_rank(a) - kind_rank(b);
  if (c)
    return c;
  if (a->type != b->type) {
    c = cmp_int(a->type->kind, b->type->kind);
    if (!c)
      c = cmp_int(a->type->dtype, b->type->dtype);
    if (c)
      return c;
  }
  switch (a->kind) {
  case PTO_E_INT: c = cmp_int(a->u.ival, b->u.ival); break;
  case PTO_E_FLOAT:
    c = a->u.fval < b->u.fval ? -1 : a->u.fval > b->u.fval;
    break;
  case PTO_E_VAR:
    c = cmp_str(a->u.var->name, b->u.var->name);
    if (!c)
      c = cmp_int(a->u.var->id, b->u.var->id);
    break;
  case PTO_E_BIN: c = cmp_int(a->u.binop, b->u.binop); break;
  case PTO_E_UN: c = cmp_int(a->u.unop, b->u.unop); break;
  case PTO_E_GETITEM: c = cmp_int(a->u.index, b->u.index); break;
  default: break;
  }
  if (c)
    return c;
  if (a->kind == PTO_E_CALL) {
    c = cmp_int(a->is_op, b->is_op);
    if (!c)
      c = a->is_op ? cmp_int(a->op, b->op) : cmp_str(a->fname, b->fname);
  } else if (a->kind == PTO_E_FUNCREF) {
    c = cmp_str(a->fname, b->fname);
  }
  if (c)
    return c;
  if ((c = pto_rw_compare(a->a, b->a)) || (c = pto_rw_compare(a->b, b->b))
      || (c = pto_rw_compare(a->c, b->c)))
    return c;
  if ((c = cmp_int(a->nargs, b->nargs)))
    return c;
  for (int i = 0; i < a->nargs; i++)
    if ((c = pto_rw_compare(a->args[i], b->args[i])))
      return c;
  return 0;
}

static bool
same_tree(const pto_expr *a, const pto_expr *b)
{
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type)
    return false;
  return pto_rw_compare(a, b) == 0;
}

bool
pto_rw_equal(const pto_expr *a, const pto_expr *b)
{
  return same_tree(a, b) && pto_rw_pure(a);
}

/* ------------------------------------------------------------------ */
/* Node construction                                                   */
/* ------------------------------------------------------------------ */

pto_iv
pto_rw_iv(pto_rw *c, const pto_expr *e)
{
  return pto_rw_range(e, c->env, c->memo);
}

pto_expr *
pto_rw_int(pto_rw *c, const pto_type *t, pto_i128 v)
{
  return pto_e_int(c->p, t, pto_rw_wrap(t->dtype, v), pto_noloc);
}

pto_expr *
pto_rw_bin(pto_rw *c, pto_binop op, pto_expr *a, pto_expr *b)
{
  return pto_e_bin(c->p, op, a, b, a->loc);
}

pto_expr *
pto_rw_un(pto_rw *c, pto_unop op, pto_expr *a, const pto_type *t)
{
  return pto_e_un(c->p, op, a, t, a->loc);
}

pto_expr *
pto_rw_sel(pto_rw *c, pto_expr *k, pto_expr *a, pto_expr *b)
{
  return pto_e_select(c->p, k, a, b, k->loc);
}

/* A shallow copy of E with the operands replaced.  */
static pto_expr *
with_operands(pto_rw *c, const pto_expr *e, pto_expr *a, pto_expr *b,
              pto_expr *x, pto_expr **args)
{
  pto_expr *n = pto_arena_alloc(c->p->arena, sizeof *n);
  *n = *e;
  n->a = a;
  n->b = b;
  n->c = x;
  if (e->nargs) {
    n->args = pto_arena_alloc(c->p->arena, sizeof *n->args * e->nargs);
    memcpy(n->args, args, sizeof *n->args * e->nargs);
  }
  return n;
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */
/* ------------------------------------------------------------------ */

/* Rule indices per key, built from the table on each call (cheap).  */
typedef struct buckets {
  int start[PTO_RWK_COUNT + 1];
  int order[512];
} buckets;

static void
build_buckets(buckets *bk)
{
  int count[PTO_RWK_COUNT] = {0};
  pto_assert(pto_nrules <= 512);
  for (int i = 0; i < pto_nrules; i++)
    count[pto_rules[i].key]++;
  bk->start[0] = 0;
  for (int k = 0; k < PTO_RWK_COUNT; k++)
    bk->start[k + 1] = bk->start[k] + count[k];
  int fill[PTO_RWK_COUNT];
  memcpy(fill, bk->start, sizeof fill);
  for (int i = 0; i < pto_nrules; i++)
    bk->order[fill[pto_rules[i].key]++] = i;
}

/* A set of nodes known to be at a fixed point under this env (nodes
   are immutable, so the fact stays true for the whole call).  */
typedef struct doneset {
  const pto_expr **slots;
  size_t cap, used;
} doneset;

static size_t
slot_of(const doneset *d, const pto_expr *e)
{
  uintptr_t x = (uintptr_t)e;
  x ^= x >> 17;
  x *= (uintptr_t)0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(x >> 7) & (d->cap - 1);
  while (d->slots[i] && d->slots[i] != e)
    i = (i + 1) & (d->cap - 1);
  return i;
}

static bool
done_has(const doneset *d, const pto_expr *e)
{
  return d->slots[slot_of(d, e)] == e;
}

static void
done_add(doneset *d, const pto_expr *e)
{
  if (2 * (d->used + 1) > d->cap) {
    doneset n = {pto_xcalloc(d->cap * 2, sizeof *n.slots), d->cap * 2, 0};
    for (size_t i = 0; i < d->cap; i++)
      if (d->slots[i])
        n.slots[slot_of(&n, d->slots[i])] = d->slots[i], n.used++;
    free(d->slots);
    *d = n;
  }
  size_t i = slot_of(d, e);
  if (!d->slots[i]) {
    d->slots[i] = e;
    d->used++;
  }
}

typedef struct engine {
  pto_rw rw;
  buckets bk;
  doneset done;
} engine;

static pto_expr *simplify(engine *g, pto_expr *e);

/* Try the rules of bucket KEY on E; return the accepted replacement.  */
static pto_expr *
try_bucket(engine *g, pto_expr *e, int key, int size)
{
  for (int j = g->bk.start[key]; j < g->bk.start[key + 1]; j++) {
    int i = g->bk.order[j];
    pto_expr *r = pto_rules[i].fn(&g->rw, e);
    if (!r || r == e)
      continue;
    if (pto_rw_size(r) > size)
      continue;
    if (g->rw.hits)
      g->rw.hits[i]++;
    return r;
  }
  return NULL;
}

/* Rewrite E, whose operands are already simplified, at its root until no
   rule applies.  */
static pto_expr *
rewrite_root(engine *g, pto_expr *e)
{
  while (g->rw.budget > 0 && pto_rw_is_intlike(e)) {
    int size = pto_rw_size(e);
    pto_expr *r = NULL;
    int key = pto_rw_key(e);
    /* An operation on constants is folded or, when undefined (1 / 0,
       MIN / -1, 1 << 99), kept as written for later diagnostics.  */
    bool allconst = (e->kind == PTO_E_BIN || e->kind == PTO_E_UN)
                    && e->a->kind == PTO_E_INT
                    && (e->kind == PTO_E_UN || e->b->kind == PTO_E_INT);
    if (key >= 0 && !allconst)
      r = try_bucket(g, e, key, size);
    if (!r)
      r = try_bucket(g, e, PTO_RWK_ANY, size);
    if (!r)
      break;
    g->rw.budget--;
    g->rw.applied++;
    e = simplify(g, r);
  }
  return e;
}

static pto_expr *
simplify(engine *g, pto_expr *e)
{
  if (!e || done_has(&g->done, e))
    return e;
  pto_expr *a = simplify(g, e->a);
  pto_expr *b = simplify(g, e->b);
  pto_expr *x = simplify(g, e->c);
  bool changed = a != e->a || b != e->b || x != e->c;
  pto_expr *argv[16], **args = e->nargs <= 16 ? argv : NULL;
  if (e->nargs > 16)
    args = pto_arena_alloc(g->rw.p->arena, sizeof *args * e->nargs);
  for (int i = 0; i < e->nargs; i++) {
    args[i] = simplify(g, e->args[i]);
    changed |= args[i] != e->args[i];
  }
  if (changed)
    e = with_operands(&g->rw, e, a, b, x, args);
  e = rewrite_root(g, e);
  if (g->rw.budget > 0)
    done_add(&g->done, e);
  return e;
}

pto_expr *
pto_simplify_expr_stats(pto_program *p, pto_expr *e, const pto_range_env *env,
                        long *applied, unsigned long *hits)
{
  engine *g = pto_xcalloc(1, sizeof *g);
  g->rw.p = p;
  g->rw.env = env;
  g->rw.memo = pto_range_memo_new();
  g->rw.budget = BUDGET;
  g->rw.hits = hits;
  build_buckets(&g->bk);
  g->done.cap = 16;  /* grows by doubling */
  g->done.slots = pto_xcalloc(g->done.cap, sizeof *g->done.slots);
  pto_expr *r = simplify(g, e);
  free(g->done.slots);
  if (applied)
    *applied = g->rw.budget > 0 ? *applied + g->rw.applied : -1;
  pto_range_memo_free(g->rw.memo);
  free(g);
  return r;
}

pto_expr *
pto_simplify_expr(pto_program *p, pto_expr *e, const pto_range_env *env)
{
  return pto_simplify_expr_stats(p, e, env, NULL, NULL);
}
