/* rules.c - the symbolic rewrite rules (after tinygrad's
   symbolic rules).

   Each rule is one row of pto_rules[] (root, name, validity, matcher) and
   one short matcher function: it returns the replacement or NULL.  The
   validity column says why a rule preserves values under the IR's
   semantics (two's-complement wrap-around at the dtype's width, C
   truncating / and %, floor floordiv/floormod, undefined division by
   zero and out-of-range shifts):
     W  valid for every input under wrap-around (a ring identity, or the
        original is undefined whenever the identity fails);
     R  guarded by value ranges (no wrap, signs known);
     C  canonicalising: same size, a fixed normal form.
   Rules only see integer and bool roots (rewrite.c checks).  The chain
   normalisers (sum, product, bitwise, logical, min/max) each implement a
   family of classic rules at once; doc/passes.md lists them.  */

#include "rewrite/rewrite.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* Small predicates                                                    */
/* ------------------------------------------------------------------ */

#define DT(e) ((e)->type->dtype)

static bool
isint(const pto_expr *e)
{
  return e->type->kind == PTO_TY_SCALAR && pto_rw_dt_is_int(DT(e));
}

static bool
isbool(const pto_expr *e)
{
  return e->type->kind == PTO_TY_SCALAR && DT(e) == PTO_DT_BOOL;
}

static bool
isc(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->type->kind == PTO_TY_SCALAR;
}

static pto_i128
cv(const pto_expr *e)
{
  return pto_rw_const_value(e);
}

static bool
iscv(const pto_expr *e, pto_i128 v)
{
  return isc(e) && cv(e) == v;
}

static bool
isbin(const pto_expr *e, pto_binop op)
{
  return e->kind == PTO_E_BIN && e->u.binop == op;
}

static bool
isun(const pto_expr *e, pto_unop op)
{
  return e->kind == PTO_E_UN && e->u.unop == op;
}

static bool
is_divop(pto_binop op)
{
  return op == PTO_BIN_DIV || op == PTO_BIN_FLOORDIV;
}

static bool
isfloor(pto_binop op)
{
  return op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD;
}

/* V in DT's width read as a signed number (the "small" view).  */
static inline pto_i128
sview(pto_dtype dt, pto_i128 v)
{
  switch (pto_rw_dt_bits(dt)) {
  case 64: return (int64_t)(uint64_t)v;
  case 32: return (int32_t)(uint32_t)v;
  case 16: return (int16_t)(uint16_t)v;
  case 1: return v & 1;  /* bool */
  default: return (int8_t)(uint8_t)v;
  }
}

/* V as DT's mathematical value (unsigned types: 0 .. 2^N-1).  */
static pto_i128
norm(pto_dtype dt, pto_i128 v)
{
  int64_t w = pto_rw_wrap(dt, v);
  if (dt != PTO_DT_BOOL && !pto_rw_dt_is_signed(dt)
      && pto_rw_dt_bits(dt) == 64)
    return (pto_i128)(uint64_t)w;
  return w;
}

static pto_i128
all_ones(pto_dtype dt)
{
  return norm(dt, -1);
}

static bool
fits(pto_dtype dt, pto_i128 v)
{
  pto_iv r = {v, v};
  return pto_iv_fits(r, dt);
}

static pto_iv
R(pto_rw *c, const pto_expr *e)
{
  return pto_rw_iv(c, e);
}

static pto_i128
gcd128(pto_i128 a, pto_i128 b)
{
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    pto_i128 t = pto_i128_mod(a, b);
    a = b;
    b = t;
  }
  return a;
}

static pto_i128
fdiv(pto_i128 a, pto_i128 b)
{
  pto_i128 q = pto_i128_div(a, b);
  if (pto_i128_mod(a, b) != 0 && ((a < 0) != (b < 0)))
    q--;
  return q;
}

static pto_i128
fmod_(pto_i128 a, pto_i128 b)
{
  return a - fdiv(a, b) * b;
}

#define INT(t, v) pto_rw_int(c, (t), (v))
#define BIN(op, x, y) pto_rw_bin(c, PTO_BIN_##op, (x), (y))
#define UN(op, x) pto_rw_un(c, PTO_UN_##op, (x), NULL)
#define TRUE_ pto_rw_bool(c, true)
#define FALSE_ pto_rw_bool(c, false)

/* ------------------------------------------------------------------ */
/* Generic: constant folding and range folding                         */
/* ------------------------------------------------------------------ */

/* fold: an operation on constants -> its value (ir/fold-expr.c).  W.  */
static pto_expr *
r_fold(pto_rw *c, pto_expr *e)
{
  bool k = (e->kind == PTO_E_BIN && isc(e->a) && isc(e->b))
           || (e->kind == PTO_E_UN && isc(e->a))
           || (e->kind == PTO_E_SELECT && isc(e->a));
  if (!k)
    return NULL;
  /* abs of an unsigned value is the value (fold.c would negate a u64
     above 2^63, whose ival is negative).  */
  if (isun(e, PTO_UN_ABS) && isint(e) && !pto_rw_dt_is_signed(DT(e)))
    return e->a;
  /* A constant condition picks its arm (ir/fold-expr.c), as a constant when
     both arms are.  */
  if (e->kind == PTO_E_SELECT) {
    pto_expr *arm = e->a->u.ival ? e->b : e->c;
    return isc(e->b) && isc(e->c)
               ? pto_rw_int_at(c, e->type, arm->u.ival, e->loc) : arm;
  }
  /* The value pto_fold_expr gives the root (its operands are constants
     already), without its node in the program's arena.  */
  int64_t v;
  if (!pto_fold_value(e, &v))
    return NULL;
  return pto_rw_int_at(c, e->type, v, e->loc);
}

/* range_const: vmin == vmax -> the constant.  R.  */
static pto_expr *
r_range_const(pto_rw *c, pto_expr *e)
{
  if (isc(e) || !pto_rw_hpure(e))
    return NULL;
  pto_iv v = R(c, e);
  if (v.lo != v.hi)
    return NULL;
  return INT(e->type, v.lo);
}

/* ------------------------------------------------------------------ */
/* Sums: ADD / SUB / NEG chains and multiplication by constants        */
/* ------------------------------------------------------------------ */

enum { MAXTERMS = 64 };

typedef struct term {
  pto_expr *base;
  pto_i128 coef;   /* wrapped to the dtype, signed view */
} term;

typedef struct sum {
  pto_dtype dt;
  const pto_type *type;
  int n;
  term t[MAXTERMS];
  pto_i128 k;      /* constant, signed view */
  bool overflow;   /* too many terms */
} sum;

static void
sum_add(sum *s, pto_expr *base, pto_i128 coef)
{
  coef = sview(s->dt, coef);
  for (int i = 0; i < s->n; i++)
    if (pto_rw_same(s->t[i].base, base)) {
      s->t[i].coef = sview(s->dt, s->t[i].coef + coef);
      return;
    }
  if (s->n == MAXTERMS) {
    s->overflow = true;
    return;
  }
  s->t[s->n].base = base;
  s->t[s->n].coef = coef;
  s->n++;
}

/* Add COEF * E to S, looking through +, -, unary -, and * by constants
   (the latter only one level: (a+b)*3 stays a term, expanding it would
   grow the tree).  */
static void
sum_flatten(sum *s, pto_expr *e, pto_i128 coef)
{
  if (isc(e)) {
    s->k = sview(s->dt, s->k + coef * sview(s->dt, cv(e)));
  } else if (isbin(e, PTO_BIN_ADD)) {
    sum_flatten(s, e->a, coef);
    sum_flatten(s, e->b, coef);
  } else if (isbin(e, PTO_BIN_SUB)) {
    sum_flatten(s, e->a, coef);
    sum_flatten(s, e->b, sview(s->dt, -coef));
  } else if (isun(e, PTO_UN_NEG)) {
    sum_flatten(s, e->a, sview(s->dt, -coef));
  } else if (isbin(e, PTO_BIN_MUL) && isc(e->b)) {
    sum_add(s, e->a, coef * sview(s->dt, cv(e->b)));
  } else if (isbin(e, PTO_BIN_MUL) && isc(e->a)) {
    sum_add(s, e->b, coef * sview(s->dt, cv(e->a)));
  } else {
    sum_add(s, e, coef);
  }
}

static void
sum_of(sum *s, pto_expr *e)
{
  s->dt = DT(e);
  s->type = e->type;
  s->n = 0;       /* the terms are written before they are read */
  s->k = 0;
  s->overflow = false;
  sum_flatten(s, e, 1);
}

/* Drop zero terms (false if a dropped term is impure) and sort.  */
static bool
sum_tidy(sum *s)
{
  int m = 0;
  for (int i = 0; i < s->n; i++) {
    if (s->t[i].coef == 0) {
      if (!pto_rw_hpure(s->t[i].base))
        return false;
      continue;
    }
    s->t[m++] = s->t[i];
  }
  s->n = m;
  for (int i = 1; i < s->n; i++) {
    term x = s->t[i];
    int j = i - 1;
    while (j >= 0 && pto_rw_compare(s->t[j].base, x.base) > 0) {
      s->t[j + 1] = s->t[j];
      j--;
    }
    s->t[j + 1] = x;
  }
  return true;
}

/* The memo of tidy_sum_of: the last node's tidy sum in this call.  */
typedef struct sum_memo {
  const pto_expr *e;
  unsigned stamp;
  bool ok;
  bool iv_ok;      /* IV is sum_iv of S */
  pto_iv iv;
  sum s;
} sum_memo;

const size_t pto_rules_scratch_size = sizeof(sum_memo);

/* D = S without its terms.  */
static void
sum_head(sum *d, const sum *s)
{
  d->dt = s->dt;
  d->type = s->type;
  d->n = 0;
  d->k = s->k;
  d->overflow = s->overflow;
}

static void
sum_copy(sum *d, const sum *s)
{
  d->dt = s->dt;
  d->type = s->type;
  d->n = s->n;
  d->k = s->k;
  d->overflow = s->overflow;
  memcpy(d->t, s->t, sizeof *d->t * (size_t)s->n);
}

/* The tidy sum of E (sum_of, then sum_tidy), or NULL when it has too
   many terms or a dropped term is impure.  The rules of one root ask
   for the same sum again and again: the last one is remembered, and
   the result is the memo's copy (read only, valid until the next call
   of tidy_sum); BUF holds it when there is no memo.  */
static const sum *
tidy_sum(pto_rw *c, sum *buf, pto_expr *e)
{
  sum_memo *m = c->scratch;
  if (!m) {
    sum_of(buf, e);
    return !buf->overflow && sum_tidy(buf) ? buf : NULL;
  }
  if (m->e != e || m->stamp != c->stamp) {
    sum_of(&m->s, e);
    m->e = e;
    m->stamp = c->stamp;
    m->ok = !m->s.overflow && sum_tidy(&m->s);
    m->iv_ok = false;
  }
  return m->ok ? &m->s : NULL;
}

/* S = the tidy sum of E, a copy the caller may change; false as above.  */
static bool
tidy_sum_of(pto_rw *c, sum *s, pto_expr *e)
{
  const sum *r = tidy_sum(c, s, e);
  if (r && r != s)
    sum_copy(s, r);
  return r != NULL;
}

static pto_expr *
scaled(pto_rw *c, const sum *s, pto_expr *base, pto_i128 mag)
{
  if (mag == 1)
    return base;
  return BIN(MUL, base, INT(s->type, mag));
}

/* R, the normal form a chain normaliser built for E, or NULL when it is
   E's tree again.  Interned pure nodes of one structure are one node,
   so there a pointer test decides.  */
static pto_expr *
unless_same(pto_rw *c, pto_expr *r, const pto_expr *e)
{
  if (c->hc && pto_rw_hpure(r))
    return r == e ? NULL : r;
  return pto_rw_compare(r, e) == 0 ? NULL : r;
}

/* Build the canonical tree of S: positive terms in order, then the
   negative ones subtracted, then the constant.  */
static pto_expr *
sum_build(pto_rw *c, const sum *s)
{
  pto_expr *acc = NULL;
  pto_i128 k = s->k;
  bool anyneg = false;
  for (int i = 0; i < s->n; i++) {
    if (s->t[i].coef > 0) {
      pto_expr *t = scaled(c, s, s->t[i].base, s->t[i].coef);
      acc = acc ? BIN(ADD, acc, t) : t;
    } else {
      anyneg = true;
    }
  }
  if (!acc && anyneg && k != 0) {
    acc = INT(s->type, k);
    k = 0;
  }
  for (int i = 0; i < s->n; i++) {
    pto_i128 cf = s->t[i].coef;
    if (cf > 0)
      continue;
    if (!acc)
      acc = cf == -1 ? UN(NEG, s->t[i].base) : scaled(c, s, s->t[i].base, cf);
    else
      acc = BIN(SUB, acc, scaled(c, s, s->t[i].base, -cf));
  }
  if (!acc)
    return INT(s->type, k);
  if (k > 0 || (k < 0 && !fits(s->dt, -k)))
    acc = BIN(ADD, acc, INT(s->type, k));
  else if (k < 0)
    acc = BIN(SUB, acc, INT(s->type, -k));
  return acc;
}

/* One step of sum_build: OP ('=' the first, '+', '-') with the operand
   KIND 't' (BASE scaled by V), 'n' (-BASE) or 'k' (the constant V).  */
typedef struct step {
  char op, kind;
  pto_expr *base;
  pto_i128 v;
} step;

/* The steps sum_build takes for S, in its order; returns their count.  */
static int
sum_steps(const sum *s, step *st)
{
  int n = 0;
  pto_i128 k = s->k;
  bool anyneg = false;
  for (int i = 0; i < s->n; i++) {
    if (s->t[i].coef > 0)
      st[n++] = (step){n ? '+' : '=', 't', s->t[i].base, s->t[i].coef};
    else
      anyneg = true;
  }
  if (!n && anyneg && k != 0) {
    st[n++] = (step){'=', 'k', NULL, k};
    k = 0;
  }
  for (int i = 0; i < s->n; i++) {
    pto_i128 cf = s->t[i].coef;
    if (cf > 0)
      continue;
    if (!n)
      st[n++] = (step){'=', cf == -1 ? 'n' : 't', s->t[i].base, cf};
    else
      st[n++] = (step){'-', 't', s->t[i].base, -cf};
  }
  if (!n)
    st[n++] = (step){'=', 'k', NULL, k};
  else if (k > 0 || (k < 0 && !fits(s->dt, -k)))
    st[n++] = (step){'+', 'k', NULL, k};
  else if (k < 0)
    st[n++] = (step){'-', 'k', NULL, -k};
  return n;
}

