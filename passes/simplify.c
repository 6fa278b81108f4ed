/* simplify.c - the Simplify pass: conditional let inlining (as
   TileLang's tl.Simplify) plus the usual statement-level clean-up.

   Requires: nothing.  Produces: ConstantsFolded.  Invalidates: nothing.

   Binds (passes/let-inline.h: "var x: T = v;" never written afterwards) are
   handled in two phases, as the seed describes:
   1. Substitute.  Walking the function in order, a bind is *inlined* -
      its value substituted at every later use - when the option
      simplify-let-inline is on (default), its value is stable (nothing
      between the bind and a use may write what it reads) and
        - CanInlineBind holds: the value is a constant or a plain
          variable (an alias), or the bind has a signed integer type and
          its value has no side effect and reads no memory (a load is
          kReadState in TileLang, above kPure: not inlined); floats,
          unsigned, bool and pointer arithmetic stay bound.  Deviation
          from TileLang: a value that divides, takes a modulo, selects or
          calls something other than a pure intrinsic stays bound too; substituting it would repeat that work at every use
          (UnrollLoops' trip counts and split points showed it: each loop
          bound grew a copy of the whole division chain); or
        - the buffer-alias drop applies: the bind is a tile (a region of
          memory) with at least ALIAS_DROP_DIMS non-unit dimensions.
          Our tiles are 2-D, so "more than 2" (the seed's wording) could
          never fire; today's TileLang drops at >= 2, which is what we
          do: a 16x64 tile copy is replaced by its source, a 1x64 or
          16x1 tile stays a copy.  Tiles never take CanInlineBind's alias
          branch: a tile bind is a copy, not a name.
      Buffer-definition operands (the bufdef column of the op table:
      pto.load's and pto.store's pointer and row stride) are never
      substituted into, like TileLang's Buffer fields; a bind whose
      variable appears in one therefore keeps its statement, while its
      value still replaces every other use.
      Binds that are not inlined but are pure integers stay known to the
      prover: their value ranges go into the range environment and their
      values are substituted inside conditions that the prover tries to
      decide (the result is used only when it is a constant).  With
      simplify-let-inline=0 nothing is inlined and no bind is removed,
      but these facts still prove conditions.
   2. Remove unused binds to a fixed point (a chain x -> y -> z goes in
      one run).  A bind whose value has a side effect stays.  Metadata:
      our attributes (loop and function) hold only constants and strings,
      never variables, so no bind is kept alive by metadata; a string
      attribute equal to a variable's name is not a reference.

   Expressions: integer/bool folding, the symbolic rules of rewrite.c
   (pto_simplify_expr) under the ranges of enclosing loop indices and
   branch conditions, and f32/f64 constant folding (fold.c leaves floats
   to this pass).  Statements:
     if (c): c decided by the prover -> the chosen branch inline; inside
       a branch, comparisons of an unchanged integer variable with a
       constant (and && / || / ! of them) narrow that variable's range,
       so nested and negated conditions fold; the prover also uses the
       left side of && and || to decide the right side;  an if with two empty
       branches and a pure condition goes;
     for: a loop whose start is provably >= its stop (<= for a
       down-counting loop) is removed (zero-trip), as is a loop with an
       empty body, when its bounds have no side effect; the index ranges
       over [start.lo, stop.hi - 1] in the body;
     while (false) goes;  "x = x;" and "p[i] = p[i];" (no-op stores) go;
     an expression statement without side effect goes;  statements after
       return, break or continue in the same block are unreachable and
       go.  */

#include "passes/let-inline.h"
#include "rewrite/rewrite.h"

#include <stdlib.h>
#include <string.h>

/* The buffer-alias drop threshold: a tile bind with at least this many
   non-unit dimensions is replaced by its source.  */
enum { ALIAS_DROP_DIMS = 2 };

typedef struct simp {
  pto_program *p;
  pto_letinfo *li;
  pto_range_env *env;   /* loop indices and branch conditions */
  pto_range_env *penv;  /* the same plus the ranges of kept binds */
  pto_expr **map;     /* inlined binds: var id -> value */
  pto_expr **facts;   /* pure integer binds kept: var id -> value */
  bool inline_on;
} simp;

