/* decompose.c - late decompositions (after tinygrad's):
   rewrite operations the target lacks into ones it has.  Run after the
   symbolic simplifier, never before it (the simplifier canonicalises
   x << k back to x * 2^k).

   pto_decompose_expr rewrites E bottom-up, functionally (E's nodes are
   never modified), with the rewrites FLAGS selects:
     PTO_DEC_POW2     x * 2^k -> x << k;  floordiv(x, 2^k) -> x >> k;
                      floormod(x, 2^k) -> x & (2^k-1);  x / 2^k -> x >> k
                      and x % 2^k -> x & (2^k-1) when x >= 0 (or
                      unsigned); for a possibly negative signed x the
                      truncating forms get the bias
                        x / 2^k -> (x + ((x >> (N-1)) & (2^k-1))) >> k
                        x % 2^k -> x - ((x + ((x >> (N-1)) & (2^k-1)))
                                        & ~(2^k-1))
     PTO_DEC_FASTDIV  x / d, x % d (d > 0 not a power of two) for x >= 0
                      -> (x * M) >> S (Hacker's Delight magicgu, see
                      pto_magicgu), with the guards: the quotient is 0
                      when x < d; only for non-negative ranges; when
                      M * vmax overflows the dtype, strip the power-of-two
                      factors of d (x / (d' 2^t) == (x >> t) / d') and
                      retry, else widen to 64 bits, else keep the division
     PTO_DEC_NEG      x * -1 -> -x
     PTO_DEC_DEMORGAN with PTO_DEC_DEMORGAN_OUT: !(a && b) -> !a || !b,
                      !(a || b) -> !a && !b; without: the reverse
     PTO_DEC_CMPNEG   !(a < b) -> b <= a (integers), !(x < c) -> c-1 < x
     PTO_DEC_FDIV     x / c -> x * (1/c) for floats when c is a power of
                      two whose reciprocal the type holds exactly
   A signed x * 2^k becomes x << k when x >= 0 (shift_defined), else
   (T)((U)x << k) with U the unsigned type of T's width (wrapping_shift:
   the printed C must not shift a negative value); 8- and 16-bit
   products keep their multiplication.  Every rewrite is exact under the IR's semantics (two's-complement
   wrap, truncating / and %); the fused multiply-add of the seed needs a
   target op the IR does not have yet.  */

#include "rewrite/rewrite.h"

#include <math.h>
#include <string.h>

typedef struct dctx {
  pto_rw rw;
  unsigned flags;
} dctx;

#define DT(e) ((e)->type->dtype)

static bool
isint(const pto_expr *e)
{
  return e->type->kind == PTO_TY_SCALAR && pto_dtype_is_int(DT(e));
}

static bool
isc(const pto_expr *e)
{
  return e->kind == PTO_E_INT && e->type->kind == PTO_TY_SCALAR;
}

/* log2 of V if V is a power of two >= 2, else -1.  */
static int
log2_exact(pto_i128 v)
{
  if (v < 2 || (v & (v - 1)) != 0)
    return -1;
  int k = 0;
  while (((pto_i128)1 << k) != v)
    k++;
  return k;
}

static pto_expr *
K(dctx *c, const pto_type *t, pto_i128 v)
{
  return pto_rw_int(&c->rw, t, v);
}

static pto_expr *
B(dctx *c, pto_binop op, pto_expr *a, pto_expr *b)
{
  return pto_rw_bin(&c->rw, op, a, b);
}

/* ------------------------------------------------------------------ */
/* Magic numbers                                                       */
/* ------------------------------------------------------------------ */

bool
pto_magicgu(uint64_t vmax, uint64_t d, uint64_t *m, int *s)
{
  typedef unsigned __int128 u128;
  if (d < 2 || vmax >= (UINT64_C(1) << 63))
    return false;
  u128 nc = ((u128)(vmax + 1) / d) * d - 1;
  int nbits = 0;
  while (nbits < 64 && (vmax >> nbits))
    nbits++;
  for (int k = 0; k <= 2 * nbits; k++) {
    u128 p = (u128)1 << k;
    u128 r = d - 1 - (p - 1) % d;
    if (p > nc * r) {
      u128 mm = (p + r) / d;
      if (mm * vmax >= ((u128)1 << 63))
        return false;
      *m = (uint64_t)mm;
      *s = k;
      return true;
    }
  }
  return false;
}

/* ------------------------------------------------------------------ */
/* Integer division by constants                                       */
/* ------------------------------------------------------------------ */

/* The quotient X / D for X in [0, VMAX], D >= 2 not a power of two, as
   a multiply and shift in X's type (or widened to 64 bits); NULL when
   no form fits.  */
