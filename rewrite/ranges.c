/* ranges.c - value ranges (vmin/vmax) of integer and boolean expressions.

   Contract: pto_rw_range returns an interval containing every value E can
   take for every assignment of its variables allowed by the environment
   (variables not in it range over their dtype), assuming no undefined
   operation (division by zero, shift out of range) is executed.  Integer
   operations wrap at their dtype's width: when the exact interval of an
   operation leaves the dtype, the result is the dtype's full range.
   Arithmetic is done in 128 bits, so it never overflows itself.
   A memo (pto_range_memo) keeps ranges for one simplification: in a
   hash map keyed by node (decompose.c), or in the interned nodes
   themselves (pto_range_memo_in_nodes, rewrite.c).  An environment also
   keeps the simplifier's working memory (pto_range_env_cache), freed
   with it.  Facts the hardware guarantees: pto.block_idx() is in
   [0, 65534] and pto.block_num() in [1, 65535] (ir/arch.h,
   PTO_ARCH_MAX_BLOCKS).  */

#include "rewrite/rewrite.h"
#include "ir/arch.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The environment: an open-addressing map from variable to range.    */
/* ------------------------------------------------------------------ */

typedef struct env_slot {
  const pto_var *v;     /* NULL: empty; TOMB: deleted */
  int64_t lo, hi;
} env_slot;

struct pto_range_env {
  env_slot *slots;
  size_t cap, used;
  pto_rw_cache *cache;     /* the simplifier's memo under this env */
};

static const pto_var tomb_var;
#define TOMB (&tomb_var)

static size_t
hash_ptr(const void *p, size_t cap)
{
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= (uintptr_t)0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (cap - 1);
}

/* rewrite.h's copy of the dtype table is ir.c's.  */
static void
check_dtype_table(void)
{
  for (pto_dtype dt = 0; dt < PTO_DT_COUNT; dt++)
    pto_assert(pto_rw_dt_bits(dt) == pto_dtype_bits(dt)
               && pto_rw_dt_is_int(dt) == pto_dtype_is_int(dt)
               && pto_rw_dt_is_signed(dt) == pto_dtype_is_signed(dt));
}

pto_range_env *
pto_range_env_new(void)
{
  check_dtype_table();
  pto_range_env *env = pto_xcalloc(1, sizeof *env);
  env->cap = 16;
  env->slots = pto_xcalloc(env->cap, sizeof *env->slots);
  return env;
}

void
pto_range_env_free(pto_range_env *env)
{
  if (!env)
    return;
  pto_rw_cache_free(env->cache);
  free(env->slots);
  free(env);
}

pto_rw_cache **
pto_range_env_cache(const pto_range_env *env)
{
  /* The memo is a cache: filling it does not change what ENV states.  */
  return &((pto_range_env *)env)->cache;
}


static env_slot *
env_find(const pto_range_env *env, const pto_var *v)
{
  for (size_t i = hash_ptr(v, env->cap), n = 0; n < env->cap;
       i = (i + 1) & (env->cap - 1), n++) {
    if (env->slots[i].v == v)
      return &env->slots[i];
    if (!env->slots[i].v)
      return NULL;
  }
  return NULL;
}

static void
env_grow(pto_range_env *env)
{
  env_slot *old = env->slots;
  size_t oldcap = env->cap;
  env->cap *= 2;
  env->slots = pto_xcalloc(env->cap, sizeof *env->slots);
  env->used = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].v && old[i].v != TOMB)
      pto_range_env_set(env, old[i].v, old[i].lo, old[i].hi);
  free(old);
}

void
pto_range_env_set(pto_range_env *env, const pto_var *v, int64_t lo,
                  int64_t hi)
{
  env_slot *s = env_find(env, v);
  if (!s) {
    if (2 * (env->used + 1) > env->cap)
      env_grow(env);
    size_t i = hash_ptr(v, env->cap);
    while (env->slots[i].v && env->slots[i].v != TOMB)
      i = (i + 1) & (env->cap - 1);
    s = &env->slots[i];
    env->used++;
  }
  s->v = v;
  s->lo = lo;
  s->hi = hi;
}