/* ------------------------------------------------------------------ */
/* Expressions                                                         */
/* ------------------------------------------------------------------ */

static bool
is_const(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->type->kind == PTO_TY_SCALAR;
}

static bool
is_fconst(const pto_expr *e)
{
  return e->kind == PTO_E_FLOAT && e->type->kind == PTO_TY_SCALAR
         && (e->type->dtype == PTO_DT_F32 || e->type->dtype == PTO_DT_F64);
}

/* V rounded to the precision of DT (f32 or f64).  */
static double
round_to(pto_dtype dt, double v)
{
  return dt == PTO_DT_F32 ? (double)(float)v : v;
}

/* Fold the f32/f64 operation at the root of E when its operands are
   constants and the result is finite; set *OUT to the replacement.  Each
   operation is rounded once to the type's precision, which is what IEEE
   single and double arithmetic on the target computes (a double holds
   every f32 sum, difference, product and quotient closely enough that
   rounding it to f32 gives the correctly rounded f32 result).  f16 and
   bf16 are left alone.  */
static bool
fold_float_root(simp *c, const pto_expr *e, pto_expr **out)
{
  const pto_type *t = e->type;
  if (e->kind == PTO_E_BIN && is_fconst(e->a) && is_fconst(e->b)) {
    pto_dtype dt = e->a->type->dtype;
    double a = round_to(dt, e->a->u.fval), b = round_to(dt, e->b->u.fval), r;
    switch (e->u.binop) {
    case PTO_BIN_ADD: r = round_to(dt, a + b); break;
    case PTO_BIN_SUB: r = round_to(dt, a - b); break;
    case PTO_BIN_MUL: r = round_to(dt, a * b); break;
    case PTO_BIN_DIV:
      if (b == 0)
        return false;
      r = round_to(dt, a / b);
      break;
    case PTO_BIN_MIN: r = a < b ? a : b; break;
    case PTO_BIN_MAX: r = a > b ? a : b; break;
    case PTO_BIN_LT: *out = pto_e_bool(c->p, a < b, e->loc); return true;
    case PTO_BIN_LE: *out = pto_e_bool(c->p, a <= b, e->loc); return true;
    case PTO_BIN_GT: *out = pto_e_bool(c->p, a > b, e->loc); return true;
    case PTO_BIN_GE: *out = pto_e_bool(c->p, a >= b, e->loc); return true;
    case PTO_BIN_EQ: *out = pto_e_bool(c->p, a == b, e->loc); return true;
    case PTO_BIN_NE: *out = pto_e_bool(c->p, a != b, e->loc); return true;
    default: return false;
    }
    if (!(r - r == 0))  /* inf or nan */
      return false;
    *out = pto_e_float(c->p, t, r, e->loc);
    return true;
  }
  if (e->kind == PTO_E_UN && is_fconst(e->a)
      && (e->u.unop == PTO_UN_NEG || e->u.unop == PTO_UN_ABS)) {
    double a = e->a->u.fval;
    *out = pto_e_float(c->p, t, e->u.unop == PTO_UN_NEG ? -a
                                 : (a < 0 ? -a : a), e->loc);
    return true;
  }
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_CAST && is_const(e->a)
      && t->kind == PTO_TY_SCALAR
      && (t->dtype == PTO_DT_F32 || t->dtype == PTO_DT_F64)) {
    pto_dtype from = e->a->type->dtype;
    double v = pto_dtype_is_signed(from) || from == PTO_DT_BOOL
                   ? (double)e->a->u.ival
                   : (double)(uint64_t)e->a->u.ival;
    *out = pto_e_float(c->p, t, round_to(t->dtype, v), e->loc);
    return true;
  }
  return false;
}

/* Fold f32/f64 constant operations in E, bottom-up, in place.  */
static pto_expr *
fold_floats(simp *c, pto_expr *e)
{
  if (!e)
    return e;
  e->a = fold_floats(c, e->a);
  e->b = fold_floats(c, e->b);
  e->c = fold_floats(c, e->c);
  for (int i = 0; i < e->nargs; i++)
    e->args[i] = fold_floats(c, e->args[i]);
  pto_expr *r;
  return fold_float_root(c, e, &r) ? r : e;
}