/* The number of nodes sum_build (C, S) returns (interned operands),
   counted from its steps without building anything.  */
static int
sum_build_size(const sum *s)
{
  step st[MAXTERMS + 2];
  int n = sum_steps(s, st), size = n - 1;  /* the ADD and SUB nodes */
  for (int j = 0; j < n; j++) {
    if (st[j].kind == 'k')
      size += 1;
    else
      size += pto_rw_hsize(st[j].base)
              + (st[j].kind == 'n' ? 1 : st[j].v != 1 ? 2 : 0);
  }
  return size;
}

/* True if X is the interned node INT (S's type, V) would give.  */
static bool
is_int_of(const sum *s, const pto_expr *x, pto_i128 v)
{
  return x->kind == PTO_E_INT && x->type == s->type && !x->a && !x->b
         && !x->c && !x->nargs && x->u.ival == pto_rw_wrap(s->dt, v);
}

/* True if X is the interned node pto_rw_bin (OP, X->a, X->b) or
   pto_rw_un (OP, X->a) would give for an integer operand X->a.  */
static bool
is_arith(const pto_expr *x, pto_expr_kind kind, int op)
{
  return x->kind == kind && x->type == x->a->type && !x->c && !x->nargs
         && (kind == PTO_E_BIN ? (int)x->u.binop == op && x->b
                               : (int)x->u.unop == op && !x->b);
}

/* True if X is the operand step ST builds.  */
static bool
step_is(const sum *s, const step *st, const pto_expr *x)
{
  switch (st->kind) {
  case 't':
    if (st->v == 1)
      return x == st->base;
    return x->kind == PTO_E_BIN && is_arith(x, PTO_E_BIN, PTO_BIN_MUL)
           && x->a == st->base && is_int_of(s, x->b, st->v);
  case 'n':
    return x->kind == PTO_E_UN && is_arith(x, PTO_E_UN, PTO_UN_NEG)
           && x->a == st->base;
  default:
    return is_int_of(s, x, st->v);
  }
}

/* True if sum_build (C, S) would return E itself (interned nodes only):
   then it has the same effect as building it, which is done here, on
   the locations (pto_rw_rebuilt), without looking anything up.  */
static bool
sum_builds(pto_rw *c, const sum *s, pto_expr *e)
{
  step st[MAXTERMS + 2];
  pto_expr *at[MAXTERMS + 2];
  int n = sum_steps(s, st);
  pto_expr *x = e;
  for (int j = n - 1; j >= 1; j--) {
    if (x->kind != PTO_E_BIN
        || !is_arith(x, PTO_E_BIN, st[j].op == '+' ? PTO_BIN_ADD
                                                   : PTO_BIN_SUB)
        || !step_is(s, &st[j], x->b))
      return false;
    at[j] = x;
    x = x->a;
  }
  if (!step_is(s, &st[0], x))
    return false;
  at[0] = x;
  for (int j = 0; j < n; j++) {
    pto_expr *t = j ? at[j]->b : at[0];
    if (st[j].kind == 'n' || (st[j].kind == 't' && st[j].v != 1))
      pto_rw_rebuilt(c, t);
    if (j)
      pto_rw_rebuilt(c, at[j]);
  }
  return true;
}

static pto_iv sum_iv(pto_rw *c, const sum *s);

/* sum_normal: flatten an ADD/SUB/NEG chain, combine like terms, fold the
   constants, order the terms (x+0, x-x, x+x -> x*2, x*c0+x*c1,
   (x+c0)+c1, (x+c)+y -> (x+y)+c, -(-x), -(x-y), x+(-y), 0-x, ...).  W
   (ring identities).  */
/* True if sum_flatten takes E as one term with coefficient 1.  */
static bool
sum_atom(const pto_expr *e)
{
  return !isc(e) && !isbin(e, PTO_BIN_ADD) && !isbin(e, PTO_BIN_SUB)
         && !isun(e, PTO_UN_NEG)
         && !(isbin(e, PTO_BIN_MUL) && (isc(e->b) || isc(e->a)));
}

/* True if X is the constant node INT (T, V) gives (is_int_of).  */
static bool
is_int_node(const pto_expr *x, const pto_type *t, pto_i128 v)
{
  return x->kind == PTO_E_INT && x->type == t && !x->a && !x->b && !x->c
         && !x->nargs && x->u.ival == pto_rw_wrap(t->dtype, v);
}

/* True if X, an operand of a sum of type T, is one term with a positive
   coefficient as sum_build writes it: an atom (*SCALED false), or an
   atom times a constant above 1 (*SCALED true).  */
static bool
built_term(const pto_expr *x, const pto_type *t, bool *scaled)
{
  *scaled = false;
  if (sum_atom(x))
    return true;
  *scaled = true;
  return isbin(x, PTO_BIN_MUL) && isc(x->b) && sum_atom(x->a)
         && is_arith(x, PTO_E_BIN, PTO_BIN_MUL)
         && sview(t->dtype, cv(x->b)) > 1
         && is_int_node(x->b, t, sview(t->dtype, cv(x->b)));
}

/* True if E, an ADD or SUB of interned nodes, is what sum_build builds
   for its own tidy sum when that sum has two parts (two terms, or a term
   and the constant), decided from the two operands without the sum; then
   the locations are set as sum_builds sets them.  */
static bool
sum_builds2(pto_rw *c, pto_expr *e)
{
  bool sub = isbin(e, PTO_BIN_SUB), sa, sb = false;
  if (!is_arith(e, PTO_E_BIN, e->u.binop))
    return false;
  pto_dtype dt = DT(e);
  if (sub && (isc(e->a) || isun(e->a, PTO_UN_NEG))
      && built_term(e->b, e->type, &sb)) {
    /* k - x (k != 0: the constant first when no term is positive) and
       -x - y (the negative terms in sum_tidy's order).  */
    pto_expr *bb = sb ? e->b->a : e->b;
    if (isc(e->a)) {
      pto_i128 k = sview(dt, cv(e->a));
      if (k == 0 || !is_int_node(e->a, e->type, k))
        return false;
    } else if (!sum_atom(e->a->a) || !is_arith(e->a, PTO_E_UN, PTO_UN_NEG)
               || e->a->a == bb || pto_rw_compare(e->a->a, bb) > 0) {
      return false;
    } else {
      pto_rw_rebuilt(c, e->a);
    }
    if (sb)
      pto_rw_rebuilt(c, e->b);
    pto_rw_rebuilt(c, e);
    return true;
  }
  if (!built_term(e->a, e->type, &sa))
    return false;
  if (isc(e->b)) {
    /* x + k (k > 0, or MIN) and x - k (k > 0): the constant last.  */
    pto_i128 k = sview(dt, cv(e->b));
    if (sub)
      k = sview(dt, -k);
    bool ok = sub ? k < 0 && fits(dt, -k)
                      && is_int_node(e->b, e->type, -k)
                  : (k > 0 || (k < 0 && !fits(dt, -k)))
                      && is_int_node(e->b, e->type, k);
    if (!ok)
      return false;
  } else {
    /* Two terms of different bases: x + y in sum_tidy's order, x - y.  */
    pto_expr *ba = sa ? e->a->a : e->a;
    if (!built_term(e->b, e->type, &sb))
      return false;
    pto_expr *bb = sb ? e->b->a : e->b;
    if (ba == bb || (!sub && pto_rw_compare(ba, bb) > 0))
      return false;
  }
  if (sa)
    pto_rw_rebuilt(c, e->a);
  if (!isc(e->b) && sb)
    pto_rw_rebuilt(c, e->b);
  pto_rw_rebuilt(c, e);
  return true;
}

/* True if T, a term of a sum sum_builds accepted, is scaled by a
   constant (sum_flatten takes such a node apart, so there its constant
   is a coefficient other than 1).  */
static bool
is_scaled(const pto_expr *t)
{
  return isbin(t, PTO_BIN_MUL) && isc(t->b);
}

static const pto_expr *
term_base(const pto_expr *t)
{
  return is_scaled(t) ? t->a : t;
}

/* Mark interned E as a normal sum of this call (sum_builds holds).  */
static void
mark_normal(pto_rw *c, pto_expr *e)
{
  pto_rw_node_of(e)->sum_call = c->stamp;
}

/* True if E = A + T or A - T, A a normal sum of this call (mark_normal)
   and T one more term or the constant, is what sum_build builds for its
   tidy sum: that sum is A's with T appended where sum_tidy puts it, and
   A's chain shows where that is (its terms sorted, the positive ones
   first, the constant last).  Then the locations are set as sum_builds
   sets them.  */
static bool
sum_builds_chain(pto_rw *c, pto_expr *e)
{
  pto_expr *A = e->a, *T = e->b;
  if (!(isbin(A, PTO_BIN_ADD) || isbin(A, PTO_BIN_SUB)) || isc(A->b)
      || pto_rw_node_of(A)->sum_call != c->stamp
      || !is_arith(e, PTO_E_BIN, e->u.binop))
    return false;
  pto_expr *at[MAXTERMS];
  int n = 0;
  pto_expr *first = A;
  while ((isbin(first, PTO_BIN_ADD) || isbin(first, PTO_BIN_SUB))
         && n + 2 < MAXTERMS) {
    at[n++] = first;
    first = first->a;
  }
  if (isbin(first, PTO_BIN_ADD) || isbin(first, PTO_BIN_SUB))
    return false;
  pto_dtype dt = DT(e);
  bool sub = isbin(e, PTO_BIN_SUB), sb = false;
  /* A's first step: a positive term, or a negative one (-x, x*-3), or
     the constant when A has no positive term.  */
  bool first_pos = !isc(first) && !isun(first, PTO_UN_NEG)
                   && (!is_scaled(first) || sview(dt, cv(first->b)) > 0);
  if (isc(T)) {
    /* A has no constant (its last part is a term): T becomes it.  */
    pto_i128 k = sview(dt, cv(T));
    if (sub)
      k = sview(dt, -k);
    bool ok = first_pos
              && (sub ? k < 0 && fits(dt, -k) && is_int_node(T, e->type, -k)
                      : (k > 0 || (k < 0 && !fits(dt, -k)))
                            && is_int_node(T, e->type, k));
    if (!ok)
      return false;
  } else {
    if (!built_term(T, e->type, &sb))
      return false;
    const pto_expr *bt = sb ? T->a : T;
    if (!sub) {
      /* The last of A's terms, all positive, sorts before T's base.  */
      if (!first_pos)
        return false;
      for (int j = 0; j < n; j++)
        if (!isbin(at[j], PTO_BIN_ADD))
          return false;
      if (pto_rw_compare(term_base(A->b), bt) >= 0)
        return false;
    } else {
      /* After A's last negative term, and no term of A has T's base.  */
      if (isbin(A, PTO_BIN_SUB) && pto_rw_compare(term_base(A->b), bt) >= 0)
        return false;
      for (int j = 0; j < n; j++)
        if (term_base(at[j]->b) == bt)
          return false;
      if (!isc(first)
          && (isun(first, PTO_UN_NEG) ? first->a : term_base(first)) == bt)
        return false;
    }
  }
  if (isun(first, PTO_UN_NEG) || is_scaled(first))
    pto_rw_rebuilt(c, first);
  for (int j = n - 1; j >= 0; j--) {
    if (is_scaled(at[j]->b))
      pto_rw_rebuilt(c, at[j]->b);
    pto_rw_rebuilt(c, at[j]);
  }
  if (sb)
    pto_rw_rebuilt(c, T);
  pto_rw_rebuilt(c, e);
  return true;
}

static pto_expr *
r_sum_normal(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  /* x + y and x - y of two different terms: the sum is x, y in the
     order sum_tidy sorts them; normal when the node is what sum_build
     builds (sum_builds, in short).  */
  if (c->hc && (isbin(e, PTO_BIN_ADD) || isbin(e, PTO_BIN_SUB))
      && e->a != e->b && is_arith(e, PTO_E_BIN, e->u.binop)
      && sum_atom(e->a) && sum_atom(e->b)
      && (isbin(e, PTO_BIN_SUB) || pto_rw_compare(e->a, e->b) <= 0)) {
    pto_rw_rebuilt(c, e);
    mark_normal(c, e);
    return NULL;
  }
  /* -x of an atom.  */
  if (c->hc && isun(e, PTO_UN_NEG) && sum_atom(e->a)
      && is_arith(e, PTO_E_UN, PTO_UN_NEG)) {
    pto_rw_rebuilt(c, e);
    mark_normal(c, e);
    return NULL;
  }
  /* The same with a scaled term or the constant (x*3 + y, x - 5), and a
     normal sum with one more term or the constant.  */
  if (c->hc && (isbin(e, PTO_BIN_ADD) || isbin(e, PTO_BIN_SUB))
      && (sum_builds2(c, e) || sum_builds_chain(c, e))) {
    mark_normal(c, e);
    return NULL;
  }
  sum buf;
  const sum *s = tidy_sum(c, &buf, e);
  if (!s)
    return NULL;
  if (c->hc && sum_builds(c, s, e)) {  /* already normal */
    mark_normal(c, e);
    return NULL;
  }
  pto_expr *r = sum_build(c, s);
  return unless_same(c, r, e);
}

/* divmod_recombine: x%d*k + (x/d)*(d*k) -> x*k and x - (x/d)*d -> x%d
   within a sum (same rounding for / and %).  W: x == (x/d)*d + x%d in
   the ring whenever x/d is defined.  */
/* True if Q is a / or floordiv by a constant.  */
static bool
is_divc(const pto_expr *q)
{
  return q->kind == PTO_E_BIN && is_divop(q->u.binop) && isc(q->b);
}