void
pto_range_env_forget(pto_range_env *env, const pto_var *v)
{
  env_slot *s = env_find(env, v);
  if (s)
    s->v = TOMB;
}

/* ------------------------------------------------------------------ */
/* A memo of node ranges for one simplification (nodes are immutable). */
/* ------------------------------------------------------------------ */

typedef struct memo_slot {
  const pto_expr *e;
  pto_iv iv;
} memo_slot;

struct pto_range_memo {
  memo_slot *slots;
  size_t cap, used;
  const unsigned *gen;   /* non-NULL: ranges live in the nodes */
};

pto_range_memo *
pto_range_memo_in_nodes(const unsigned *gen)
{
  pto_range_memo *m = pto_xcalloc(1, sizeof *m);
  m->gen = gen;
  return m;
}

pto_range_memo *
pto_range_memo_new(void)
{
  pto_range_memo *m = pto_xcalloc(1, sizeof *m);
  m->cap = 16;  /* grows by doubling; most expressions are small */
  m->slots = pto_xcalloc(m->cap, sizeof *m->slots);
  return m;
}

void
pto_range_memo_free(pto_range_memo *m)
{
  if (!m)
    return;
  free(m->slots);
  free(m);
}

static memo_slot *
memo_lookup(pto_range_memo *m, const pto_expr *e, bool insert)
{
  if (insert && 2 * (m->used + 1) > m->cap) {
    memo_slot *old = m->slots;
    size_t oldcap = m->cap;
    m->cap *= 2;
    m->slots = pto_xcalloc(m->cap, sizeof *m->slots);
    m->used = 0;
    for (size_t i = 0; i < oldcap; i++)
      if (old[i].e) {
        memo_slot *s = memo_lookup(m, old[i].e, true);
        *s = old[i];
      }
    free(old);
  }
  size_t i = hash_ptr(e, m->cap);
  while (m->slots[i].e && m->slots[i].e != e)
    i = (i + 1) & (m->cap - 1);
  if (m->slots[i].e == e)
    return &m->slots[i];
  if (!insert)
    return NULL;
  m->slots[i].e = e;
  m->used++;
  return &m->slots[i];
}

/* ------------------------------------------------------------------ */
/* Interval arithmetic                                                 */
/* ------------------------------------------------------------------ */

static pto_iv
iv(pto_i128 lo, pto_i128 hi)
{
  pto_iv r = {lo, hi};
  return r;
}

static pto_i128
min2(pto_i128 a, pto_i128 b)
{
  return a < b ? a : b;
}

static pto_i128
max2(pto_i128 a, pto_i128 b)
{
  return a > b ? a : b;
}

/* Keep R if it fits DT, else DT's full range (the operation wraps).  */
static pto_iv
clamp_wrap(pto_iv r, pto_dtype dt)
{
  return pto_iv_fits(r, dt) ? r : pto_iv_of_dtype(dt);
}

static pto_iv
iv_mul(pto_iv a, pto_iv b)
{
  pto_i128 p[4] = {pto_i128_mul(a.lo, b.lo), pto_i128_mul(a.lo, b.hi),
                   pto_i128_mul(a.hi, b.lo), pto_i128_mul(a.hi, b.hi)};
  pto_iv r = {p[0], p[0]};
  for (int i = 1; i < 4; i++) {
    r.lo = min2(r.lo, p[i]);
    r.hi = max2(r.hi, p[i]);
  }
  return r;
}

static pto_i128
div_trunc(pto_i128 a, pto_i128 b)
{
  return pto_i128_div(a, b);
}

static pto_i128
div_floor(pto_i128 a, pto_i128 b)
{
  pto_i128 q = pto_i128_div(a, b);
  if ((pto_i128_mod(a, b) != 0) && ((a < 0) != (b < 0)))
    q -= 1;
  return q;
}