/* E (simplified) rewritten through the values of the kept pure binds
   (the prover's facts), when that proves it constant or makes it
   smaller: q * 7 + r - i with q = i / 7 and r = i % 7 is 0, grp * 8 +
   lane with grp = i / 8 and lane = i % 8 is i.  A fact is stable (what
   its value reads is not written between the bind and here), so its
   value may replace the variable, as inlining would; with
   simplify-let-inline=0 nothing is substituted.  */
static pto_expr *
through_facts(simp *c, pto_expr *e)
{
  if (!c->inline_on || is_const(e) || e->type->kind != PTO_TY_SCALAR
      || !pto_dtype_is_int(e->type->dtype) || pto_let_has_effect(e))
    return e;
  pto_expr *t = pto_let_subst(c->p, e, c->facts, true);
  if (t == e)
    return e;
  t = pto_fold_expr(c->p, pto_simplify_expr(c->p, t, c->penv));
  return is_const(t) || pto_rw_size(t) < pto_rw_size(e) ? t : e;
}

/* through_facts on E and, where it leaves a node as it is, on the
   node's operands: the integer parts of a pointer expression, of an
   intrinsic call's operands (its buffer definitions too: the result is
   E's value, not an inlined bind) and of a larger integer expression
   that as a whole would not shrink (y + (q * 7 + r) * 256 + lane * 16
   becomes y + i * 256 + lane * 16).  E is not modified; a changed node
   is a fresh copy.  */
static pto_expr *
through_facts_deep(simp *c, pto_expr *e)
{
  if (!e || is_const(e) || e->kind == PTO_E_VAR)
    return e;
  pto_expr *t = through_facts(c, e);
  if (t != e)
    return t;
  pto_expr *a = through_facts_deep(c, e->a);
  pto_expr *b = through_facts_deep(c, e->b);
  pto_expr *x = through_facts_deep(c, e->c);
  pto_expr **args = e->args;
  for (int i = 0; i < e->nargs; i++) {
    pto_expr *n = through_facts_deep(c, e->args[i]);
    if (n == e->args[i])
      continue;
    if (args == e->args) {
      args = pto_arena_alloc(c->p->arena, sizeof *args * (size_t)e->nargs);
      memcpy(args, e->args, sizeof *args * (size_t)e->nargs);
    }
    args[i] = n;
  }
  /* p + 0 and p - 0 for a pointer p: what a constant-proven offset
     leaves (x + (q * 7 + r - i) is x, x + lane * 0 is x).  */
  if (e->kind == PTO_E_BIN && e->type->kind == PTO_TY_PTR
      && (e->u.binop == PTO_BIN_ADD || e->u.binop == PTO_BIN_SUB)
      && a->type->kind == PTO_TY_PTR && is_const(b) && b->u.ival == 0)
    return a;
  if (a == e->a && b == e->b && x == e->c && args == e->args)
    return e;
  pto_expr *n = pto_arena_alloc(c->p->arena, sizeof *n);
  *n = *e;
  n->a = a;
  n->b = b;
  n->c = x;
  n->args = args;
  return n;
}

/* Substitute the inlined binds into E (never into buffer definitions),
   then fold and apply the symbolic rules, with the facts of the kept
   binds too (through_facts_deep).  */
static pto_expr *
simplify_expr(simp *c, pto_expr *e)
{
  if (!e)
    return e;
  e = pto_let_subst(c->p, e, c->map, true);
  e = pto_simplify_expr(c->p, e, c->env);
  e = fold_floats(c, e);
  return through_facts_deep(c, pto_fold_expr(c->p, e));
}

/* An lvalue keeps its shape: only its operands are simplified.  */
static pto_expr *
simplify_lvalue(simp *c, pto_expr *e)
{
  if (e->kind == PTO_E_VAR)
    return e;
  pto_expr *n = pto_arena_alloc(c->p->arena, sizeof *n);
  *n = *e;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_DEREF) {
    n->a = simplify_expr(c, e->a);
    return n;
  }
  if (e->kind == PTO_E_INDEX || e->kind == PTO_E_GETITEM) {
    bool ptr_base = e->a->type->kind == PTO_TY_PTR;
    n->a = ptr_base ? simplify_expr(c, e->a) : simplify_lvalue(c, e->a);
    if (e->nargs) {
      n->args = pto_arena_alloc(c->p->arena,
                                sizeof *n->args * (size_t)e->nargs);
      for (int i = 0; i < e->nargs; i++)
        n->args[i] = simplify_expr(c, e->args[i]);
    }
  }
  return n;
}