/* True if a term sum_flatten finds in E is a / or floordiv by a
   constant (the same walk, no sum).  */
static bool
has_divc_term(const pto_expr *e)
{
  if (isc(e))
    return false;
  if (isbin(e, PTO_BIN_ADD) || isbin(e, PTO_BIN_SUB))
    return has_divc_term(e->a) || has_divc_term(e->b);
  if (isun(e, PTO_UN_NEG))
    return has_divc_term(e->a);
  if (isbin(e, PTO_BIN_MUL) && isc(e->b))
    return is_divc(e->a);
  if (isbin(e, PTO_BIN_MUL) && isc(e->a))
    return is_divc(e->b);
  return is_divc(e);
}

static pto_expr *
r_divmod_recombine(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !has_divc_term(e))  /* nothing to recombine */
    return NULL;
  sum s;
  sum_of(&s, e);
  if (s.overflow)
    return NULL;
  for (int i = 0; i < s.n; i++) {
    pto_expr *q = s.t[i].base;
    if (q->kind != PTO_E_BIN || !is_divop(q->u.binop) || !isc(q->b))
      continue;
    pto_binop mop = q->u.binop == PTO_BIN_DIV ? PTO_BIN_MOD : PTO_BIN_FLOORMOD;
    pto_i128 d = sview(s.dt, cv(q->b));
    for (int j = 0; j < s.n; j++) {
      pto_expr *m = s.t[j].base;
      if (j == i)
        continue;
      /* x%d*k + (x/d)*(d*k) -> x*k  */
      if (isbin(m, mop) && pto_rw_same(m->a, q->a) && pto_rw_same(m->b, q->b)
          && sview(s.dt, s.t[j].coef * d) == s.t[i].coef) {
        pto_i128 k = s.t[j].coef;
        s.t[i].coef = 0;
        s.t[j].coef = 0;
        sum_add(&s, q->a, k);
        goto done;
      }
      /* x*k - (x/d)*(d*k) -> (x%d)*k  */
      if (pto_rw_same(m, q->a)
          && sview(s.dt, -s.t[j].coef * d) == s.t[i].coef) {
        pto_i128 k = s.t[j].coef;
        s.t[i].coef = 0;
        s.t[j].coef = 0;
        sum_add(&s, pto_rw_bin(c, mop, q->a, q->b), k);
        goto done;
      }
    }
  }
  return NULL;
done:
  if (!sum_tidy(&s))
    return NULL;
  return sum_build(c, &s);
}

/* mul_distribute_const: (x + c1) * c2 -> x*c2 + c1*c2 (same size, lets
   the terms combine).  W.  */
static pto_expr *
r_mul_distribute_const(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !isc(e->b))
    return NULL;
  pto_expr *a = e->a;
  if (!(isbin(a, PTO_BIN_ADD) || isbin(a, PTO_BIN_SUB)) || !isc(a->b))
    return NULL;
  pto_i128 k = sview(DT(e), cv(a->b)), m = sview(DT(e), cv(e->b));
  if (isbin(a, PTO_BIN_SUB))
    k = -k;
  return BIN(ADD, BIN(MUL, a->a, e->b), INT(e->type, k * m));
}

/* mul_const_minus: (c1 - x) * c2 -> x*(-c2) + c1*c2, so the constant
   factor reaches the term ((2 - y*8) * -4 -> y*32 - 8).  W (a ring
   identity; same size).  */
static pto_expr *
r_mul_const_minus(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !isc(e->b) || !isbin(e->a, PTO_BIN_SUB) || !isc(e->a->a)
      || isc(e->a->b))
    return NULL;
  pto_i128 k = sview(DT(e), cv(e->a->a)), m = sview(DT(e), cv(e->b));
  return BIN(ADD, BIN(MUL, e->a->b, INT(e->type, -m)),
             INT(e->type, k * m));
}

/* ------------------------------------------------------------------ */
/* Products                                                            */
/* ------------------------------------------------------------------ */

typedef struct chain {
  int n;
  pto_expr *f[MAXTERMS];
  pto_i128 k;
  bool has_k, overflow;
} chain;

/* An empty chain (the factors are written before they are read).  */
static void
chain_init(chain *ch)
{
  ch->n = 0;
  ch->k = 0;
  ch->has_k = ch->overflow = false;
}

static void
chain_flatten(chain *ch, pto_expr *e, pto_binop op)
{
  if (isbin(e, op)) {
    chain_flatten(ch, e->a, op);
    chain_flatten(ch, e->b, op);
  } else if (ch->n == MAXTERMS) {
    ch->overflow = true;
  } else {
    ch->f[ch->n++] = e;
  }
}

static void
chain_sort(chain *ch)
{
  for (int i = 1; i < ch->n; i++) {
    pto_expr *x = ch->f[i];
    int j = i - 1;
    while (j >= 0 && pto_rw_compare(ch->f[j], x) > 0) {
      ch->f[j + 1] = ch->f[j];
      j--;
    }
    ch->f[j + 1] = x;
  }
}

static bool
chain_pure(const chain *ch)
{
  for (int i = 0; i < ch->n; i++)
    if (!pto_rw_hpure(ch->f[i]))
      return false;
  return true;
}

static pto_expr *
chain_build(pto_rw *c, const chain *ch, pto_binop op)
{
  pto_expr *acc = NULL;
  for (int i = 0; i < ch->n; i++)
    acc = acc ? pto_rw_bin(c, op, acc, ch->f[i]) : ch->f[i];
  return acc;
}

/* True if X is the interned node INT (T, V) would give.  */
static bool
is_int_t(const pto_type *t, const pto_expr *x, pto_i128 v)
{
  return x->kind == PTO_E_INT && x->type == t && !x->a && !x->b && !x->c
         && !x->nargs && x->u.ival == pto_rw_wrap(t->dtype, v);
}

/* True if chain_build (C, CH, OP), then OP with INT (T, K) when HAVEK,
   would return E itself, for an arithmetic or bitwise OP (its type is
   its first operand's) and interned nodes; then the locations are set
   as building would set them (pto_rw_rebuilt), nothing is looked up.  */
static bool
chain_builds(pto_rw *c, const chain *ch, pto_binop op, pto_expr *e,
             bool havek, const pto_type *t, pto_i128 k)
{
  pto_expr *at[MAXTERMS];
  pto_expr *x = e;
  if (!c->hc || ch->n == 0)
    return false;
  if (havek) {
    if (x->kind != PTO_E_BIN || !is_arith(x, PTO_E_BIN, op)
        || !is_int_t(t, x->b, k))
      return false;
    x = x->a;
  }
  for (int j = ch->n - 1; j >= 1; j--) {
    if (x->kind != PTO_E_BIN || !is_arith(x, PTO_E_BIN, op)
        || x->b != ch->f[j])
      return false;
    at[j] = x;
    x = x->a;
  }
  if (x != ch->f[0])
    return false;
  for (int j = 1; j < ch->n; j++)
    pto_rw_rebuilt(c, at[j]);
  if (havek)
    pto_rw_rebuilt(c, e);
  return true;
}

/* mul_normal: flatten a product, fold its constants, order the factors,
   constant last: x*1, x*0 -> 0, x*-1 -> -x, (x*c0)*c1, (-x)*y -> -(x*y),
   c*x -> x*c, y*x -> x*y.  W.  */
/* True if E, a MUL of interned nodes, is normal with two parts that its
   operands show: x * k (k a constant other than 0, 1 and -1) or x * y in
   chain_sort's order, x and y neither products, negations nor
   constants; then the locations are set as chain_builds sets them.  */
static bool
mul_builds2(pto_rw *c, pto_expr *e)
{
  pto_expr *x = e->a, *y = e->b;
  if (!is_arith(e, PTO_E_BIN, PTO_BIN_MUL) || isbin(x, PTO_BIN_MUL)
      || isun(x, PTO_UN_NEG) || isc(x))
    return false;
  if (isc(y)) {
    pto_i128 k = sview(DT(e), cv(y));
    if (k == 0 || k == 1 || k == -1 || !is_int_t(e->type, y, k))
      return false;
  } else if (isbin(y, PTO_BIN_MUL) || isun(y, PTO_UN_NEG)
             || pto_rw_compare(x, y) > 0) {
    return false;
  }
  pto_rw_rebuilt(c, e);
  return true;
}

static pto_expr *
r_mul_normal(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  if (c->hc && isbin(e, PTO_BIN_MUL) && mul_builds2(c, e))
    return NULL;
  chain in, ch;
  chain_init(&in);
  chain_init(&ch);
  chain_flatten(&in, e, PTO_BIN_MUL);
  if (in.overflow)
    return NULL;
  pto_dtype dt = DT(e);
  pto_i128 k = 1;
  for (int i = 0; i < in.n; i++) {
    pto_expr *f = in.f[i];
    while (isun(f, PTO_UN_NEG)) {
      k = sview(dt, -k);
      f = f->a;
    }
    if (isc(f))
      k = sview(dt, k * sview(dt, cv(f)));
    else
      ch.f[ch.n++] = f;
  }
  if (k == 0) {
    if (!chain_pure(&ch))
      return NULL;
    return INT(e->type, 0);
  }
  chain_sort(&ch);
  if (k != -1 && chain_builds(c, &ch, PTO_BIN_MUL, e, k != 1, e->type, k))
    return NULL;  /* already normal */
  pto_expr *r = chain_build(c, &ch, PTO_BIN_MUL);
  if (!r)
    r = INT(e->type, k);
  else if (k == -1)
    r = UN(NEG, r);
  else if (k != 1)
    r = BIN(MUL, r, INT(e->type, k));
  return unless_same(c, r, e);
}

/* ------------------------------------------------------------------ */
/* Bitwise and logical chains                                          */
/* ------------------------------------------------------------------ */

static bool
is_complement(const pto_expr *a, const pto_expr *b, pto_unop op)
{
  return (isun(a, op) && pto_rw_same(a->a, b))
         || (isun(b, op) && pto_rw_same(b->a, a));
}

/* Shared by the bitwise and the logical normaliser.  OP's identity
   constant is dropped, its absorbing constant (none for XOR) absorbs,
   x op x is x (0 for XOR), and x op COMP(x) is 0 for AND, all ones for
   OR and XOR.  */
static pto_expr *
bitchain(pto_rw *c, pto_expr *e, pto_binop op, pto_unop comp)
{
  pto_dtype dt = DT(e);
  bool logical = op == PTO_BIN_LAND || op == PTO_BIN_LOR;
  bool isand = op == PTO_BIN_BAND || op == PTO_BIN_LAND;
  bool isxor = op == PTO_BIN_BXOR;
  pto_i128 ones = logical ? 1 : all_ones(dt);
  pto_i128 ident = isand ? ones : 0;
  pto_i128 absorb = isand ? 0 : ones;
  chain in, ch;
  chain_init(&in);
  chain_init(&ch);
  chain_flatten(&in, e, op);
  if (in.overflow)
    return NULL;
  for (int i = 0; i < in.n; i++)
    if (logical && !isbool(in.f[i]))
      return NULL;
  pto_i128 k = ident;
  for (int i = 0; i < in.n; i++) {
    pto_expr *f = in.f[i];
    if (isc(f)) {
      pto_i128 v = logical ? cv(f) != 0 : cv(f);
      k = isand ? (k & v) : isxor ? norm(dt, k ^ v) : (k | v);
      continue;
    }
    bool dup = false;
    for (int j = 0; j < ch.n && !dup; j++) {
      if (!pto_rw_same(ch.f[j], f))
        continue;
      dup = true;
      if (isxor)   /* x ^ x -> 0 */
        ch.f[j] = ch.f[--ch.n];
    }
    if (!dup)
      ch.f[ch.n++] = f;
  }
  bool complement = false;
  for (int i = 0; i < ch.n; i++)
    for (int j = i + 1; j < ch.n; j++) {
      if (!is_complement(ch.f[i], ch.f[j], comp))
        continue;
      if (!isxor) {
        complement = true;
        continue;
      }
      /* x ^ ~x -> ones: drop both (j > i), restart.  */
      ch.f[j] = ch.f[--ch.n];
      ch.f[i] = ch.f[--ch.n];
      k = norm(dt, k ^ ones);
      i = -1;
      break;
    }
  if (complement || (!isxor && k == absorb)) {
    if (!chain_pure(&ch))
      return NULL;
    return INT(e->type, complement ? (isand ? 0 : ones) : k);
  }
  /* && and || evaluate their right operand conditionally: keep the
     order unless every operand is safe to evaluate.  */
  if (!logical || pto_rw_safe(c, e))
    chain_sort(&ch);
  if (!logical && chain_builds(c, &ch, op, e, k != ident, e->type, k))
    return NULL;  /* already normal */
  pto_expr *r = chain_build(c, &ch, op);
  if (!r)
    r = INT(e->type, k);
  else if (k != ident)
    r = pto_rw_bin(c, op, r, INT(e->type, k));
  return unless_same(c, r, e);
}

/* bit_normal: & | ^ chains: x&-1, x|0, x^0, x&0, x|-1, x&x, x|x, x^x,
   x&~x, x|~x, x^~x, constants folded and last, operands ordered.  W.  */
/* True if E, an integer & | ^ of interned nodes, is normal with two
   parts its operands show: x op k (k neither OP's identity nor its
   absorbing constant) or x op y in chain_sort's order (x and y different,
   not complements, neither OP chains nor constants); then the location
   is set as chain_builds sets it.  */
static bool
bit_builds2(pto_rw *c, pto_expr *e)
{
  pto_binop op = e->u.binop;
  pto_expr *x = e->a, *y = e->b;
  if (!is_arith(e, PTO_E_BIN, op) || isbin(x, op) || isc(x))
    return false;
  if (isc(y)) {
    pto_i128 ones = all_ones(DT(e)), k = cv(y);
    pto_i128 ident = op == PTO_BIN_BAND ? ones : 0;
    if (k == ident || (op == PTO_BIN_BAND && k == 0)
        || (op == PTO_BIN_BOR && k == ones) || !is_int_t(e->type, y, k))
      return false;
  } else if (isbin(y, op) || x == y || is_complement(x, y, PTO_UN_BNOT)
             || pto_rw_compare(x, y) > 0) {
    return false;
  }
  pto_rw_rebuilt(c, e);
  return true;
}