/* Quotient range over A x B, B of one sign and never 0; both division
   kinds are monotone in each argument there, so corners suffice.  */
static pto_iv
iv_div_part(pto_iv a, pto_iv b, bool floor)
{
  pto_i128 (*f)(pto_i128, pto_i128) = floor ? div_floor : div_trunc;
  pto_i128 p[4] = {f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo),
                   f(a.hi, b.hi)};
  pto_iv r = {p[0], p[0]};
  for (int i = 1; i < 4; i++) {
    r.lo = min2(r.lo, p[i]);
    r.hi = max2(r.hi, p[i]);
  }
  return r;
}

/* Range of A/B with the divisor's zero excluded (division by zero is
   undefined).  EMPTY is set when B is exactly 0.  */
static pto_iv
iv_div(pto_iv a, pto_iv b, bool floor, bool *empty)
{
  bool have = false;
  pto_iv r = {0, 0};
  *empty = false;
  if (b.lo < 0) {
    r = iv_div_part(a, iv(b.lo, min2(b.hi, -1)), floor);
    have = true;
  }
  if (b.hi > 0) {
    pto_iv q = iv_div_part(a, iv(max2(b.lo, 1), b.hi), floor);
    r = have ? iv(min2(r.lo, q.lo), max2(r.hi, q.hi)) : q;
    have = true;
  }
  *empty = !have;
  return r;
}

static pto_iv
iv_mod(pto_iv a, pto_iv b, bool floor)
{
  pto_i128 m = max2(b.lo < 0 ? -b.lo : b.lo, b.hi < 0 ? -b.hi : b.hi) - 1;
  if (m < 0)
    m = 0;
  if (!floor) {
    if (b.lo > 0 && a.lo >= 0 && a.hi < b.lo)
      return a;
    if (b.hi < 0 && a.lo >= 0 && a.hi < -b.hi)
      return a;
    return iv(a.lo < 0 ? max2(a.lo, -m) : 0, a.hi > 0 ? min2(a.hi, m) : 0);
  }
  if (b.lo > 0) {
    if (a.lo >= 0 && a.hi < b.lo)
      return a;
    return iv(0, b.hi - 1);
  }
  if (b.hi < 0)
    return iv(b.lo + 1, 0);
  return iv(-m, m);
}

/* Smallest 2^k - 1 >= V (V >= 0).  */
static pto_i128
ones_above(pto_i128 v)
{
  pto_i128 r = 0;
  while (r < v)
    r = r * 2 + 1;
  return r;
}

static pto_iv
iv_bitwise(pto_binop op, pto_iv a, pto_iv b, pto_dtype dt)
{
  if (a.lo >= 0 && b.lo >= 0) {
    pto_i128 top = ones_above(max2(a.hi, b.hi));
    if (op == PTO_BIN_BAND)
      return iv(0, min2(a.hi, b.hi));
    if (op == PTO_BIN_BOR)
      return iv(max2(a.lo, b.lo), top);
    return iv(0, top);
  }
  if (op == PTO_BIN_BAND && (a.lo >= 0 || b.lo >= 0))
    return iv(0, a.lo >= 0 ? a.hi : b.hi);
  return pto_iv_of_dtype(dt);
}

/* Decide a comparison from the operand ranges: 1, 0, or -1 unknown.  */
static int
decide_cmp(pto_binop op, pto_iv a, pto_iv b)
{
  switch (op) {
  case PTO_BIN_LT:
    return a.hi < b.lo ? 1 : a.lo >= b.hi ? 0 : -1;
  case PTO_BIN_LE:
    return a.hi <= b.lo ? 1 : a.lo > b.hi ? 0 : -1;
  case PTO_BIN_GT:
    return decide_cmp(PTO_BIN_LT, b, a);
  case PTO_BIN_GE:
    return decide_cmp(PTO_BIN_LE, b, a);
  case PTO_BIN_EQ:
    if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo)
      return 1;
    return (a.hi < b.lo || b.hi < a.lo) ? 0 : -1;
  case PTO_BIN_NE: {
    int d = decide_cmp(PTO_BIN_EQ, a, b);
    return d < 0 ? -1 : !d;
  }
  default:
    return -1;
  }
}