/* Structural equality of side-effect-free expressions.  */
static bool
same_expr(const pto_expr *a, const pto_expr *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind || a->type != b->type || a->nargs != b->nargs)
    return false;
  switch (a->kind) {
  case PTO_E_INT: if (a->u.ival != b->u.ival) return false; break;
  case PTO_E_FLOAT: return false;  /* NaN != NaN: be conservative */
  case PTO_E_VAR: if (a->u.var != b->u.var) return false; break;
  case PTO_E_BIN: if (a->u.binop != b->u.binop) return false; break;
  case PTO_E_UN: if (a->u.unop != b->u.unop) return false; break;
  case PTO_E_GETITEM: if (a->u.index != b->u.index) return false; break;
  case PTO_E_CALL: return false;
  case PTO_E_FUNCREF: return false;
  default: break;
  }
  if (!same_expr(a->a, b->a) || !same_expr(a->b, b->b)
      || !same_expr(a->c, b->c))
    return false;
  for (int i = 0; i < a->nargs; i++)
    if (!same_expr(a->args[i], b->args[i]))
      return false;
  return true;
}

/* ------------------------------------------------------------------ */
/* Ranges: loop indices, bind facts, branch conditions                 */
/* ------------------------------------------------------------------ */

/* A saved range, to undo a narrowing: ENV[0] is the general
   environment, ENV[1] the prover's.  */
typedef struct saved {
  const pto_var *v;
  pto_range r[2];
} saved;

typedef struct undo {
  int n, cap;
  saved *v;
} undo;

static pto_range
var_range(const pto_range_env *env, const pto_var *v)
{
  pto_expr e;
  memset(&e, 0, sizeof e);
  e.kind = PTO_E_VAR;
  e.type = v->type;
  e.u.var = (pto_var *)v;
  return pto_expr_range(&e, env);
}

/* Remember V's ranges in U before they change.  */
static void
save_range(simp *c, undo *u, const pto_var *v)
{
  if (u->n == u->cap) {
    u->cap = u->cap ? 2 * u->cap : 8;
    u->v = pto_xrealloc(u->v, sizeof *u->v * (size_t)u->cap);
  }
  u->v[u->n].v = v;
  u->v[u->n].r[0] = var_range(c->env, v);
  u->v[u->n++].r[1] = var_range(c->penv, v);
}

/* Set V's range to [LO, HI] in both environments, remembering the old
   ones in U.  */
static void
set_range(simp *c, undo *u, const pto_var *v, int64_t lo, int64_t hi)
{
  save_range(c, u, v);
  pto_range_env_set(c->env, v, lo, hi);
  pto_range_env_set(c->penv, v, lo, hi);
}

/* Undo the narrowings of U, newest first, and free U.  */
static void
restore(simp *c, undo *u)
{
  for (int i = u->n - 1; i >= 0; i--)
    for (int k = 0; k < 2; k++) {
      pto_range_env *env = k ? c->penv : c->env;
      if (u->v[i].r[k].known)
        pto_range_env_set(env, u->v[i].v, u->v[i].r[k].lo,
                          u->v[i].r[k].hi);
      else
        pto_range_env_forget(env, u->v[i].v);
    }
  free(u->v);
  memset(u, 0, sizeof *u);
}

static pto_binop
swap_cmp(pto_binop op)
{
  switch (op) {
  case PTO_BIN_LT: return PTO_BIN_GT;
  case PTO_BIN_LE: return PTO_BIN_GE;
  case PTO_BIN_GT: return PTO_BIN_LT;
  case PTO_BIN_GE: return PTO_BIN_LE;
  default: return op;
  }
}