static pto_expr *
r_bit_normal(pto_rw *c, pto_expr *e)
{
  if (!isint(e) && !isbool(e))
    return NULL;
  if (c->hc && isint(e) && bit_builds2(c, e))
    return NULL;
  return bitchain(c, e, e->u.binop, isbool(e) ? PTO_UN_NOT : PTO_UN_BNOT);
}

/* logic_normal: && || chains: x&&true, x&&false, x||false, x||true,
   x&&x, x&&!x, x||!x, ordered.  W.  */
static pto_expr *
r_logic_normal(pto_rw *c, pto_expr *e)
{
  return bitchain(c, e, e->u.binop, PTO_UN_NOT);
}

/* and_or_disjoint: (x | c1) & c2 -> x & c2 when c1 & c2 == 0, and
   (x & c1) | c2 -> x | c2 when c1 | c2 is all ones.  W.  */
static pto_expr *
r_and_or_disjoint(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !isc(e->b) || e->a->kind != PTO_E_BIN || !isc(e->a->b))
    return NULL;
  pto_i128 c1 = cv(e->a->b), c2 = cv(e->b);
  pto_binop op = e->u.binop, in = e->a->u.binop;
  if (op == PTO_BIN_BAND && in == PTO_BIN_BOR && (c1 & c2) == 0)
    return BIN(BAND, e->a->a, e->b);
  if (op == PTO_BIN_BOR && in == PTO_BIN_BAND
      && norm(DT(e), c1 | c2) == all_ones(DT(e)))
    return BIN(BOR, e->a->a, e->b);
  return NULL;
}

/* and_mask_range: x & (2^k-1) -> x when 0 <= x < 2^k.  R.  */
static pto_expr *
r_and_mask_range(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !isc(e->b))
    return NULL;
  pto_i128 m = cv(e->b);
  pto_iv x = R(c, e->a);
  if (m < 0 || (m & (m + 1)) != 0 || x.lo < 0 || x.hi > m)
    return NULL;
  return e->a;
}

/* ------------------------------------------------------------------ */
/* Min / max                                                           */
/* ------------------------------------------------------------------ */

/* minmax_normal: flatten min/max chains, fold constants, drop repeated
   operands and operands another one dominates by range (max(x, c) -> x
   when x >= c, min(min(x, 3), 5) -> min(x, 3)), order, constant last.
   R (dominance), W otherwise.  */
static pto_expr *
r_minmax_normal(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  bool ismax = e->u.binop == PTO_BIN_MAX;
  chain in, ch;
  chain_init(&in);
  chain_init(&ch);
  chain_flatten(&in, e, e->u.binop);
  if (in.overflow)
    return NULL;
  bool havek = false;
  pto_i128 k = 0;
  for (int i = 0; i < in.n; i++) {
    pto_expr *f = in.f[i];
    if (isc(f)) {
      pto_i128 v = cv(f);
      k = !havek ? v : ismax ? (v > k ? v : k) : (v < k ? v : k);
      havek = true;
      continue;
    }
    bool dup = false;
    for (int j = 0; j < ch.n && !dup; j++)
      dup = pto_rw_same(ch.f[j], f);
    if (!dup)
      ch.f[ch.n++] = f;
  }
  /* Dominance: drop operand i when another kept one always wins.  */
  bool drop[MAXTERMS] = {false};
  for (int i = 0; i < ch.n; i++) {
    pto_iv a = R(c, ch.f[i]);
    if (!pto_rw_hpure(ch.f[i]))
      continue;
    if (havek && (ismax ? k >= a.hi : k <= a.lo)) {
      drop[i] = true;
      continue;
    }
    for (int j = 0; j < ch.n; j++) {
      if (j == i || drop[j])
        continue;
      pto_iv b = R(c, ch.f[j]);
      if (ismax ? b.lo >= a.hi : b.hi <= a.lo) {
        drop[i] = true;
        break;
      }
    }
  }
  int m = 0;
  for (int i = 0; i < ch.n; i++)
    if (!drop[i])
      ch.f[m++] = ch.f[i];
  ch.n = m;
  /* The constant is redundant when some operand always beats it.  */
  if (havek)
    for (int i = 0; i < ch.n; i++) {
      pto_iv a = R(c, ch.f[i]);
      if (ismax ? a.lo >= k : a.hi <= k) {
        havek = false;
        break;
      }
    }
  chain_sort(&ch);
  if (chain_builds(c, &ch, e->u.binop, e, havek, e->type, k))
    return NULL;  /* already normal */
  pto_expr *r = chain_build(c, &ch, e->u.binop);
  if (havek)
    r = r ? pto_rw_bin(c, e->u.binop, r, INT(e->type, k)) : INT(e->type, k);
  if (!r)
    return NULL;
  return unless_same(c, r, e);
}

/* minmax_common_const: min(x + c, y + c) -> min(x, y) + c, and with
   - c (no wrap in either operand).  R.  */
static pto_expr *
r_minmax_common_const(pto_rw *c, pto_expr *e)
{
  pto_expr *a = e->a, *b = e->b;
  if (!isint(e) || a->kind != PTO_E_BIN || b->kind != PTO_E_BIN
      || a->u.binop != b->u.binop
      || (a->u.binop != PTO_BIN_ADD && a->u.binop != PTO_BIN_SUB)
      || !isc(a->b) || !isc(b->b) || cv(a->b) != cv(b->b)
      || !pto_rw_nowrap(a, c->env, c->memo)
      || !pto_rw_nowrap(b, c->env, c->memo))
    return NULL;
  return pto_rw_bin(c, a->u.binop, pto_rw_bin(c, e->u.binop, a->a, b->a),
                    a->b);
}

/* minmax_offset: max(s + c1, s + c2) -> s + max(c1, c2) for the same
   sum s (x + 3 vs x - 1, x vs x + 2), neither operand wrapping.  R.  */
static pto_expr *
r_minmax_offset(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_hpure(e))
    return NULL;
  sum a, b;
  sum_of(&a, e->a);
  sum_of(&b, e->b);
  if (a.overflow || b.overflow || a.k == b.k || !sum_tidy(&a) || !sum_tidy(&b)
      || a.n != b.n || a.n == 0)
    return NULL;
  for (int i = 0; i < a.n; i++)
    if (a.t[i].coef != b.t[i].coef || !pto_rw_same(a.t[i].base, b.t[i].base))
      return NULL;
  if (!pto_iv_fits(sum_iv(c, &a), a.dt) || !pto_iv_fits(sum_iv(c, &b), a.dt))
    return NULL;
  bool ismax = e->u.binop == PTO_BIN_MAX;
  return (ismax ? a.k > b.k : a.k < b.k) ? e->a : e->b;
}

/* minmax_neg: min(-x, -y) -> -max(x, y) and the dual, when neither
   negation wraps.  R.  */
static pto_expr *
r_minmax_neg(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !isun(e->a, PTO_UN_NEG) || !isun(e->b, PTO_UN_NEG)
      || !pto_rw_nowrap(e->a, c->env, c->memo)
      || !pto_rw_nowrap(e->b, c->env, c->memo))
    return NULL;
  pto_binop op = e->u.binop == PTO_BIN_MIN ? PTO_BIN_MAX : PTO_BIN_MIN;
  return UN(NEG, pto_rw_bin(c, op, e->a->a, e->b->a));
}

/* ------------------------------------------------------------------ */
/* Division and modulo                                                 */
/* ------------------------------------------------------------------ */

/* The constant divisor of E (a / d, a % d), or 0.  */
static pto_i128
divisor(const pto_expr *e)
{
  return isc(e->b) ? cv(e->b) : 0;
}

/* div_one: x / 1 -> x.  W.  */
static pto_expr *
r_div_one(pto_rw *c, pto_expr *e)
{
  (void)c;
  return isint(e) && iscv(e->b, 1) ? e->a : NULL;
}

/* div_neg_one: x / -1 -> -x (signed; INT_MIN / -1 is undefined).  W.  */
static pto_expr *
r_div_neg_one(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_dt_is_signed(DT(e)) || !iscv(e->b, -1))
    return NULL;
  return UN(NEG, e->a);
}

/* div_self: x / x -> 1 (x == 0 is undefined).  W.  */
static pto_expr *
r_div_self(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_same(e->a, e->b))
    return NULL;
  return INT(e->type, 1);
}

/* div_zero_num / mod_zero_num: 0 / x -> 0, 0 % x -> 0.  W.  */
static pto_expr *
r_zero_num(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !iscv(e->a, 0) || !pto_rw_hpure(e->b))
    return NULL;
  return INT(e->type, 0);
}

/* floor_to_trunc: floordiv/floormod -> / and % when x >= 0 and the
   divisor is > 0 (or the type is unsigned).  R.  */
static pto_expr *
r_floor_to_trunc(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  pto_iv a = R(c, e->a), b = R(c, e->b);
  if (pto_rw_dt_is_signed(DT(e)) && !(a.lo >= 0 && b.lo > 0))
    return NULL;
  return pto_rw_bin(c, e->u.binop == PTO_BIN_FLOORDIV ? PTO_BIN_DIV
                                                      : PTO_BIN_MOD,
                    e->a, e->b);
}

/* True if the rounding of OP agrees with floor for X under C: floor ops
   always, truncating ones when X >= 0.  */
static bool
floorlike(pto_rw *c, pto_binop op, const pto_expr *x)
{
  return isfloor(op) || R(c, x).lo >= 0;
}

/* div_mul_exact: (x*c)/d -> x*(c/d) when d | c and x*c does not wrap.  R.  */
static pto_expr *
r_div_mul_exact(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  pto_expr *a = e->a;
  if (!isint(e) || d == 0 || !isbin(a, PTO_BIN_MUL) || !isc(a->b))
    return NULL;
  pto_i128 m = cv(a->b);
  if (m % d != 0 || !pto_rw_nowrap(a, c->env, c->memo))
    return NULL;
  if (!fits(DT(e), m / d))
    return NULL;
  return BIN(MUL, a->a, INT(e->type, m / d));
}

/* div_mul_cancel: (x*c)/d -> x/(d/c) when c | d, c, d > 0, no wrap.  R.  */
static pto_expr *
r_div_mul_cancel(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  pto_expr *a = e->a;
  if (!isint(e) || d <= 0 || !isbin(a, PTO_BIN_MUL) || !isc(a->b))
    return NULL;
  pto_i128 m = cv(a->b);
  if (m <= 0 || d % m != 0 || !pto_rw_nowrap(a, c->env, c->memo))
    return NULL;
  return pto_rw_bin(c, e->u.binop, a->a, INT(e->type, d / m));
}

/* div_div: (x/c)/d -> x/(c*d), c, d > 0, same rounding, c*d fits.  W.  */
static pto_expr *
r_div_div(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  pto_expr *a = e->a;
  if (!isint(e) || d <= 0 || !isbin(a, e->u.binop) || divisor(a) <= 0)
    return NULL;
  pto_i128 cd = pto_i128_mul(divisor(a), d);
  if (!fits(DT(e), cd))
    return NULL;
  return pto_rw_bin(c, e->u.binop, a->a, INT(e->type, cd));
}

/* div_add_div: (x/c +- a)/d -> (x +- a*c)/(c*d), c, d > 0, x + a*c does
   not wrap, floor rounding (or every quotient non-negative).  R.  */
static pto_expr *
r_div_add_div(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  pto_expr *s = e->a;
  pto_binop op = e->u.binop;
  if (!isint(e) || d <= 0 || !(isbin(s, PTO_BIN_ADD) || isbin(s, PTO_BIN_SUB))
      || !isc(s->b) || !isbin(s->a, op) || divisor(s->a) <= 0)
    return NULL;
  pto_expr *x = s->a->a;
  pto_i128 k = divisor(s->a), a = sview(DT(e), cv(s->b));
  if (isbin(s, PTO_BIN_SUB))
    a = -a;
  pto_iv xr = R(c, x);
  pto_i128 ak = pto_i128_mul(a, k);
  pto_iv sum = {xr.lo + ak, xr.hi + ak};
  if (!fits(DT(e), pto_i128_mul(k, d)) || !fits(DT(e), ak)
      || !pto_iv_fits(sum, DT(e)))
    return NULL;
  if (!isfloor(op) && !(xr.lo >= 0 && sum.lo >= 0 && R(c, s).lo >= 0))
    return NULL;
  pto_expr *n = a * k >= 0 ? BIN(ADD, x, INT(e->type, a * k))
                           : BIN(SUB, x, INT(e->type, -a * k));
  return pto_rw_bin(c, op, n, INT(e->type, k * d));
}

/* The exact interval of the mathematical value of sum S.  */
static pto_iv
sum_iv(pto_rw *c, const sum *s)
{
  sum_memo *m = c->scratch;
  bool memo = m && s == &m->s;  /* the memo's tidy sum, unchanged */
  if (memo && m->iv_ok)
    return m->iv;
  pto_iv r = {s->k, s->k};
  pto_i128 cap = (pto_i128)1 << 120;
  for (int i = 0; i < s->n; i++) {
    pto_iv b = R(c, s->t[i].base);
    pto_i128 x = pto_i128_mul(b.lo, s->t[i].coef);
    pto_i128 y = pto_i128_mul(b.hi, s->t[i].coef);
    r.lo += x < y ? x : y;
    r.hi += x < y ? y : x;
    /* Saturate: at most 64 terms of at most 2^126 each.  */
    r.lo = r.lo < -cap ? -cap : r.lo;
    r.hi = r.hi > cap ? cap : r.hi;
  }
  if (memo) {
    m->iv = r;
    m->iv_ok = true;
  }
  return r;
}

/* True if S is one term with coefficient 1 and no constant: a
   numerator the rules that split or scale the numerator's sum leave
   alone (nothing is a multiple of d > 1, no gcd above 1, nothing to
   reduce).  */