/* pto_rw_range of an operand: from the node when the memo is in the
   nodes and holds it (only int and bool nodes are ever set).  */
static inline pto_iv
sub_range(const pto_expr *e, const pto_range_env *env, pto_range_memo *memo)
{
  if (memo && memo->gen && pto_rw_node_of(e)->iv_gen == *memo->gen)
    return pto_rw_node_of(e)->iv;
  return pto_rw_range(e, env, memo);
}

static pto_iv
bool_iv(int d)
{
  return d < 0 ? iv(0, 1) : iv(d, d);
}

/* The exact (unwrapped) interval of ADD/SUB/MUL/NEG/SHL-by-constant.  */
static bool
exact_iv(const pto_expr *e, const pto_range_env *env, pto_range_memo *memo,
         pto_iv *out)
{
  if (!pto_rw_is_intlike(e) || e->type->dtype == PTO_DT_BOOL)
    return false;
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_NEG) {
    pto_iv a = sub_range(e->a, env, memo);
    *out = iv(-a.hi, -a.lo);
    return true;
  }
  if (e->kind != PTO_E_BIN || !pto_rw_is_intlike(e->a)
      || !pto_rw_is_intlike(e->b))
    return false;
  pto_iv a = sub_range(e->a, env, memo);
  pto_iv b = sub_range(e->b, env, memo);
  switch (e->u.binop) {
  case PTO_BIN_ADD: *out = iv(a.lo + b.lo, a.hi + b.hi); return true;
  case PTO_BIN_SUB: *out = iv(a.lo - b.hi, a.hi - b.lo); return true;
  case PTO_BIN_MUL: *out = iv_mul(a, b); return true;
  case PTO_BIN_SHL:
    if (b.lo != b.hi || b.lo < 0 || b.lo >= pto_rw_dt_bits(e->type->dtype))
      return false;
    *out = iv_mul(a, iv((pto_i128)1 << (int)b.lo, (pto_i128)1 << (int)b.lo));
    return true;
  default:
    return false;
  }
}

bool
pto_rw_exact_iv(const pto_expr *e, const pto_range_env *env,
                pto_range_memo *memo, pto_iv *out)
{
  return exact_iv(e, env, memo, out);
}

bool
pto_rw_nowrap(const pto_expr *e, const pto_range_env *env,
              pto_range_memo *memo)
{
  pto_iv x;
  if (!exact_iv(e, env, memo, &x))
    return e->kind != PTO_E_BIN || e->u.binop != PTO_BIN_SHL;
  return pto_iv_fits(x, e->type->dtype);
}