static pto_binop
negate_cmp(pto_binop op)
{
  switch (op) {
  case PTO_BIN_LT: return PTO_BIN_GE;
  case PTO_BIN_LE: return PTO_BIN_GT;
  case PTO_BIN_GT: return PTO_BIN_LE;
  case PTO_BIN_GE: return PTO_BIN_LT;
  case PTO_BIN_EQ: return PTO_BIN_NE;
  case PTO_BIN_NE: return PTO_BIN_EQ;
  default: return op;
  }
}

/* Intersect R with "V OP K" into *OUT; false when nothing is learnt or
   the branch cannot run (then it is left alone).  */
static bool
narrowed(pto_range r, pto_binop op, int64_t k, pto_range *out)
{
  if (!r.known)
    return false;
  int64_t lo = r.lo, hi = r.hi;
  switch (op) {
  case PTO_BIN_LT: if (k == INT64_MIN) return false; if (k - 1 < hi) hi = k - 1; break;
  case PTO_BIN_LE: if (k < hi) hi = k; break;
  case PTO_BIN_GT: if (k == INT64_MAX) return false; if (k + 1 > lo) lo = k + 1; break;
  case PTO_BIN_GE: if (k > lo) lo = k; break;
  case PTO_BIN_EQ: if (k > lo) lo = k; if (k < hi) hi = k; break;
  default: return false;
  }
  if (lo > hi || (lo == r.lo && hi == r.hi))
    return false;
  out->lo = lo;
  out->hi = hi;
  out->known = true;
  return true;
}

/* Narrow "V OP K" (TRUTH says whether it holds) in both environments.  */
static void
narrow_cmp(simp *c, undo *u, const pto_var *v, pto_binop op, int64_t k,
           bool truth)
{
  if (!truth)
    op = negate_cmp(op);
  pto_range n0, n1;
  bool ch0 = narrowed(var_range(c->env, v), op, k, &n0);
  bool ch1 = narrowed(var_range(c->penv, v), op, k, &n1);
  if (!ch0 && !ch1)
    return;
  save_range(c, u, v);
  if (ch0)
    pto_range_env_set(c->env, v, n0.lo, n0.hi);
  if (ch1)
    pto_range_env_set(c->penv, v, n1.lo, n1.hi);
}

/* Learn from COND being TRUTH about the ranges of unchanged signed
   integer variables.  */
static void
narrow(simp *c, undo *u, const pto_expr *cond, bool truth)
{
  if (cond->kind == PTO_E_UN && cond->u.unop == PTO_UN_NOT) {
    narrow(c, u, cond->a, !truth);
    return;
  }
  if (cond->kind != PTO_E_BIN)
    return;
  pto_binop op = cond->u.binop;
  if ((op == PTO_BIN_LAND && truth) || (op == PTO_BIN_LOR && !truth)) {
    narrow(c, u, cond->a, truth);
    narrow(c, u, cond->b, truth);
    return;
  }
  if (pto_binop_class(op) != 'C')
    return;
  const pto_expr *x = cond->a, *k = cond->b;
  if (x->kind != PTO_E_VAR) {
    x = cond->b;
    k = cond->a;
    op = swap_cmp(op);
  }
  if (x->kind != PTO_E_VAR || !is_const(k)
      || x->type->kind != PTO_TY_SCALAR
      || !pto_dtype_is_signed(x->type->dtype)
      || !pto_let_is_immutable(c->li, x->u.var))
    return;
  narrow_cmp(c, u, x->u.var, op, k->u.ival, truth);
}

/* ------------------------------------------------------------------ */
/* The prover                                                          */
/* ------------------------------------------------------------------ */

/* A copy of E simplified for the prover (with bind ranges).  */
static pto_expr *
prover_simplify(simp *c, const pto_expr *e)
{
  pto_expr *t = pto_e_clone(c->p, e);
  return pto_fold_expr(c->p, pto_simplify_expr(c->p, t, c->penv));
}

/* Decide the side-effect-free condition T: 1 true, 0 false, -1 open.
   Beyond what the rewriter folds, "a && b" is false when b is false
   wherever a holds, and "a || b" is true when b is true wherever a does
   not (a narrows the ranges while b is looked at).  */