static bool
atom_sum(const sum *s)
{
  return s->n == 1 && s->k == 0 && s->t[0].coef == 1;
}

/* Split S (the numerator of / or % by D > 0) into the multiples of D
   (Q, divided by D) and the rest (REST); false unless something moves
   and every part computes its mathematical value (no wrap).  */
static bool
split_multiples(pto_rw *c, const sum *s, pto_i128 d, sum *q, sum *rest)
{
  sum_head(q, s);
  sum_head(rest, s);
  q->k = fdiv(s->k, d);
  rest->k = fmod_(s->k, d);
  bool moved = q->k != 0;
  for (int i = 0; i < s->n; i++) {
    if (pto_i128_mod(s->t[i].coef, d) == 0) {
      q->t[q->n] = s->t[i];
      q->t[q->n++].coef = pto_i128_div(s->t[i].coef, d);
      moved = true;
    } else {
      rest->t[rest->n++] = s->t[i];
    }
  }
  return moved && pto_iv_fits(sum_iv(c, s), s->dt)
         && pto_iv_fits(sum_iv(c, q), s->dt)
         && pto_iv_fits(sum_iv(c, rest), s->dt);
}

/* div_split_sum: (x + y*d + c)/d -> (x + c%d)/d + y + c/d: multiples of
   d leave the division; floor rounding, or the whole sum >= 0 (then the
   rest is divided with floordiv unless it is >= 0 too).  R.  */
static pto_expr *
r_div_split_sum(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  if (!isint(e) || d <= 1)
    return NULL;
  sum buf, q, rest;
  const sum *s = tidy_sum(c, &buf, e->a);
  if (!s || atom_sum(s) || !split_multiples(c, s, d, &q, &rest))
    return NULL;
  pto_binop op = e->u.binop;
  if (!isfloor(op) && sum_iv(c, s).lo < 0)
    return NULL;
  if (!isfloor(op) && sum_iv(c, &rest).lo < 0)
    op = PTO_BIN_FLOORDIV;  /* whole >= 0: / is floordiv there */
  pto_expr *r = pto_rw_bin(c, op, sum_build(c, &rest), e->b);
  sum_add(&q, r, 1);
  sum_tidy(&q);
  return sum_build(c, &q);
}

/* mod_split_sum: (x + y*d + c) % d -> (x + c%d) % d.  R (as above; a
   sum of multiples only is 0 for both roundings).  */
static pto_expr *
r_mod_split_sum(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  if (!isint(e) || d <= 1)
    return NULL;
  sum buf, q, rest;
  const sum *s = tidy_sum(c, &buf, e->a);
  if (!s || atom_sum(s) || !split_multiples(c, s, d, &q, &rest))
    return NULL;
  for (int i = 0; i < q.n; i++)
    if (!pto_rw_hpure(q.t[i].base))
      return NULL;
  if (rest.n == 0 && rest.k == 0)
    return INT(e->type, 0);
  pto_binop op = e->u.binop;
  if (!isfloor(op) && sum_iv(c, s).lo < 0)
    return NULL;
  if (!isfloor(op) && sum_iv(c, &rest).lo < 0)
    op = PTO_BIN_FLOORMOD;  /* whole >= 0: % is floormod there */
  return pto_rw_bin(c, op, sum_build(c, &rest), e->b);
}

/* div_gcd: (x*c0 + y*c1 + k)/d -> (x*(c0/g) + y*(c1/g) + k/g)/(d/g)
   with g the gcd of all the constants; the sum must not wrap.  R.  */
static pto_expr *
r_div_gcd(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  if (!isint(e) || d <= 1)
    return NULL;
  sum buf, s;
  const sum *t = tidy_sum(c, &buf, e->a);
  if (!t || t->n == 0 || atom_sum(t))
    return NULL;
  pto_i128 g = gcd128(d, t->k);
  for (int i = 0; i < t->n; i++)
    g = gcd128(g, t->t[i].coef);
  if (g <= 1 || !pto_iv_fits(sum_iv(c, t), t->dt))
    return NULL;
  sum_copy(&s, t);
  for (int i = 0; i < s.n; i++)
    s.t[i].coef /= g;
  s.k /= g;
  return pto_rw_bin(c, e->u.binop, sum_build(c, &s), INT(e->type, d / g));
}

/* div_mul_var: (x*y)/y -> x and (x*y)%y -> 0 (either factor) when x*y
   does not wrap (y == 0 is undefined).  R.  */
static pto_expr *
r_div_mul_var(pto_rw *c, pto_expr *e)
{
  pto_expr *m = e->a;
  if (!isint(e) || !isbin(m, PTO_BIN_MUL)
      || !pto_rw_nowrap(m, c->env, c->memo))
    return NULL;
  pto_expr *x = pto_rw_same(m->b, e->b) ? m->a
                : pto_rw_same(m->a, e->b) ? m->b : NULL;
  if (!x)
    return NULL;
  if (is_divop(e->u.binop))
    return x;
  return pto_rw_hpure(x) ? INT(e->type, 0) : NULL;
}

/* True if M is a % or floormod by a positive multiple of D.  */
static bool
inner_mod(const pto_expr *m, pto_i128 d)
{
  return (isbin(m, PTO_BIN_MOD) || isbin(m, PTO_BIN_FLOORMOD))
         && divisor(m) > 0 && pto_i128_mod(divisor(m), d) == 0;
}

/* mod_inner_mod: (x % d + y) % d -> (x + y) % d (any multiple of d as
   the inner divisor, either rounding: both are congruent to x modulo
   d); floor rounding, or the outer sum >= 0 (then floormod unless the
   new sum is >= 0 too); the sums must not wrap.  R.  */
static pto_expr *
r_mod_inner_mod(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  pto_binop op = e->u.binop;
  if (!isint(e) || d <= 1)
    return NULL;
  sum buf, s;
  const sum *t = tidy_sum(c, &buf, e->a);
  if (!t)
    return NULL;
  int first = 0;  /* the first inner mod: the sum is copied only then */
  while (first < t->n && !inner_mod(t->t[first].base, d))
    first++;
  if (first == t->n)
    return NULL;
  pto_iv before = sum_iv(c, t);
  sum_copy(&s, t);
  for (int i = first; i < s.n; i++)
    if (inner_mod(s.t[i].base, d))
      s.t[i].base = s.t[i].base->a;
  pto_iv after = sum_iv(c, &s);
  if (!pto_iv_fits(before, s.dt) || !pto_iv_fits(after, s.dt))
    return NULL;
  if (!isfloor(op) && before.lo < 0)
    return NULL;
  if (!isfloor(op) && after.lo < 0)
    op = PTO_BIN_FLOORMOD;  /* the whole is >= 0: % is floormod there */
  return pto_rw_bin(c, op, sum_build(c, &s), e->b);
}

/* mod_one: x % 1 -> 0, x % -1 -> 0.  W.  */
static pto_expr *
r_mod_one(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_hpure(e->a) || !isc(e->b)
      || !(cv(e->b) == 1 || (pto_rw_dt_is_signed(DT(e)) && cv(e->b) == -1)))
    return NULL;
  return INT(e->type, 0);
}

/* mod_self: x % x -> 0.  W.  */
static pto_expr *
r_mod_self(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_same(e->a, e->b))
    return NULL;
  return INT(e->type, 0);
}

/* mod_range: x % d -> x when the remainder cannot differ from x: for %,
   |x| < |d| for every d; for floormod, 0 <= x < d (d > 0) or d < x <= 0
   (d < 0).  R.  */
static pto_expr *
r_mod_range(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !pto_rw_hpure(e->b))
    return NULL;
  pto_iv x = R(c, e->a), d = R(c, e->b);
  bool ok;
  if (d.lo > 0)
    ok = isfloor(e->u.binop) ? (x.lo >= 0 && x.hi < d.lo)
                             : (x.lo > -d.lo && x.hi < d.lo);
  else if (d.hi < 0)
    ok = isfloor(e->u.binop) ? (x.hi <= 0 && x.lo > d.hi)
                             : (x.lo > d.hi && x.hi < -d.hi);
  else
    ok = false;
  return ok ? e->a : NULL;
}

/* The rounding partner of division OP: / <-> %, floordiv <-> floormod.  */
static pto_binop
partner(pto_binop op)
{
  switch (op) {
  case PTO_BIN_DIV: return PTO_BIN_MOD;
  case PTO_BIN_MOD: return PTO_BIN_DIV;
  case PTO_BIN_FLOORDIV: return PTO_BIN_FLOORMOD;
  default: return PTO_BIN_FLOORDIV;
  }
}

/* The numerator of E (a / or % by a constant d > 1) as a tidy sum
   (tidy_sum, read only), with d in *D; NULL when it is something else
   or wraps.  */
static const sum *
numerator_sum(pto_rw *c, const pto_expr *e, sum *buf, pto_i128 *d)
{
  *d = divisor(e);
  if (!isint(e) || *d <= 1)
    return NULL;
  const sum *s = tidy_sum(c, buf, e->a);
  return s && pto_iv_fits(sum_iv(c, s), s->dt) ? s : NULL;
}

/* OP (a truncating / or %, or a floor one) applied to the sum S whose
   mathematical value is V: floor rounding always works; a truncating
   op only where the original numerator was >= 0 (checked by the
   caller), and then becomes floor rounding when V may be negative.  */
static pto_binop
rounding_for(pto_binop op, pto_iv v)
{
  if (!isfloor(op) && v.lo < 0)
    return op == PTO_BIN_DIV ? PTO_BIN_FLOORDIV : PTO_BIN_FLOORMOD;
  return op;
}

/* mod_coef_reduce: a coefficient (and the constant) of the numerator
   reduced modulo the divisor: (y*7) % 2 -> y % 2, (y*4 + z) % 3 ->
   (y + z) % 3.  Both numerators are congruent modulo d; floor rounding,
   or the original numerator >= 0 (then floormod unless the new one is
   >= 0 too); neither sum wraps.  R.  */
static pto_expr *
r_mod_coef_reduce(pto_rw *c, pto_expr *e)
{
  sum buf, s;
  pto_i128 d;
  const sum *t = numerator_sum(c, e, &buf, &d);
  if (!t || atom_sum(t))
    return NULL;
  pto_iv before = sum_iv(c, t);
  if (!isfloor(e->u.binop) && before.lo < 0)
    return NULL;
  sum_copy(&s, t);
  bool hit = fmod_(s.k, d) != s.k;
  s.k = fmod_(s.k, d);
  for (int i = 0; i < s.n; i++) {
    pto_i128 r = fmod_(s.t[i].coef, d);
    hit |= r != s.t[i].coef;
    s.t[i].coef = r;
  }
  if (!hit || !sum_tidy(&s))
    return NULL;
  pto_iv after = sum_iv(c, &s);
  if (!pto_iv_fits(after, s.dt))
    return NULL;
  if (s.n == 0 && s.k == 0)
    return INT(e->type, 0);
  return pto_rw_bin(c, rounding_for(e->u.binop, after), sum_build(c, &s),
                    e->b);
}

/* mod_common_factor: (g*x) % (g*e) -> (x % e) * g with g > 1 the gcd of
   the divisor, the coefficients and the constant ((x*8) % 16 ->
   (x % 2) * 8): the range of the remainder tightens to multiples of g
   ((z*2 % 8) / 7 -> 0).  Both roundings: g*x rem g*e == g*(x rem e) for
   g > 0; the numerator must not wrap.  R.  */
static pto_expr *
r_mod_common_factor(pto_rw *c, pto_expr *e)
{
  sum buf, s;
  pto_i128 d;
  const sum *t = numerator_sum(c, e, &buf, &d);
  if (!t || t->n == 0 || atom_sum(t))
    return NULL;
  pto_i128 g = gcd128(d, t->k);
  for (int i = 0; i < t->n; i++)
    g = gcd128(g, t->t[i].coef);
  if (g <= 1 || g == d)
    return NULL;
  sum_copy(&s, t);
  for (int i = 0; i < s.n; i++)
    s.t[i].coef /= g;
  s.k /= g;
  pto_expr *m = pto_rw_bin(c, e->u.binop, sum_build(c, &s),
                           INT(e->type, d / g));
  return BIN(MUL, m, INT(e->type, g));
}

/* Split the numerator S for a divisor with factor G: *A gets the terms
   whose coefficient G divides (divided by G) and the constant's floor
   quotient by G; the rest B (the other terms and the constant's floor
   remainder) must lie in one interval [m*G, (m+1)*G): then floor(S/G)
   == A + m, and *A gets m too.  False when B is empty or spans two
   intervals.  */
static bool
split_bounded(pto_rw *c, const sum *s, pto_i128 g, sum *a)
{
  sum b;
  sum_head(&b, s);
  sum_head(a, s);
  a->k = fdiv(s->k, g);
  b.k = fmod_(s->k, g);
  for (int i = 0; i < s->n; i++) {
    if (pto_i128_mod(s->t[i].coef, g) == 0) {
      a->t[a->n] = s->t[i];
      a->t[a->n++].coef = pto_i128_div(s->t[i].coef, g);
    } else {
      b.t[b.n++] = s->t[i];
    }
  }
  if (b.n == 0)
    return false;
  pto_iv r = sum_iv(c, &b);
  pto_i128 m = fdiv(r.lo, g);
  if (fdiv(r.hi, g) != m)
    return false;
  a->k += m;
  return pto_iv_fits(sum_iv(c, a), s->dt);
}

/* div_bounded_rest: (g*a + b) / (g*e) -> (a + m) / e when b, the part
   of the numerator g does not divide, lies in [m*g, (m+1)*g):
   floor((g*a + b)/(g*e)) == floor(floor((g*a + b)/g)/e) ==
   floor((a + m)/e).  (x*14 + r + 22) / 7 -> x*2 + 3 for r in [0, 5],
   (x*4 + y%4) / 8 -> x / 2.  g runs over the gcds of the divisor with
   each coefficient, largest first.  Floor rounding, or the numerator
   >= 0 (then a + m >= 0 too).  R.  */