static pto_iv
range_bin(const pto_expr *e, const pto_range_env *env, pto_range_memo *memo)
{
  pto_dtype dt = e->type->dtype;
  pto_iv full = pto_iv_of_dtype(dt), x;
  if (!pto_rw_is_intlike(e->a) || !pto_rw_is_intlike(e->b))
    return full;
  pto_iv a = sub_range(e->a, env, memo);
  pto_iv b = sub_range(e->b, env, memo);
  bool empty;
  /* The exact intervals of exact_iv (the same cases, from A and B).  */
  if (dt != PTO_DT_BOOL) {
    switch (e->u.binop) {
    case PTO_BIN_ADD: return clamp_wrap(iv(a.lo + b.lo, a.hi + b.hi), dt);
    case PTO_BIN_SUB: return clamp_wrap(iv(a.lo - b.hi, a.hi - b.lo), dt);
    case PTO_BIN_MUL: return clamp_wrap(iv_mul(a, b), dt);
    case PTO_BIN_SHL:
      if (b.lo != b.hi || b.lo < 0 || b.lo >= pto_rw_dt_bits(dt))
        break;
      return clamp_wrap(iv_mul(a, iv((pto_i128)1 << (int)b.lo,
                                     (pto_i128)1 << (int)b.lo)), dt);
    default:
      break;
    }
  }
  switch (e->u.binop) {
  case PTO_BIN_DIV:
  case PTO_BIN_FLOORDIV:
    x = iv_div(a, b, e->u.binop == PTO_BIN_FLOORDIV, &empty);
    return empty ? full : clamp_wrap(x, dt);
  case PTO_BIN_MOD:
  case PTO_BIN_FLOORMOD:
    if (b.lo == 0 && b.hi == 0)
      return full;
    return iv_mod(a, b, e->u.binop == PTO_BIN_FLOORMOD);
  case PTO_BIN_MIN: return iv(min2(a.lo, b.lo), min2(a.hi, b.hi));
  case PTO_BIN_MAX: return iv(max2(a.lo, b.lo), max2(a.hi, b.hi));
  case PTO_BIN_SHR: {
    int bits = pto_rw_dt_bits(dt);
    pto_i128 klo = max2(b.lo, 0), khi = min2(b.hi, bits - 1);
    if (klo > khi)
      return full;
    pto_i128 p[4] = {a.lo >> (int)klo, a.lo >> (int)khi, a.hi >> (int)klo,
                     a.hi >> (int)khi};
    pto_iv r = {p[0], p[0]};
    for (int i = 1; i < 4; i++) {
      r.lo = min2(r.lo, p[i]);
      r.hi = max2(r.hi, p[i]);
    }
    return r;
  }
  case PTO_BIN_LT: case PTO_BIN_LE: case PTO_BIN_GT: case PTO_BIN_GE:
  case PTO_BIN_EQ: case PTO_BIN_NE:
    return bool_iv(decide_cmp(e->u.binop, a, b));
  case PTO_BIN_BAND: case PTO_BIN_BOR: case PTO_BIN_BXOR:
    return iv_bitwise(e->u.binop, a, b, dt);
  case PTO_BIN_LAND:
    if ((a.lo == 0 && a.hi == 0) || (b.lo == 0 && b.hi == 0))
      return iv(0, 0);
    if (a.lo > 0 && b.lo > 0)
      return iv(1, 1);
    return iv(0, 1);
  case PTO_BIN_LOR:
    if (a.lo > 0 || b.lo > 0)
      return iv(1, 1);
    if (a.hi == 0 && b.hi == 0)
      return iv(0, 0);
    return iv(0, 1);
  default:
    return full;
  }
}

static pto_iv
range_un(const pto_expr *e, const pto_range_env *env, pto_range_memo *memo)
{
  pto_dtype dt = e->type->dtype;
  pto_iv full = pto_iv_of_dtype(dt);
  if (!pto_rw_is_intlike(e->a))
    return full;
  pto_iv a = sub_range(e->a, env, memo);
  switch (e->u.unop) {
  case PTO_UN_NEG: return clamp_wrap(iv(-a.hi, -a.lo), dt);
  case PTO_UN_NOT:
    if (a.lo == 0 && a.hi == 0)
      return iv(1, 1);
    return (a.lo > 0 || a.hi < 0) ? iv(0, 0) : iv(0, 1);
  case PTO_UN_BNOT:
    if (pto_rw_dt_is_signed(dt))
      return iv(-a.hi - 1, -a.lo - 1);
    return iv(full.hi - a.hi, full.hi - a.lo);
  case PTO_UN_ABS:
    if (a.lo >= 0)
      return a;
    if (a.hi <= 0)
      return clamp_wrap(iv(-a.hi, -a.lo), dt);
    return clamp_wrap(iv(0, max2(-a.lo, a.hi)), dt);
  case PTO_UN_CAST:
    if (dt == PTO_DT_BOOL) {
      if (a.lo == 0 && a.hi == 0)
        return iv(0, 0);
      return (a.lo > 0 || a.hi < 0) ? iv(1, 1) : iv(0, 1);
    }
    return clamp_wrap(a, dt);
  default:
    return full;
  }
}