static int
decide(simp *c, const pto_expr *t)
{
  if (is_const(t))
    return t->u.ival != 0;
  if (t->kind == PTO_E_UN && t->u.unop == PTO_UN_NOT) {
    int v = decide(c, t->a);
    return v < 0 ? v : !v;
  }
  if (t->kind != PTO_E_BIN
      || (t->u.binop != PTO_BIN_LAND && t->u.binop != PTO_BIN_LOR))
    return -1;
  bool is_and = t->u.binop == PTO_BIN_LAND;
  int a = decide(c, t->a);
  if (a == !is_and)
    return a;  /* false && b, true || b */
  undo u = {0, 0, NULL};
  narrow(c, &u, t->a, is_and);
  int b = decide(c, prover_simplify(c, t->b));
  restore(c, &u);
  if (b == !is_and)
    return b;  /* a && false, a || true */
  return a == is_and ? b : -1;
}

/* Decide COND if possible: simplify it, and when that leaves it open,
   try again with what is known of the binds that were kept (their
   ranges, and the values of the stable pure ones) and with decide().
   The facts serve the proof only: an undecided condition keeps its bind
   variables.  A condition with a side effect is never replaced.  */
static pto_expr *
prove(simp *c, pto_expr *cond)
{
  cond = simplify_expr(c, cond);
  if (is_const(cond) || pto_let_has_effect(cond))
    return cond;
  pto_expr *t = prover_simplify(c, pto_let_subst(c->p, cond, c->facts,
                                                  false));
  int v = decide(c, t);
  return v < 0 ? cond : pto_e_bool(c->p, v, cond->loc);
}

/* ------------------------------------------------------------------ */
/* Binds                                                               */
/* ------------------------------------------------------------------ */

static int
nonunit_dims(const pto_type *t)
{
  return (t->rows != 1) + (t->cols != 1);
}

/* True if E computes a division, a modulo or a select, or calls a
   function or an intrinsic that is not pure (reading a register such as
   pto.block_idx() is cheap): work that substitution would repeat at
   every use.  */
static bool
is_costly(const pto_expr *e)
{
  if (!e)
    return false;
  if (e->kind == PTO_E_SELECT)
    return true;
  if (e->kind == PTO_E_CALL
      && !(e->is_op && pto_op_info(e->op)->effect == PTO_EFF_PURE))
    return true;
  if (e->kind == PTO_E_BIN
      && (e->u.binop == PTO_BIN_DIV || e->u.binop == PTO_BIN_MOD
          || e->u.binop == PTO_BIN_FLOORDIV || e->u.binop == PTO_BIN_FLOORMOD))
    return true;
  if (is_costly(e->a) || is_costly(e->b) || is_costly(e->c))
    return true;
  for (int i = 0; i < e->nargs; i++)
    if (is_costly(e->args[i]))
      return true;
  return false;
}

/* TileLang's CanInlineBind, for a non-tile bind of VALUE, with one
   deliberate restriction: a costly value (is_costly) stays bound, so a
   split point or trip count computed once is not recomputed, division
   and all, at every use.  */
static bool
can_inline_bind(simp *c, const pto_expr *value)
{
  if (value->kind == PTO_E_INT || value->kind == PTO_E_FLOAT
      || value->kind == PTO_E_VAR)
    return true;
  const pto_type *t = value->type;
  if (t->kind != PTO_TY_SCALAR || !pto_dtype_is_signed(t->dtype))
    return false;
  return !pto_let_has_effect(value) && !pto_let_reads_memory(c->li, value)
         && !is_costly(value);
}

/* The bind S (value already simplified): inline it, or keep what the
   prover may use.  */
static void
handle_bind(simp *c, pto_stmt *s)
{
  pto_var *v = s->var;
  const pto_expr *val = s->value;
  bool stable = pto_let_is_stable(c->li, v);
  bool inl = false;
  if (c->inline_on && stable) {
    if (v->type->kind == PTO_TY_TILE)
      inl = nonunit_dims(v->type) >= ALIAS_DROP_DIMS
            && !pto_let_has_effect(val);
    else
      inl = can_inline_bind(c, val);
  }
  if (inl) {
    c->map[v->id] = s->value;
    return;
  }
  /* Only a bind keeps its initial value: a variable assigned later (a
     loop counter) must not be known by its initialiser's range.  */
  if (pto_let_is_bind(c->li, v) && !pto_let_has_effect(val)
      && v->type->kind == PTO_TY_SCALAR
      && !pto_dtype_is_float(v->type->dtype)) {
    pto_range r = pto_expr_range(val, c->penv);
    if (r.known)
      pto_range_env_set(c->penv, v, r.lo, r.hi);
    if (stable && !pto_let_reads_memory(c->li, val))
      c->facts[v->id] = s->value;
  }
}