static pto_expr *
fast_quotient(dctx *c, pto_expr *x, pto_i128 vmax, pto_i128 d)
{
  const pto_type *t = x->type;
  pto_dtype dt = DT(x);
  pto_iv full = pto_iv_of_dtype(dt);
  if (vmax < d)
    return K(c, t, 0);
  /* Strip the power-of-two factors: x / (d' 2^k) == (x >> k) / d'.  */
  int k = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    k++;
  }
  if (k) {
    x = B(c, PTO_BIN_SHR, x, K(c, t, k));
    vmax >>= k;
    if (d == 1)
      return x;
    if (vmax < d)
      return K(c, t, 0);
  }
  uint64_t m;
  int s;
  if (vmax > INT64_MAX || !pto_magicgu((uint64_t)vmax, (uint64_t)d, &m, &s))
    return NULL;
  if ((pto_i128)m * vmax <= full.hi && s < pto_dtype_bits(dt)
      && (pto_i128)m <= full.hi) {
    pto_expr *p = B(c, PTO_BIN_MUL, x, K(c, t, m));
    return s ? B(c, PTO_BIN_SHR, p, K(c, t, s)) : p;
  }
  if (pto_dtype_bits(dt) >= 64)
    return NULL;
  /* Widen: (T)(((i64)x * M) >> S); M * vmax < 2^63 by pto_magicgu.  */
  const pto_type *w = pto_type_scalar(c->rw.p, PTO_DT_I64);
  pto_expr *xw = pto_rw_un(&c->rw, PTO_UN_CAST, x, w);
  pto_expr *p = B(c, PTO_BIN_MUL, xw, K(c, w, m));
  if (s)
    p = B(c, PTO_BIN_SHR, p, K(c, w, s));
  return pto_rw_un(&c->rw, PTO_UN_CAST, p, t);
}

/* x / 2^k or x % 2^k for a signed x that may be negative (truncating):
   bias negative values by 2^k - 1 first.  */
static pto_expr *
biased_pow2(dctx *c, pto_expr *e, int k)
{
  pto_expr *x = e->a;
  const pto_type *t = e->type;
  int n = pto_dtype_bits(DT(e));
  pto_i128 mask = ((pto_i128)1 << k) - 1;
  pto_expr *sign = B(c, PTO_BIN_SHR, x, K(c, t, n - 1));
  pto_expr *biased = B(c, PTO_BIN_ADD, x, B(c, PTO_BIN_BAND, sign,
                                             K(c, t, mask)));
  if (e->u.binop == PTO_BIN_DIV)
    return B(c, PTO_BIN_SHR, biased, K(c, t, k));
  return B(c, PTO_BIN_SUB, x, B(c, PTO_BIN_BAND, biased, K(c, t, ~mask)));
}

static pto_expr *
decompose_divmod(dctx *c, pto_expr *e)
{
  pto_binop op = e->u.binop;
  if (!isint(e) || !isc(e->b))
    return e;
  pto_i128 d = pto_rw_const_value(e->b);
  pto_iv x = pto_rw_iv(&c->rw, e->a);
  bool nonneg = x.lo >= 0;
  bool isdiv = op == PTO_BIN_DIV || op == PTO_BIN_FLOORDIV;
  bool floor = op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD;
  int k = log2_exact(d);
  if (k > 0 && (c->flags & PTO_DEC_POW2)) {
    if (nonneg || floor)
      return isdiv ? B(c, PTO_BIN_SHR, e->a, K(c, e->type, k))
                   : B(c, PTO_BIN_BAND, e->a,
                       K(c, e->type, ((pto_i128)1 << k) - 1));
    return biased_pow2(c, e, k);
  }
  if (k < 0 && d > 2 && nonneg && (c->flags & PTO_DEC_FASTDIV)) {
    pto_expr *q = fast_quotient(c, e->a, x.hi, d);
    if (!q)
      return e;
    if (isdiv)
      return q;
    /* x % d == x - (x / d) * d, exact for x >= 0.  */
    return B(c, PTO_BIN_SUB, e->a, B(c, PTO_BIN_MUL, q, e->b));
  }
  return e;
}

/* ------------------------------------------------------------------ */
/* The other rewrites                                                  */
/* ------------------------------------------------------------------ */

/* True if X << k, for the product E = X * 2^k, is defined in the C the
   back ends print wherever X * 2^k is: always for unsigned types; for
   signed ones when X >= 0 (C11 6.5.7p4: then both are defined exactly
   when the product is representable).  */
static bool
shift_defined(dctx *c, const pto_expr *e, const pto_expr *x)
{
  return !pto_dtype_is_signed(DT(e)) || pto_rw_iv(&c->rw, x).lo >= 0;
}

/* The unsigned type of signed DT's width, for the shifts of a possibly
   negative value; PTO_DT_COUNT for the 8- and 16-bit types, whose
   unsigned values C promotes to int before a shift (which could then
   overflow).  */