/* The ranges the hardware guarantees: a launch runs block_num blocks,
   1 <= block_num <= PTO_ARCH_MAX_BLOCKS, numbered 0 .. block_num - 1.  */
static pto_iv
range_call(const pto_expr *e, pto_iv full)
{
  if (!e->is_op || e->nargs != 0)
    return full;
  if (e->op == PTO_OP_BLOCK_IDX)
    return iv(0, PTO_ARCH_MAX_BLOCKS - 1);
  if (e->op == PTO_OP_BLOCK_NUM)
    return iv(1, PTO_ARCH_MAX_BLOCKS);
  return full;
}

static pto_iv
range_compute(const pto_expr *e, const pto_range_env *env,
              pto_range_memo *memo)
{
  pto_dtype dt = e->type->dtype;
  pto_iv full = pto_iv_of_dtype(dt);
  switch (e->kind) {
  case PTO_E_INT: {
    pto_i128 v = pto_rw_const_value(e);
    return iv(v, v);
  }
  case PTO_E_VAR: {
    const env_slot *s = env ? env_find(env, e->u.var) : NULL;
    if (!s)
      return full;
    pto_iv r = iv(max2(s->lo, full.lo), min2(s->hi, full.hi));
    if (!pto_rw_dt_is_signed(dt) && pto_rw_dt_bits(dt) == 64 && s->hi < 0)
      r.hi = full.hi;  /* an env cannot state u64 bounds above 2^63 */
    return r.lo <= r.hi ? r : full;
  }
  case PTO_E_BIN: return range_bin(e, env, memo);
  case PTO_E_UN: return range_un(e, env, memo);
  case PTO_E_CALL: return range_call(e, full);
  case PTO_E_SELECT: {
    pto_iv c = pto_rw_is_intlike(e->a) ? sub_range(e->a, env, memo)
                                       : iv(0, 1);
    if (!pto_rw_is_intlike(e->b) || !pto_rw_is_intlike(e->c))
      return full;
    pto_iv a = sub_range(e->b, env, memo);
    pto_iv b = sub_range(e->c, env, memo);
    if (c.lo > 0 || c.hi < 0)
      return a;
    if (c.lo == 0 && c.hi == 0)
      return b;
    return iv(min2(a.lo, b.lo), max2(a.hi, b.hi));
  }
  default:
    return full;
  }
}

pto_iv
pto_rw_range(const pto_expr *e, const pto_range_env *env,
             pto_range_memo *memo)
{
  if (!pto_rw_is_intlike(e))
    return iv(0, -1);  /* callers test pto_rw_is_intlike first */
  if (memo && memo->gen) {
    pto_rw_node *n = pto_rw_node_of(e);
    if (n->iv_gen == *memo->gen)
      return n->iv;
  } else if (memo) {
    memo_slot *s = memo_lookup(memo, e, false);
    if (s)
      return s->iv;
  }
  pto_iv r = range_compute(e, env, memo);
  pto_iv full = pto_iv_of_dtype(e->type->dtype);
  r.lo = max2(r.lo, full.lo);
  r.hi = min2(r.hi, full.hi);
  if (r.lo > r.hi)
    r = full;
  if (memo && memo->gen) {
    pto_rw_node *n = pto_rw_node_of(e);
    n->iv = r;
    n->iv_gen = *memo->gen;
  } else if (memo) {
    memo_lookup(memo, e, true)->iv = r;
  }
  return r;
}

pto_range
pto_expr_range(const pto_expr *e, const pto_range_env *env)
{
  pto_range r = {0, 0, false};
  if (!pto_rw_is_intlike(e))
    return r;
  pto_iv v = pto_rw_range(e, env, NULL);
  if (v.lo < INT64_MIN || v.hi > INT64_MAX)
    return r;
  r.lo = (int64_t)v.lo;
  r.hi = (int64_t)v.hi;
  r.known = true;
  return r;
}