/* ------------------------------------------------------------------ */
/* Statements                                                          */
/* ------------------------------------------------------------------ */

static void simplify_block(simp *c, pto_block *b);

static bool
ends_flow(const pto_stmt *s)
{
  return s->kind == PTO_S_RETURN || s->kind == PTO_S_BREAK
         || s->kind == PTO_S_CONTINUE;
}

/* Simplify the branches of IF statement S under what its condition
   says.  */
static void
simplify_branches(simp *c, pto_stmt *s)
{
  undo u = {0, 0, NULL};
  narrow(c, &u, s->cond, true);
  simplify_block(c, &s->body);
  restore(c, &u);
  narrow(c, &u, s->cond, false);
  simplify_block(c, &s->els);
  restore(c, &u);
}

/* Simplify the loop S; return false if it never runs its body.  */
static bool
simplify_for(simp *c, pto_stmt *s)
{
  s->start = simplify_expr(c, s->start);
  s->stop = simplify_expr(c, s->stop);
  s->step = simplify_expr(c, s->step);
  pto_range a = pto_expr_range(s->start, c->env);
  pto_range b = pto_expr_range(s->stop, c->env);
  bool pure = !pto_let_has_effect(s->start) && !pto_let_has_effect(s->stop)
              && !pto_let_has_effect(s->step);
  if (pure && a.known && b.known
      && (s->down ? a.hi <= b.lo : a.lo >= b.hi))
    return false;
  undo u = {0, 0, NULL};
  if (a.known && b.known) {
    if (s->down && b.lo < a.hi)
      set_range(c, &u, s->var, b.lo + 1, a.hi);
    else if (!s->down && a.lo < b.hi)
      set_range(c, &u, s->var, a.lo, b.hi - 1);
  }
  simplify_block(c, &s->body);
  restore(c, &u);
  return !(pure && s->body.n == 0);
}

/* Append S, simplified, or what replaces it, to OUT.  */
static void
simplify_stmt_into(simp *c, pto_stmt *s, pto_block *out)
{
  switch (s->kind) {
  case PTO_S_DECL:
    if (s->value) {
      s->value = simplify_expr(c, s->value);
      handle_bind(c, s);
    }
    break;
  case PTO_S_ASSIGN:
    s->lhs = simplify_lvalue(c, s->lhs);
    s->value = simplify_expr(c, s->value);
    if (same_expr(s->lhs, s->value) && !pto_let_has_effect(s->value))
      return;  /* no-op store */
    break;
  case PTO_S_EVAL:
    s->value = simplify_expr(c, s->value);
    if (!pto_let_has_effect(s->value))
      return;
    break;
  case PTO_S_RETURN:
    s->value = simplify_expr(c, s->value);
    break;
  case PTO_S_IF:
    s->cond = prove(c, s->cond);
    if (is_const(s->cond)) {
      pto_block *keep = s->cond->u.ival ? &s->body : &s->els;
      simplify_block(c, keep);
      pto_block_append(c->p, out, keep);
      return;
    }
    simplify_branches(c, s);
    if (s->body.n == 0 && s->els.n == 0 && !pto_let_has_effect(s->cond))
      return;
    break;
  case PTO_S_WHILE:
    s->cond = prove(c, s->cond);
    if (is_const(s->cond) && !s->cond->u.ival)
      return;
    simplify_block(c, &s->body);
    break;
  case PTO_S_FOR:
    if (!simplify_for(c, s))
      return;
    break;
  case PTO_S_BREAK:
  case PTO_S_CONTINUE:
    break;
  }
  pto_block_push(c->p, out, s);
}