static pto_expr *
r_div_bounded_rest(pto_rw *c, pto_expr *e)
{
  sum buf, a;
  pto_i128 d;
  const sum *s = numerator_sum(c, e, &buf, &d);
  if (!s || s->n < 1 || atom_sum(s))
    return NULL;
  if (!isfloor(e->u.binop) && sum_iv(c, s).lo < 0)
    return NULL;
  pto_i128 best = 0;
  for (int i = 0; i < s->n; i++) {
    pto_i128 g = gcd128(d, s->t[i].coef);
    if (g > 1 && g > best && split_bounded(c, s, g, &a))
      best = g;
  }
  if (!best || !split_bounded(c, s, best, &a) || !sum_tidy(&a))
    return NULL;
  pto_expr *n = sum_build(c, &a);
  if (best == d)
    return n;
  return pto_rw_bin(c, e->u.binop, n, INT(e->type, d / best));
}

/* mod_fixed_offset: x % d -> x - k*d when x lies in one interval
   [k*d, (k+1)*d), k != 0 (floormod, or % with x >= 0), or for % with
   x <= 0 in (-(k+1)*d, -k*d] -> x + k*d.  R.  */
static pto_expr *
r_mod_fixed_offset(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  if (!isint(e) || d <= 1)
    return NULL;
  pto_iv x = R(c, e->a);
  pto_i128 k;
  if (isfloor(e->u.binop) || x.lo >= 0)
    k = fdiv(x.lo, d) == fdiv(x.hi, d) ? fdiv(x.lo, d) : 0;
  else if (x.hi <= 0)
    k = (-x.lo) / d == (-x.hi) / d ? -((-x.lo) / d) : 0;
  else
    k = 0;
  if (k == 0)
    return NULL;
  sum s;
  if (!tidy_sum_of(c, &s, e->a))
    return NULL;
  s.k = sview(s.dt, s.k - k * d);
  return sum_build(c, &s);
}

/* The value of OP (/, %, floordiv, floormod) on mathematical integers.  */
static pto_i128
divmod_value(pto_binop op, pto_i128 a, pto_i128 d)
{
  switch (op) {
  case PTO_BIN_DIV: return a / d;
  case PTO_BIN_MOD: return a % d;
  case PTO_BIN_FLOORDIV: return fdiv(a, d);
  default: return fmod_(a, d);
  }
}

/* divmod_two_valued: (t*c0 + k) op d, where t takes only two values lo
   and lo+1, is the line through both results: f(lo) + (t - lo)*(f(lo+1)
   - f(lo)) (((y/4)*7)/3 -> (y/4)*2 for y in [0, 7]).  Exact at both
   points; the numerator must not wrap.  R.  */
static pto_expr *
r_divmod_two_valued(pto_rw *c, pto_expr *e)
{
  sum buf;
  pto_i128 d;
  const sum *s = numerator_sum(c, e, &buf, &d);
  if (!s || s->n != 1 || !pto_rw_hpure(s->t[0].base))
    return NULL;
  pto_iv t = R(c, s->t[0].base);
  if (t.hi != t.lo + 1)
    return NULL;
  pto_binop op = e->u.binop;
  pto_i128 f0 = divmod_value(op, s->t[0].coef * t.lo + s->k, d);
  pto_i128 f1 = divmod_value(op, s->t[0].coef * t.hi + s->k, d);
  sum r;
  sum_copy(&r, s);
  r.t[0].coef = f1 - f0;
  r.k = f0 - t.lo * (f1 - f0);
  if (!sum_tidy(&r))
    return NULL;
  return sum_build(c, &r);
}

/* div_of_mod: (a % (c*k)) / c -> (a / c) % k, c > 1, k > 0, the same
   rounding (((i*64 + j) % 256) / 64 -> i % 4 for j in [0, 63]).  Floor:
   the digits of a in base c above the lowest; truncating: both sides
   are odd in a, and agree with floor for a >= 0.  A truncating / of a
   floormod (never negative, so / rounds as floordiv there) takes the
   floor form.  W (neither side can wrap or trap).  */
static pto_expr *
r_div_of_mod(pto_rw *c, pto_expr *e)
{
  pto_i128 cc = divisor(e);
  pto_expr *m = e->a;
  pto_binop op = e->u.binop;
  if (!isint(e) || cc <= 1)
    return NULL;
  if (op == PTO_BIN_DIV && isbin(m, PTO_BIN_FLOORMOD))
    op = PTO_BIN_FLOORDIV;
  if (!isbin(m, partner(op)))
    return NULL;
  pto_i128 ck = divisor(m);
  if (ck <= 0 || ck % cc != 0)
    return NULL;
  pto_expr *q = pto_rw_bin(c, op, m->a, e->b);
  return pto_rw_bin(c, m->u.binop, q, INT(e->type, ck / cc));
}

/* mod_mod: (x % c) % d -> x % d when d | c, c, d > 0, same rounding.  W.  */
static pto_expr *
r_mod_mod(pto_rw *c, pto_expr *e)
{
  pto_i128 d = divisor(e);
  (void)c;
  if (!isint(e) || d <= 0 || !isbin(e->a, e->u.binop))
    return NULL;
  pto_i128 k = divisor(e->a);
  if (k <= 0 || k % d != 0)
    return NULL;
  return pto_rw_bin(c, e->u.binop, e->a->a, e->b);
}

/* ------------------------------------------------------------------ */
/* Comparisons                                                         */
/* ------------------------------------------------------------------ */

static bool
is_cmp(pto_binop op)
{
  return pto_binop_class(op) == 'C';
}

/* The comparison with swapped operands: a < b == b > a.  */
static pto_binop
cmp_swap(pto_binop op)
{
  switch (op) {
  case PTO_BIN_LT: return PTO_BIN_GT;
  case PTO_BIN_GT: return PTO_BIN_LT;
  case PTO_BIN_LE: return PTO_BIN_GE;
  case PTO_BIN_GE: return PTO_BIN_LE;
  default: return op;
  }
}

/* The negated comparison: !(a < b) == a >= b (integers only).  */
static pto_binop
cmp_not(pto_binop op)
{
  switch (op) {
  case PTO_BIN_LT: return PTO_BIN_GE;
  case PTO_BIN_GE: return PTO_BIN_LT;
  case PTO_BIN_GT: return PTO_BIN_LE;
  case PTO_BIN_LE: return PTO_BIN_GT;
  case PTO_BIN_EQ: return PTO_BIN_NE;
  default: return PTO_BIN_EQ;
  }
}

static bool
cmp_ints(const pto_expr *e)
{
  return e->kind == PTO_E_BIN && is_cmp(e->u.binop) && isint(e->a);
}

/* cmp_canon: constants to the right (5 < x -> x > 5), between two
   non-constants only < and <= (a > b -> b < a), == and != operands in
   the canonical order (y == x -> x == y).  C.  */
static pto_expr *
r_cmp_canon(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e))
    return NULL;
  pto_binop op = e->u.binop;
  if (isc(e->a) && !isc(e->b))
    return pto_rw_bin(c, cmp_swap(op), e->b, e->a);
  if (!isc(e->b) && (op == PTO_BIN_GT || op == PTO_BIN_GE))
    return pto_rw_bin(c, cmp_swap(op), e->b, e->a);
  if ((op == PTO_BIN_EQ || op == PTO_BIN_NE) && !isc(e->b)
      && pto_rw_compare(e->a, e->b) > 0)
    return pto_rw_bin(c, op, e->b, e->a);
  return NULL;
}

/* cmp_le_const: x <= c -> x < c+1, x >= c -> x > c-1 (when c+-1 fits).  C.  */
static pto_expr *
r_cmp_le_const(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b))
    return NULL;
  pto_i128 k = cv(e->b);
  if (e->u.binop == PTO_BIN_LE && fits(DT(e->b), k + 1))
    return BIN(LT, e->a, INT(e->b->type, k + 1));
  if (e->u.binop == PTO_BIN_GE && fits(DT(e->b), k - 1))
    return BIN(GT, e->a, INT(e->b->type, k - 1));
  return NULL;
}

/* cmp_self: x < x -> false, x <= x -> true, x == x -> true, ...  W.  */
static pto_expr *
r_cmp_self(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) && !(e->kind == PTO_E_BIN && isbool(e->a)))
    return NULL;
  if (!pto_rw_same(e->a, e->b))
    return NULL;
  pto_binop op = e->u.binop;
  bool v = op == PTO_BIN_LE || op == PTO_BIN_GE || op == PTO_BIN_EQ;
  return v ? TRUE_ : FALSE_;
}

/* cmp_move_const: x + k op d -> x op d - k.  == and != are W; the
   orderings need no wrap in x + k and d - k to fit: R.  */
static pto_expr *
r_cmp_move_const(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b))
    return NULL;
  pto_expr *s = e->a;
  if (!(isbin(s, PTO_BIN_ADD) || isbin(s, PTO_BIN_SUB)) || !isc(s->b))
    return NULL;
  pto_dtype dt = DT(s);
  pto_i128 k = isbin(s, PTO_BIN_ADD) ? cv(s->b) : -cv(s->b);
  pto_i128 d = cv(e->b);
  pto_binop op = e->u.binop;
  if (op == PTO_BIN_EQ || op == PTO_BIN_NE)
    return pto_rw_bin(c, op, s->a, INT(e->b->type, d - k));
  if (!pto_rw_nowrap(s, c->env, c->memo) || !fits(dt, d - k))
    return NULL;
  return pto_rw_bin(c, op, s->a, INT(e->b->type, d - k));
}

/* cmp_sub_zero: x - y op 0 -> x op y when x - y does not wrap.  R.  */
static pto_expr *
r_cmp_sub_zero(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !iscv(e->b, 0) || !isbin(e->a, PTO_BIN_SUB))
    return NULL;
  pto_binop op = e->u.binop;
  if (op != PTO_BIN_EQ && op != PTO_BIN_NE
      && !pto_rw_nowrap(e->a, c->env, c->memo))
    return NULL;
  return pto_rw_bin(c, op, e->a->a, e->a->b);
}

/* cmp_gcd: x*c0 + y*c1 op d with g = gcd(c0, c1, ...) > 1 -> divide
   through (x*3 < 7 -> x < 3, x*4 == 6 -> false).  The sum must not
   wrap.  R.  */
static pto_expr *
r_cmp_gcd(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b))
    return NULL;
  sum buf, s;
  const sum *t = tidy_sum(c, &buf, e->a);
  if (!t || t->n == 0 || t->k != 0)
    return NULL;
  pto_i128 g = 0;
  for (int i = 0; i < t->n; i++)
    g = gcd128(g, t->t[i].coef);
  if (g <= 1 || !pto_iv_fits(sum_iv(c, t), t->dt))
    return NULL;
  sum_copy(&s, t);
  for (int i = 0; i < s.n; i++)
    s.t[i].coef /= g;
  pto_i128 d = cv(e->b), nd;
  pto_binop op = e->u.binop;
  if (!pto_rw_hpure(e->a))
    return NULL;
  switch (op) {
  case PTO_BIN_LT: nd = -fdiv(-d, g); break;   /* ceil */
  case PTO_BIN_GT: nd = fdiv(d, g); break;
  case PTO_BIN_EQ:
  case PTO_BIN_NE:
    if (fmod_(d, g) != 0)
      return pto_rw_bool(c, op == PTO_BIN_NE);
    nd = d / g;
    break;
  default: return NULL;
  }
  return pto_rw_bin(c, op, sum_build(c, &s), INT(e->b->type, nd));
}

/* cmp_div_const: x/k < d -> x < d*k, x/k > d -> x > d*k + k - 1 (k > 0,
   floor rounding or x >= 0, the bounds fit).  R.  */
static pto_expr *
r_cmp_div_const(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b) || e->a->kind != PTO_E_BIN
      || !is_divop(e->a->u.binop))
    return NULL;
  pto_expr *q = e->a;
  pto_i128 k = divisor(q), d = cv(e->b), nd;
  if (k <= 0 || !floorlike(c, q->u.binop, q->a))
    return NULL;
  if (e->u.binop == PTO_BIN_LT)
    nd = pto_i128_mul(d, k);
  else if (e->u.binop == PTO_BIN_GT)
    nd = pto_i128_mul(d, k) + k - 1;
  else
    return NULL;
  if (!fits(DT(q), nd))
    return NULL;
  return pto_rw_bin(c, e->u.binop, q->a, INT(q->type, nd));
}

/* cmp_sides: a op b with sums on both sides -> (a - b without its
   constant) op -k, divided through by the gcd of its coefficients, when
   that is smaller (x + 3 < x + 5 -> true, x * 2 < x + 3 -> x < 3,
   x * 3 < y * 3 -> x < y).  Both sides and the difference must compute
   their mathematical values (no wrap).  R.  */
static pto_expr *
r_cmp_sides(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || isc(e->b) || !pto_rw_hpure(e))
    return NULL;
  pto_binop op = e->u.binop;
  sum a, b;
  sum_of(&a, e->a);
  sum_of(&b, e->b);
  pto_iv ia = sum_iv(c, &a), ib = sum_iv(c, &b);
  pto_iv diff = {ia.lo - ib.hi, ia.hi - ib.lo};
  if (a.overflow || b.overflow || !pto_iv_fits(ia, a.dt)
      || !pto_iv_fits(ib, a.dt) || !pto_iv_fits(diff, a.dt))
    return NULL;
  pto_i128 k = a.k - b.k;
  a.k = 0;
  for (int i = 0; i < b.n && !a.overflow; i++)
    sum_add(&a, b.t[i].base, -b.t[i].coef);
  if (a.overflow || !sum_tidy(&a) || !fits(a.dt, -k))
    return NULL;
  pto_iv d = sum_iv(c, &a);
  if (!pto_iv_fits(d, a.dt))
    return NULL;
  /* Divide through by the gcd of the coefficients (x*3 < y*3 -> x < y).  */
  pto_i128 g = 0, rhs = -k;
  for (int i = 0; i < a.n; i++)
    g = gcd128(g, a.t[i].coef);
  if (g > 1) {
    for (int i = 0; i < a.n; i++)
      a.t[i].coef /= g;
    if (op == PTO_BIN_LT)
      rhs = -fdiv(-rhs, g);
    else if (op == PTO_BIN_GT)
      rhs = fdiv(rhs, g);
    else if (op == PTO_BIN_EQ || op == PTO_BIN_NE) {
      if (fmod_(rhs, g) != 0)
        return pto_rw_bool(c, op == PTO_BIN_NE);
      rhs /= g;
    } else {
      return NULL;
    }
  }
  /* Built only when smaller: the sum, the constant and OP.  */
  if (sum_build_size(&a) + 2 >= pto_rw_hsize(e))
    return NULL;
  return pto_rw_bin(c, op, sum_build(c, &a), INT(e->b->type, rhs));
}