static pto_dtype
unsigned_of(pto_dtype dt)
{
  switch (pto_dtype_bits(dt)) {
  case 32: return PTO_DT_U32;
  case 64: return PTO_DT_U64;
  default: return PTO_DT_COUNT;
  }
}

/* X * 2^SH for a signed X of unknown sign: (T)((U)X << SH), U the
   unsigned type of T's width.  The IR's multiplication wraps, and so do
   the conversion to U (C11 6.3.1.3p2), the unsigned shift (6.5.7p4) and
   the conversion back (6.3.1.3p3 leaves it to the implementation; GCC
   and the vendor's clang both wrap), so the value is X * 2^SH exactly
   as the IR defines it, with no negative left operand of a shift.
   NULL for the narrow types (see unsigned_of).  */
static pto_expr *
wrapping_shift(dctx *c, pto_expr *e, pto_expr *x, int sh)
{
  pto_dtype u = unsigned_of(DT(e));
  if (u == PTO_DT_COUNT)
    return NULL;
  const pto_type *ut = pto_type_scalar(c->rw.p, u);
  pto_expr *xu = pto_rw_un(&c->rw, PTO_UN_CAST, x, ut);
  pto_expr *s = B(c, PTO_BIN_SHL, xu, K(c, ut, sh));
  return pto_rw_un(&c->rw, PTO_UN_CAST, s, e->type);
}

static pto_expr *
decompose_mul(dctx *c, pto_expr *e)
{
  if (!isint(e))
    return e;
  pto_expr *x = e->a, *k = e->b;
  if (isc(x) && !isc(k)) {
    x = e->b;
    k = e->a;
  }
  if (!isc(k))
    return e;
  pto_i128 v = pto_rw_const_value(k);
  int sh = log2_exact(v);
  if (sh < 0 && pto_dtype_is_signed(DT(e)))
    sh = v == pto_iv_of_dtype(DT(e)).lo ? pto_dtype_bits(DT(e)) - 1 : -1;
  if (sh > 0 && (c->flags & PTO_DEC_POW2)) {
    if (shift_defined(c, e, x))
      return B(c, PTO_BIN_SHL, x, K(c, e->type, sh));
    pto_expr *w = wrapping_shift(c, e, x, sh);
    if (w)
      return w;
  }
  if ((c->flags & PTO_DEC_NEG)
      && pto_rw_wrap(DT(e), v) == pto_rw_wrap(DT(e), -1))
    return pto_rw_un(&c->rw, PTO_UN_NEG, x, NULL);
  return e;
}

static pto_binop
negated_cmp(pto_binop op)
{
  switch (op) {
  case PTO_BIN_LT: return PTO_BIN_GE;
  case PTO_BIN_LE: return PTO_BIN_GT;
  case PTO_BIN_GT: return PTO_BIN_LE;
  case PTO_BIN_GE: return PTO_BIN_LT;
  case PTO_BIN_EQ: return PTO_BIN_NE;
  default: return PTO_BIN_EQ;
  }
}

static pto_expr *
decompose_not(dctx *c, pto_expr *e)
{
  pto_expr *a = e->a;
  if (a->kind != PTO_E_BIN)
    return e;
  pto_binop op = a->u.binop;
  if ((c->flags & PTO_DEC_DEMORGAN) && (c->flags & PTO_DEC_DEMORGAN_OUT)
      && (op == PTO_BIN_LAND || op == PTO_BIN_LOR)) {
    pto_expr *l = pto_rw_un(&c->rw, PTO_UN_NOT, a->a, NULL);
    pto_expr *r = pto_rw_un(&c->rw, PTO_UN_NOT, a->b, NULL);
    return B(c, op == PTO_BIN_LAND ? PTO_BIN_LOR : PTO_BIN_LAND, l, r);
  }
  if (!(c->flags & PTO_DEC_CMPNEG) || pto_binop_class(op) != 'C')
    return e;
  bool eq = op == PTO_BIN_EQ || op == PTO_BIN_NE;
  if (!eq && !pto_rw_is_intlike(a->a))
    return e;   /* floats: !(a < b) is not a >= b with NaNs */
  /* !(x < c) -> c-1 < x  */
  if (op == PTO_BIN_LT && isc(a->b)) {
    pto_i128 v = pto_rw_const_value(a->b);
    pto_iv t = pto_iv_of_dtype(DT(a->b));
    if (v - 1 >= t.lo)
      return B(c, PTO_BIN_LT, K(c, a->b->type, v - 1), a->a);
  }
  return B(c, negated_cmp(op), a->a, a->b);
}