static void
simplify_block(simp *c, pto_block *b)
{
  pto_block out = {0};
  for (int i = 0; i < b->n; i++) {
    simplify_stmt_into(c, b->items[i], &out);
    if (out.n && ends_flow(out.items[out.n - 1]))
      break;  /* the rest is unreachable */
  }
  *b = out;
}

/* ------------------------------------------------------------------ */
/* Unused binds                                                        */
/* ------------------------------------------------------------------ */

static void
count_uses(const pto_expr *e, int *uses, int delta)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR)
    uses[e->u.var->id] += delta;
  count_uses(e->a, uses, delta);
  count_uses(e->b, uses, delta);
  count_uses(e->c, uses, delta);
  for (int i = 0; i < e->nargs; i++)
    count_uses(e->args[i], uses, delta);
}

static void
count_slot(pto_expr **slot, void *ctx)
{
  count_uses(*slot, ctx, 1);
}

static void
count_stmt(pto_stmt *s, void *ctx)
{
  pto_stmt_exprs(s, count_slot, ctx);
}

static void
uncount_slot(pto_expr **slot, void *ctx)
{
  count_uses(*slot, ctx, -1);
}

/* True if S is a loop or an if with nothing left inside and no side
   effect in its header (unused-bind removal can empty them).  */
static bool
is_empty_control(const pto_stmt *s)
{
  if (s->kind == PTO_S_FOR)
    return s->body.n == 0 && !pto_let_has_effect(s->start)
           && !pto_let_has_effect(s->stop) && !pto_let_has_effect(s->step);
  if (s->kind == PTO_S_IF)
    return s->body.n == 0 && s->els.n == 0 && !pto_let_has_effect(s->cond);
  return false;
}

/* Remove from B (walking backwards, so a chain goes at once) every bind
   of LI that nothing uses and whose value has no side effect, and the
   loops and ifs that this empties; return true if one went.  */
static bool
remove_unused(const pto_letinfo *li, pto_block *b, int *uses)
{
  bool changed = false;
  int n = b->n;
  for (int i = b->n - 1; i >= 0; i--) {
    pto_stmt *s = b->items[i];
    changed |= remove_unused(li, &s->els, uses);
    changed |= remove_unused(li, &s->body, uses);
    if ((s->kind == PTO_S_DECL && s->value && pto_let_is_bind(li, s->var)
         && uses[s->var->id] == 0 && !pto_let_has_effect(s->value))
        || is_empty_control(s)) {
      pto_stmt_exprs(s, uncount_slot, uses);
      b->items[i] = NULL;
      changed = true;
    }
  }
  int k = 0;
  for (int i = 0; i < n; i++)
    if (b->items[i])
      b->items[k++] = b->items[i];
  b->n = k;
  return changed;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

int
pto_simplify_func(pto_program *p, pto_func *f, const pto_options *opts,
                  pto_diag *diag, bool inline_let)
{
  if (inline_let)
    pto_let_inline_func(p, f, diag);
  size_t n = p->next_var_id ? p->next_var_id : 1;
  simp c = {p, pto_letinfo_new(p, f), pto_range_env_new(),
            pto_range_env_new(), pto_xcalloc(n, sizeof(pto_expr *)),
            pto_xcalloc(n, sizeof(pto_expr *)), opts->simplify_let_inline};
  simplify_block(&c, &f->body);
  if (c.inline_on) {
    int *uses = pto_xcalloc(n, sizeof *uses);
    pto_walk_stmts(f, count_stmt, uses);
    while (remove_unused(c.li, &f->body, uses))
      ;
    free(uses);
  }
  free(c.map);
  free(c.facts);
  pto_range_env_free(c.env);
  pto_range_env_free(c.penv);
  pto_letinfo_free(c.li);
  return 0;
}

static int
run(pto_pass_ctx *ctx)
{
  for (int i = 0; i < ctx->prog->nfuncs; i++)
    if (!ctx->prog->funcs[i]->dead)
      pto_simplify_func(ctx->prog, ctx->prog->funcs[i], ctx->opts,
                        ctx->diag, false);
  return 0;
}

const pto_pass pto_pass_simplify = {
    "simplify", "Simplify", 0, PTO_PROP_FOLDED, 0, NULL, run,
};