/* cmp_neg: -x op c -> x op' -c when -x does not wrap.  R.  */
static pto_expr *
r_cmp_neg(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b) || !isun(e->a, PTO_UN_NEG))
    return NULL;
  pto_i128 k = cv(e->b);
  if (!pto_rw_nowrap(e->a, c->env, c->memo) || !fits(DT(e->b), -k))
    return NULL;
  return pto_rw_bin(c, cmp_swap(e->u.binop), e->a->a, INT(e->b->type, -k));
}

/* logic_cmp_combine: two comparisons of the same x with constants:
   x<c1 && x<c2 -> x<min, x>c1 && x>c2 -> x>max, x<c1 && x>c2 -> false
   when c2 >= c1-1, x==c1 && x==c2 -> false (c1 != c2), and the duals
   for ||.  W.  */
static pto_expr *combine_cmps(pto_rw *c, pto_expr *e, pto_expr *l,
                              pto_expr *r);

static pto_expr *
r_logic_cmp_combine(pto_rw *c, pto_expr *e)
{
  pto_expr *k = combine_cmps(c, e, e->a, e->b);
  if (k)
    return k;
  /* In a sorted chain (p op l) op r: the last two.  */
  if (isbin(e->a, e->u.binop)
      && (k = combine_cmps(c, e, e->a->b, e->b)) != NULL)
    return pto_rw_bin(c, e->u.binop, e->a->a, k);
  return NULL;
}

/* The comparison L op R (op: E's && or ||) stands for, or NULL.  */
static pto_expr *
combine_cmps(pto_rw *c, pto_expr *e, pto_expr *l, pto_expr *r)
{
  if (!cmp_ints(l) || !cmp_ints(r) || !isc(l->b) || !isc(r->b)
      || !pto_rw_same(l->a, r->a))
    return NULL;
  bool isand = e->u.binop == PTO_BIN_LAND;
  pto_binop lo = l->u.binop, ro = r->u.binop;
  pto_i128 a = cv(l->b), b = cv(r->b);
  if (lo == PTO_BIN_GT && ro == PTO_BIN_LT) {
    pto_expr *t = l; l = r; r = t;
    lo = PTO_BIN_LT; ro = PTO_BIN_GT;
    pto_i128 x = a; a = b; b = x;
  }
  if (lo == ro && (lo == PTO_BIN_LT || lo == PTO_BIN_GT)) {
    bool takemin = (lo == PTO_BIN_LT) == isand;
    return (takemin ? a <= b : a >= b) ? l : r;
  }
  if (lo == PTO_BIN_LT && ro == PTO_BIN_GT) {
    if (isand && b >= a - 1)
      return FALSE_;
    if (!isand && b < a)
      return TRUE_;
    return NULL;
  }
  if (lo == ro && a != b && lo == (isand ? PTO_BIN_EQ : PTO_BIN_NE))
    return isand ? FALSE_ : TRUE_;
  return NULL;
}

/* cmp_cast: (T)x op c -> x op c' when the cast keeps x's value (x's
   range fits T) and c fits x's type: index math compared in a wider
   type.  R.  */
static pto_expr *
r_cmp_cast(pto_rw *c, pto_expr *e)
{
  if (!cmp_ints(e) || !isc(e->b) || !isun(e->a, PTO_UN_CAST)
      || !isint(e->a->a))
    return NULL;
  pto_expr *x = e->a->a;
  pto_i128 k = cv(e->b);
  if (!pto_iv_fits(R(c, x), DT(e->a)) || !fits(DT(x), k))
    return NULL;
  return pto_rw_bin(c, e->u.binop, x, INT(x->type, k));
}

/* and_or_absorb: a && (a || b) -> a, a || (a && b) -> a (either operand
   order inside).  W (b is only dropped).  */
static pto_expr *
r_and_or_absorb(pto_rw *c, pto_expr *e)
{
  pto_binop inner = e->u.binop == PTO_BIN_LAND ? PTO_BIN_LOR : PTO_BIN_LAND;
  (void)c;
  pto_expr *a = e->a, *r = e->b;
  if (!isbool(a) || !isbin(r, inner) || !pto_rw_hpure(r))
    return NULL;
  return pto_rw_same(r->a, a) || pto_rw_same(r->b, a) ? a : NULL;
}

/* cmp_bool_const: b == true -> b, b == false -> !b, b != false -> b,
   b != true -> !b.  W.  */