static pto_expr *
decompose_and_or(dctx *c, pto_expr *e)
{
  if (!(c->flags & PTO_DEC_DEMORGAN) || (c->flags & PTO_DEC_DEMORGAN_OUT))
    return e;
  pto_expr *a = e->a, *b = e->b;
  if (a->kind != PTO_E_UN || a->u.unop != PTO_UN_NOT || b->kind != PTO_E_UN
      || b->u.unop != PTO_UN_NOT)
    return e;
  pto_binop op = e->u.binop == PTO_BIN_LAND ? PTO_BIN_LOR : PTO_BIN_LAND;
  return pto_rw_un(&c->rw, PTO_UN_NOT, B(c, op, a->a, b->a), NULL);
}

/* Smallest and largest exponent E with 2^E a normal number of DT.  */
static bool
exp_range(pto_dtype dt, int *lo, int *hi)
{
  switch (dt) {
  case PTO_DT_F16: *lo = -14; *hi = 15; return true;
  case PTO_DT_BF16: *lo = -126; *hi = 127; return true;
  case PTO_DT_F32: *lo = -126; *hi = 127; return true;
  case PTO_DT_F64: *lo = -1022; *hi = 1023; return true;
  default: return false;
  }
}

static pto_expr *
decompose_fdiv(dctx *c, pto_expr *e)
{
  pto_expr *k = e->b;
  int lo, hi, ex;
  if (k->kind != PTO_E_FLOAT || !exp_range(DT(e), &lo, &hi))
    return e;
  double v = k->u.fval, mant = frexp(fabs(v), &ex);
  /* |v| = 0.5 * 2^ex; v and 1/v = 2^(1-ex) must both be normal.  */
  if (mant != 0.5 || ex - 1 < lo || ex - 1 > hi || 1 - ex < lo || 1 - ex > hi)
    return e;
  pto_expr *r = pto_e_float(c->rw.p, k->type, 1.0 / v, k->loc);
  return B(c, PTO_BIN_MUL, e->a, r);
}

static pto_expr *
decompose_root(dctx *c, pto_expr *e)
{
  if (e->kind == PTO_E_UN && e->u.unop == PTO_UN_NOT)
    return decompose_not(c, e);
  if (e->kind != PTO_E_BIN)
    return e;
  switch (e->u.binop) {
  case PTO_BIN_SUB:
    /* x - (x - y) -> y, exact in the type's arithmetic: it folds the
       `x - x % 2^k' of unroll split points once the biased remainder
       (biased_pow2) has become `x - ((x + bias) & -2^k)'; nothing
       simplifies after this pass.  */
    if (isint(e) && e->b->kind == PTO_E_BIN && e->b->u.binop == PTO_BIN_SUB
        && pto_rw_equal(e->a, e->b->a))
      return e->b->b;
    return e;
  case PTO_BIN_DIV:
    if (e->type->kind == PTO_TY_SCALAR && pto_dtype_is_float(DT(e)))
      return (c->flags & PTO_DEC_FDIV) ? decompose_fdiv(c, e) : e;
    return decompose_divmod(c, e);
  case PTO_BIN_MOD:
  case PTO_BIN_FLOORDIV:
  case PTO_BIN_FLOORMOD:
    return decompose_divmod(c, e);
  case PTO_BIN_MUL: return decompose_mul(c, e);
  case PTO_BIN_LAND:
  case PTO_BIN_LOR: return decompose_and_or(c, e);
  default: return e;
  }
}

static pto_expr *
decompose(dctx *c, pto_expr *e)
{
  if (!e)
    return e;
  pto_expr *a = decompose(c, e->a), *b = decompose(c, e->b);
  pto_expr *x = decompose(c, e->c);
  bool changed = a != e->a || b != e->b || x != e->c;
  pto_expr **args = NULL;
  for (int i = 0; i < e->nargs; i++) {
    pto_expr *n = decompose(c, e->args[i]);
    if (n != e->args[i] && !args) {
      args = pto_arena_alloc(c->rw.p->arena, sizeof *args * e->nargs);
      memcpy(args, e->args, sizeof *args * e->nargs);
    }
    if (args)
      args[i] = n;
  }
  if (changed || args) {
    pto_expr *n = pto_arena_alloc(c->rw.p->arena, sizeof *n);
    *n = *e;
    n->a = a;
    n->b = b;
    n->c = x;
    if (args)
      n->args = args;
    e = n;
  }
  /* Ranges of the operands are those of the original operands (the
     rewrites are exact), so computing them on the new nodes is fine.  */
  return decompose_root(c, e);
}

pto_expr *
pto_decompose_expr(pto_program *p, pto_expr *e, const pto_range_env *env,
                   unsigned flags)
{
  dctx c;
  memset(&c, 0, sizeof c);
  c.rw.p = p;
  c.rw.env = env;
  c.rw.memo = pto_range_memo_new();
  c.flags = flags;
  pto_expr *r = decompose(&c, e);
  pto_range_memo_free(c.rw.memo);
  return r;
}