static pto_expr *
r_cmp_bool_const(pto_rw *c, pto_expr *e)
{
  if (!isbool(e->a) || !isc(e->b))
    return NULL;
  bool t = cv(e->b) != 0;
  if (e->u.binop == PTO_BIN_EQ)
    return t ? e->a : UN(NOT, e->a);
  if (e->u.binop == PTO_BIN_NE)
    return t ? UN(NOT, e->a) : e->a;
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Boolean NOT                                                         */
/* ------------------------------------------------------------------ */

/* not_not: !!x -> x for bool x.  W.  */
static pto_expr *
r_not_not(pto_rw *c, pto_expr *e)
{
  (void)c;
  return isun(e->a, PTO_UN_NOT) && isbool(e->a->a) ? e->a->a : NULL;
}

/* not_cmp: !(a < b) -> a >= b for integers, !(a == b) -> a != b and
   !(a != b) -> a == b for any scalars.  W.  */
static pto_expr *
r_not_cmp(pto_rw *c, pto_expr *e)
{
  pto_expr *a = e->a;
  if (a->kind != PTO_E_BIN || !is_cmp(a->u.binop))
    return NULL;
  bool eq = a->u.binop == PTO_BIN_EQ || a->u.binop == PTO_BIN_NE;
  if (!eq && !pto_rw_is_intlike(a->a))
    return NULL;
  return pto_rw_bin(c, cmp_not(a->u.binop), a->a, a->b);
}

/* demorgan_in: !a && !b -> !(a || b), !a || !b -> !(a && b).  W.  */
static pto_expr *
r_demorgan_in(pto_rw *c, pto_expr *e)
{
  if (!isun(e->a, PTO_UN_NOT) || !isun(e->b, PTO_UN_NOT)
      || !isbool(e->a->a) || !isbool(e->b->a))
    return NULL;
  pto_binop op = e->u.binop == PTO_BIN_LAND ? PTO_BIN_LOR : PTO_BIN_LAND;
  return UN(NOT, pto_rw_bin(c, op, e->a->a, e->b->a));
}

/* bool_xor_true: b ^ true -> !b, b != ... (bool).  W.  */
static pto_expr *
r_bool_xor_true(pto_rw *c, pto_expr *e)
{
  if (!isbool(e) || !isbool(e->a) || !iscv(e->b, 1))
    return NULL;
  return UN(NOT, e->a);
}

/* ------------------------------------------------------------------ */
/* Select                                                              */
/* ------------------------------------------------------------------ */

/* sel_same: c ? x : x -> x.  W.  */
static pto_expr *
r_sel_same(pto_rw *c, pto_expr *e)
{
  (void)c;
  return pto_rw_same(e->b, e->c) && pto_rw_hpure(e->a) ? e->b : NULL;
}

/* sel_bool_arms: c ? true : false -> c, c ? false : true -> !c.  W.  */
static pto_expr *
r_sel_bool_arms(pto_rw *c, pto_expr *e)
{
  if (!isbool(e) || !isbool(e->a) || !isc(e->b) || !isc(e->c))
    return NULL;
  if (cv(e->b) && !cv(e->c))
    return e->a;
  if (!cv(e->b) && cv(e->c))
    return UN(NOT, e->a);
  return NULL;
}

/* sel_not_cond: !c ? a : b -> c ? b : a.  W.  */
static pto_expr *
r_sel_not_cond(pto_rw *c, pto_expr *e)
{
  if (!isun(e->a, PTO_UN_NOT) || !isbool(e->a->a))
    return NULL;
  return pto_rw_sel(c, e->a->a, e->c, e->b);
}

/* sel_nested: c ? (c ? x : y) : z -> c ? x : z, and the else arm.  W.  */
static pto_expr *
r_sel_nested(pto_rw *c, pto_expr *e)
{
  if (!pto_rw_hpure(e->a))
    return NULL;
  if (e->b->kind == PTO_E_SELECT && pto_rw_same(e->b->a, e->a))
    return pto_rw_sel(c, e->a, e->b->b, e->c);
  if (e->c->kind == PTO_E_SELECT && pto_rw_same(e->c->a, e->a))
    return pto_rw_sel(c, e->a, e->b, e->c->c);
  return NULL;
}

/* sel_minmax: a < b ? a : b -> min(a, b), a < b ? b : a -> max(a, b)
   (also <=, >, >=), integers.  W.  */
static pto_expr *
r_sel_minmax(pto_rw *c, pto_expr *e)
{
  pto_expr *k = e->a;
  if (!isint(e) || !cmp_ints(k) || k->u.binop == PTO_BIN_EQ
      || k->u.binop == PTO_BIN_NE || !pto_rw_hpure(k))
    return NULL;
  bool less = k->u.binop == PTO_BIN_LT || k->u.binop == PTO_BIN_LE;
  if (pto_rw_same(k->a, e->b) && pto_rw_same(k->b, e->c))
    return less ? BIN(MIN, e->b, e->c) : BIN(MAX, e->b, e->c);
  if (pto_rw_same(k->a, e->c) && pto_rw_same(k->b, e->b))
    return less ? BIN(MAX, e->b, e->c) : BIN(MIN, e->b, e->c);
  return NULL;
}

/* sel_to_logic: c ? x : false -> c && x, c ? true : x -> c || x (bool
   arms).  W.  */
static pto_expr *
r_sel_to_logic(pto_rw *c, pto_expr *e)
{
  if (!isbool(e) || !isbool(e->a))
    return NULL;
  if (iscv(e->c, 0) && !isc(e->b))
    return BIN(LAND, e->a, e->b);
  if (iscv(e->b, 1) && !isc(e->c))
    return BIN(LOR, e->a, e->c);
  return NULL;
}

/* sel_eq_arms: x == y ? x : y -> y, x != y ? x : y -> x (either
   operand order).  W.  */
static pto_expr *
r_sel_eq_arms(pto_rw *c, pto_expr *e)
{
  pto_expr *k = e->a;
  (void)c;
  if (k->kind != PTO_E_BIN || !pto_rw_is_intlike(k->a) || !pto_rw_hpure(k)
      || (k->u.binop != PTO_BIN_EQ && k->u.binop != PTO_BIN_NE))
    return NULL;
  bool same = (pto_rw_same(k->a, e->b) && pto_rw_same(k->b, e->c))
              || (pto_rw_same(k->b, e->b) && pto_rw_same(k->a, e->c));
  if (!same)
    return NULL;
  return k->u.binop == PTO_BIN_EQ ? e->c : e->b;
}

/* sel_common_const: c ? x + k : y + k -> (c ? x : y) + k, also with -,
   * and a common constant.  W.  */
static pto_expr *
r_sel_common_const(pto_rw *c, pto_expr *e)
{
  pto_expr *a = e->b, *b = e->c;
  if (!isint(e) || a->kind != PTO_E_BIN || b->kind != PTO_E_BIN
      || a->u.binop != b->u.binop || !isc(a->b) || !isc(b->b)
      || cv(a->b) != cv(b->b))
    return NULL;
  pto_binop op = a->u.binop;
  if (op != PTO_BIN_ADD && op != PTO_BIN_SUB && op != PTO_BIN_MUL)
    return NULL;
  return pto_rw_bin(c, op, pto_rw_sel(c, e->a, a->a, b->a), a->b);
}

/* sel_merge: c1 ? (c2 ? a : b) : b -> (c1 && c2) ? a : b and
   c1 ? a : (c2 ? a : b) -> (c1 || c2) ? a : b (c2 is evaluated exactly
   when it was).  W.  */
static pto_expr *
r_sel_merge(pto_rw *c, pto_expr *e)
{
  if (!isbool(e->a))
    return NULL;
  pto_expr *t = e->b, *f = e->c;
  if (t->kind == PTO_E_SELECT && isbool(t->a) && pto_rw_same(t->c, f))
    return pto_rw_sel(c, BIN(LAND, e->a, t->a), t->b, f);
  if (f->kind == PTO_E_SELECT && isbool(f->a) && pto_rw_same(f->b, t))
    return pto_rw_sel(c, BIN(LOR, e->a, f->a), t, f->c);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Casts                                                               */
/* ------------------------------------------------------------------ */

/* cast_same: (T)x -> x when x already has type T.  W.  */
static pto_expr *
r_cast_same(pto_rw *c, pto_expr *e)
{
  (void)c;
  return e->a->type == e->type ? e->a : NULL;
}

/* cast_cast: (T2)(T1)x -> (T2)x when the inner cast keeps x's value
   (R), or both are integer truncations/extensions and T2 is no wider
   than T1 (W: truncation composes).  */
static pto_expr *
r_cast_cast(pto_rw *c, pto_expr *e)
{
  pto_expr *in = e->a;
  if (!isun(in, PTO_UN_CAST) || !pto_rw_is_intlike(in) || !pto_rw_is_intlike(e)
      || !pto_rw_is_intlike(in->a))
    return NULL;
  pto_expr *x = in->a;
  bool lossless = pto_iv_fits(R(c, x), DT(in));
  bool trunc = isint(e) && isint(in) && isint(x)
               && pto_rw_dt_bits(DT(e)) <= pto_rw_dt_bits(DT(in));
  if (!lossless && !trunc)
    return NULL;
  if (x->type == e->type)
    return x;
  return pto_rw_un(c, PTO_UN_CAST, x, e->type);
}

/* ------------------------------------------------------------------ */
/* Shifts                                                              */
/* ------------------------------------------------------------------ */

static bool
shift_amount(const pto_expr *e, int *k)
{
  if (!isc(e->b))
    return false;
  pto_i128 v = cv(e->b);
  if (v < 0 || v >= pto_rw_dt_bits(DT(e)))
    return false;
  *k = (int)v;
  return true;
}

/* shl_to_mul: x << k -> x * 2^k (canonical: products combine).  W.  */
static pto_expr *
r_shl_to_mul(pto_rw *c, pto_expr *e)
{
  int k;
  if (!isint(e) || !shift_amount(e, &k))
    return NULL;
  return BIN(MUL, e->a, INT(e->type, (pto_i128)1 << k));
}

/* shr_to_floordiv: x >> k -> floordiv(x, 2^k) (2^k must fit; arithmetic
   shift is floor division, logical shift of unsigned is division).  W.  */
static pto_expr *
r_shr_to_floordiv(pto_rw *c, pto_expr *e)
{
  int k;
  if (!isint(e) || !shift_amount(e, &k) || !fits(DT(e), (pto_i128)1 << k))
    return NULL;
  return BIN(FLOORDIV, e->a, INT(e->type, (pto_i128)1 << k));
}

/* shift_of_zero: 0 << x -> 0, 0 >> x -> 0.  W.  */
static pto_expr *
r_shift_of_zero(pto_rw *c, pto_expr *e)
{
  if (!isint(e) || !iscv(e->a, 0) || !pto_rw_hpure(e->b))
    return NULL;
  return INT(e->type, 0);
}

/* ------------------------------------------------------------------ */
/* Other unary operators                                               */
/* ------------------------------------------------------------------ */

/* abs_range: abs(x) -> x when x >= 0, -x when x <= 0.  R.  */
static pto_expr *
r_abs_range(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  pto_iv x = R(c, e->a);
  if (x.lo >= 0)
    return e->a;
  if (x.hi <= 0)
    return UN(NEG, e->a);
  return NULL;
}

/* abs_abs / abs_neg: abs(abs(x)) -> abs(x), abs(-x) -> abs(x).  W.  */
static pto_expr *
r_abs_idem(pto_rw *c, pto_expr *e)
{
  if (!isint(e))
    return NULL;
  if (isun(e->a, PTO_UN_ABS))
    return e->a;
  if (isun(e->a, PTO_UN_NEG))
    return UN(ABS, e->a->a);
  return NULL;
}

/* bnot_bnot: ~~x -> x.  W.  */
static pto_expr *
r_bnot_bnot(pto_rw *c, pto_expr *e)
{
  (void)c;
  return isint(e) && isun(e->a, PTO_UN_BNOT) ? e->a->a : NULL;
}

/* ------------------------------------------------------------------ */
/* The table                                                           */
/* ------------------------------------------------------------------ */

#define B_(op) PTO_BIN_##op
#define U_(op) (PTO_RWK_UN + PTO_UN_##op)
#define SEL PTO_RWK_SELECT
#define ANY PTO_RWK_ANY
/* The need column: KB, the rule returns NULL unless the right operand
   is a constant; VB, unless it is not (the engine skips the rule on
   other roots).  */
#define KB PTO_RWN_CONST_B
#define VB PTO_RWN_NONCONST_B

/* No rule applies to a constant (PTO_E_INT): the engine does not try
   them there.  */
const pto_rule pto_rules[] = {
    {ANY, "fold", 'W', r_fold, PTO_RWN_CONST_OPS},
    {ANY, "range_const", 'R', r_range_const, 0},
    {B_(ADD), "divmod_recombine", 'W', r_divmod_recombine, 0},
    {B_(SUB), "divmod_recombine", 'W', r_divmod_recombine, 0},
    {B_(ADD), "sum_normal", 'W', r_sum_normal, 0},
    {B_(SUB), "sum_normal", 'W', r_sum_normal, 0},
    {U_(NEG), "sum_normal", 'W', r_sum_normal, 0},
    {B_(MUL), "mul_distribute_const", 'W', r_mul_distribute_const, KB},
    {B_(MUL), "mul_const_minus", 'W', r_mul_const_minus, KB},
    {B_(MUL), "mul_normal", 'W', r_mul_normal, 0},
    {B_(BAND), "and_mask_range", 'R', r_and_mask_range, KB},
    {B_(BAND), "and_or_disjoint", 'W', r_and_or_disjoint, KB},
    {B_(BOR), "and_or_disjoint", 'W', r_and_or_disjoint, KB},
    {B_(BAND), "bit_normal", 'W', r_bit_normal, 0},
    {B_(BOR), "bit_normal", 'W', r_bit_normal, 0},
    {B_(BXOR), "bool_xor_true", 'W', r_bool_xor_true, KB},
    {B_(BXOR), "bit_normal", 'W', r_bit_normal, 0},
    {B_(LAND), "demorgan_in", 'W', r_demorgan_in, 0},
    {B_(LOR), "demorgan_in", 'W', r_demorgan_in, 0},
    {B_(LAND), "and_or_absorb", 'W', r_and_or_absorb, 0},
    {B_(LOR), "and_or_absorb", 'W', r_and_or_absorb, 0},
    {B_(LAND), "logic_cmp_combine", 'W', r_logic_cmp_combine, 0},
    {B_(LOR), "logic_cmp_combine", 'W', r_logic_cmp_combine, 0},
    {B_(LAND), "logic_normal", 'W', r_logic_normal, 0},
    {B_(LOR), "logic_normal", 'W', r_logic_normal, 0},
    {B_(MIN), "minmax_offset", 'R', r_minmax_offset, 0},
    {B_(MAX), "minmax_offset", 'R', r_minmax_offset, 0},
    {B_(MIN), "minmax_neg", 'R', r_minmax_neg, 0},
    {B_(MAX), "minmax_neg", 'R', r_minmax_neg, 0},
    {B_(MIN), "minmax_common_const", 'R', r_minmax_common_const, 0},
    {B_(MAX), "minmax_common_const", 'R', r_minmax_common_const, 0},
    {B_(MIN), "minmax_normal", 'R', r_minmax_normal, 0},
    {B_(MAX), "minmax_normal", 'R', r_minmax_normal, 0},
    {B_(DIV), "div_mul_var", 'R', r_div_mul_var, 0},
    {B_(FLOORDIV), "div_mul_var", 'R', r_div_mul_var, 0},
    {B_(MOD), "div_mul_var", 'R', r_div_mul_var, 0},
    {B_(FLOORMOD), "div_mul_var", 'R', r_div_mul_var, 0},
    {B_(DIV), "div_one", 'W', r_div_one, KB},
    {B_(FLOORDIV), "div_one", 'W', r_div_one, KB},
    {B_(DIV), "div_neg_one", 'W', r_div_neg_one, KB},
    {B_(FLOORDIV), "div_neg_one", 'W', r_div_neg_one, KB},
    {B_(DIV), "div_self", 'W', r_div_self, 0},
    {B_(FLOORDIV), "div_self", 'W', r_div_self, 0},
    {B_(DIV), "div_zero_num", 'W', r_zero_num, 0},
    {B_(FLOORDIV), "div_zero_num", 'W', r_zero_num, 0},
    {B_(FLOORDIV), "floor_to_trunc", 'R', r_floor_to_trunc, 0},
    {B_(FLOORMOD), "floor_to_trunc", 'R', r_floor_to_trunc, 0},
    {B_(DIV), "div_mul_exact", 'R', r_div_mul_exact, KB},
    {B_(FLOORDIV), "div_mul_exact", 'R', r_div_mul_exact, KB},
    {B_(DIV), "div_mul_cancel", 'R', r_div_mul_cancel, KB},
    {B_(FLOORDIV), "div_mul_cancel", 'R', r_div_mul_cancel, KB},
    {B_(DIV), "div_div", 'W', r_div_div, KB},
    {B_(FLOORDIV), "div_div", 'W', r_div_div, KB},
    {B_(DIV), "div_add_div", 'R', r_div_add_div, KB},
    {B_(FLOORDIV), "div_add_div", 'R', r_div_add_div, KB},
    {B_(DIV), "div_split_sum", 'R', r_div_split_sum, KB},
    {B_(FLOORDIV), "div_split_sum", 'R', r_div_split_sum, KB},
    {B_(DIV), "div_gcd", 'R', r_div_gcd, KB},
    {B_(FLOORDIV), "div_gcd", 'R', r_div_gcd, KB},
    {B_(MOD), "mod_one", 'W', r_mod_one, KB},
    {B_(FLOORMOD), "mod_one", 'W', r_mod_one, KB},
    {B_(MOD), "mod_self", 'W', r_mod_self, 0},
    {B_(FLOORMOD), "mod_self", 'W', r_mod_self, 0},
    {B_(MOD), "mod_zero_num", 'W', r_zero_num, 0},
    {B_(FLOORMOD), "mod_zero_num", 'W', r_zero_num, 0},
    {B_(MOD), "mod_range", 'R', r_mod_range, 0},
    {B_(FLOORMOD), "mod_range", 'R', r_mod_range, 0},
    {B_(MOD), "mod_fixed_offset", 'R', r_mod_fixed_offset, KB},
    {B_(FLOORMOD), "mod_fixed_offset", 'R', r_mod_fixed_offset, KB},
    {B_(MOD), "mod_mod", 'W', r_mod_mod, KB},
    {B_(FLOORMOD), "mod_mod", 'W', r_mod_mod, KB},
    {B_(MOD), "mod_split_sum", 'R', r_mod_split_sum, KB},
    {B_(MOD), "mod_coef_reduce", 'R', r_mod_coef_reduce, KB},
    {B_(FLOORMOD), "mod_coef_reduce", 'R', r_mod_coef_reduce, KB},
    {B_(MOD), "mod_common_factor", 'R', r_mod_common_factor, KB},
    {B_(FLOORMOD), "mod_common_factor", 'R', r_mod_common_factor, KB},
    {B_(DIV), "div_bounded_rest", 'R', r_div_bounded_rest, KB},
    {B_(FLOORDIV), "div_bounded_rest", 'R', r_div_bounded_rest, KB},
    {B_(DIV), "div_of_mod", 'W', r_div_of_mod, KB},
    {B_(FLOORDIV), "div_of_mod", 'W', r_div_of_mod, KB},
    {B_(DIV), "divmod_two_valued", 'R', r_divmod_two_valued, KB},
    {B_(FLOORDIV), "divmod_two_valued", 'R', r_divmod_two_valued, KB},
    {B_(MOD), "divmod_two_valued", 'R', r_divmod_two_valued, KB},
    {B_(FLOORMOD), "divmod_two_valued", 'R', r_divmod_two_valued, KB},
    {B_(MOD), "mod_inner_mod", 'R', r_mod_inner_mod, KB},
    {B_(FLOORMOD), "mod_inner_mod", 'R', r_mod_inner_mod, KB},
    {B_(FLOORMOD), "mod_split_sum", 'R', r_mod_split_sum, KB},
#define CMP_ROWS(op)                                                  \
    {B_(op), "cmp_canon", 'C', r_cmp_canon, 0},                       \
    {B_(op), "cmp_self", 'W', r_cmp_self, 0},                         \
    {B_(op), "cmp_le_const", 'C', r_cmp_le_const, KB},                \
    {B_(op), "cmp_move_const", 'R', r_cmp_move_const, KB},            \
    {B_(op), "cmp_sub_zero", 'R', r_cmp_sub_zero, KB},                \
    {B_(op), "cmp_gcd", 'R', r_cmp_gcd, KB},                          \
    {B_(op), "cmp_div_const", 'R', r_cmp_div_const, KB},              \
    {B_(op), "cmp_neg", 'R', r_cmp_neg, KB},                          \
    {B_(op), "cmp_sides", 'R', r_cmp_sides, VB},                      \
    {B_(op), "cmp_cast", 'R', r_cmp_cast, KB},
    CMP_ROWS(LT) CMP_ROWS(LE) CMP_ROWS(GT) CMP_ROWS(GE) CMP_ROWS(EQ)
    CMP_ROWS(NE)
#undef CMP_ROWS
    {B_(EQ), "cmp_bool_const", 'W', r_cmp_bool_const, KB},
    {B_(NE), "cmp_bool_const", 'W', r_cmp_bool_const, KB},
    {U_(NOT), "not_not", 'W', r_not_not, 0},
    {U_(NOT), "not_cmp", 'W', r_not_cmp, 0},
    {SEL, "sel_same", 'W', r_sel_same, 0},
    {SEL, "sel_eq_arms", 'W', r_sel_eq_arms, 0},
    {SEL, "sel_merge", 'W', r_sel_merge, 0},
    {SEL, "sel_common_const", 'W', r_sel_common_const, 0},
    {SEL, "sel_bool_arms", 'W', r_sel_bool_arms, 0},
    {SEL, "sel_not_cond", 'W', r_sel_not_cond, 0},
    {SEL, "sel_nested", 'W', r_sel_nested, 0},
    {SEL, "sel_minmax", 'W', r_sel_minmax, 0},
    {SEL, "sel_to_logic", 'W', r_sel_to_logic, 0},
    {U_(CAST), "cast_same", 'W', r_cast_same, 0},
    {U_(CAST), "cast_cast", 'R', r_cast_cast, 0},
    {B_(SHL), "shl_to_mul", 'W', r_shl_to_mul, KB},
    {B_(SHR), "shr_to_floordiv", 'W', r_shr_to_floordiv, KB},
    {B_(SHL), "shift_of_zero", 'W', r_shift_of_zero, 0},
    {B_(SHR), "shift_of_zero", 'W', r_shift_of_zero, 0},
    {U_(ABS), "abs_range", 'R', r_abs_range, 0},
    {U_(ABS), "abs_idem", 'W', r_abs_idem, 0},
    {U_(BNOT), "bnot_bnot", 'W', r_bnot_bnot, 0},
};

const int pto_nrules = (int)(sizeof pto_rules / sizeof pto_rules[0]);
