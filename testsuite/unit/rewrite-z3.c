/* rewrite-z3.c - proofs of the symbolic simplifier with the z3 SMT
   solver (optional: needs libz3-dev; see testsuite/unit/rewrite.mk).

   Every generic pattern of rewrite-patterns.h is simplified under
   several scopes (whole dtypes i8 ... u64, and ranged ones), and both
   forms are translated to bit-vector terms of the dtype's width with the
   IR's semantics: two's-complement wrap, truncating / and % (bvsdiv,
   bvsrem), floor floordiv/floormod, arithmetic/logical shifts.  Each
   translation also yields its definedness condition (no division by
   zero, no MIN / -1, shift amounts in [0, bits); && || and ?: only count
   the operands they evaluate).  z3 must show unsatisfiable:
     ranges  /\  defined(original)  /\  !(defined(simplified) /\
                                          original == simplified)
   i.e. for EVERY assignment in the ranges, the simplified form is
   defined and equal wherever the original is.  Queries time out after
   PTO_Z3_TIMEOUT ms (default 2000); a timeout is reported as unknown
   and is not a failure, a counterexample is.  Same printed form: no
   query.  Exit status 0 unless a counterexample is found.  */

#include "rewrite-eval.h"
#include "rewrite-patterns.h"

#include <z3.h>

typedef struct zterm {
  Z3_ast v;     /* value: a bit-vector, or a Bool for bool */
  Z3_ast def;   /* Bool: the evaluation is defined */
} zterm;

typedef struct zctx {
  Z3_context z;
  ev_space *sp;
  Z3_ast vars[8];
} zctx;

static Z3_sort
sort_of(zctx *c, const pto_type *t)
{
  if (t->dtype == PTO_DT_BOOL)
    return Z3_mk_bool_sort(c->z);
  return Z3_mk_bv_sort(c->z, (unsigned)ev_bits(t->dtype));
}

static Z3_ast
num(zctx *c, const pto_type *t, uint64_t v)
{
  return Z3_mk_unsigned_int64(c->z, v, sort_of(c, t));
}

static Z3_ast
and2(zctx *c, Z3_ast a, Z3_ast b)
{
  Z3_ast v[2] = {a, b};
  return Z3_mk_and(c->z, 2, v);
}

static Z3_ast
or2(zctx *c, Z3_ast a, Z3_ast b)
{
  Z3_ast v[2] = {a, b};
  return Z3_mk_or(c->z, 2, v);
}

static zterm tr(zctx *c, const pto_expr *e);

/* A / B floored (signed): truncated quotient minus one when the
   remainder is non-zero with the opposite sign of B.  */
static Z3_ast
sfloordiv(zctx *c, const pto_type *t, Z3_ast a, Z3_ast b)
{
  Z3_context z = c->z;
  Z3_ast q = Z3_mk_bvsdiv(z, a, b), r = Z3_mk_bvsrem(z, a, b);
  Z3_ast zero = num(c, t, 0);
  Z3_ast adj = and2(c, Z3_mk_not(z, Z3_mk_eq(z, r, zero)),
                    Z3_mk_xor(z, Z3_mk_bvslt(z, r, zero),
                              Z3_mk_bvslt(z, b, zero)));
  return Z3_mk_ite(z, adj, Z3_mk_bvsub(z, q, num(c, t, 1)), q);
}

static zterm
tr_bin(zctx *c, const pto_expr *e)
{
  Z3_context z = c->z;
  pto_binop op = e->u.binop;
  zterm a = tr(c, e->a), b = tr(c, e->b), r;
  const pto_type *t = e->a->type;
  bool sg = ev_signed(t->dtype), isb = t->dtype == PTO_DT_BOOL;
  int bits = ev_bits(t->dtype);
  r.def = and2(c, a.def, b.def);
  switch (op) {
  case PTO_BIN_LAND:
  case PTO_BIN_LOR:
    /* b is evaluated only when a does not decide.  */
    r.def = and2(c, a.def,
                 Z3_mk_implies(z, op == PTO_BIN_LAND ? a.v : Z3_mk_not(z, a.v),
                               b.def));
    r.v = op == PTO_BIN_LAND ? and2(c, a.v, b.v) : or2(c, a.v, b.v);
    return r;
  case PTO_BIN_ADD: r.v = Z3_mk_bvadd(z, a.v, b.v); return r;
  case PTO_BIN_SUB: r.v = Z3_mk_bvsub(z, a.v, b.v); return r;
  case PTO_BIN_MUL: r.v = Z3_mk_bvmul(z, a.v, b.v); return r;
  case PTO_BIN_DIV: case PTO_BIN_MOD:
  case PTO_BIN_FLOORDIV: case PTO_BIN_FLOORMOD: {
    Z3_ast ok = Z3_mk_not(z, Z3_mk_eq(z, b.v, num(c, t, 0)));
    if (sg) {
      Z3_ast minv = num(c, t, (uint64_t)1 << (bits - 1));
      Z3_ast ovf = and2(c, Z3_mk_eq(z, a.v, minv),
                        Z3_mk_eq(z, b.v, num(c, t, UINT64_MAX)));
      ok = and2(c, ok, Z3_mk_not(z, ovf));
    }
    r.def = and2(c, r.def, ok);
    if (!sg)
      r.v = (op == PTO_BIN_DIV || op == PTO_BIN_FLOORDIV)
                ? Z3_mk_bvudiv(z, a.v, b.v) : Z3_mk_bvurem(z, a.v, b.v);
    else if (op == PTO_BIN_DIV)
      r.v = Z3_mk_bvsdiv(z, a.v, b.v);
    else if (op == PTO_BIN_MOD)
      r.v = Z3_mk_bvsrem(z, a.v, b.v);
    else if (op == PTO_BIN_FLOORMOD)
      r.v = Z3_mk_bvsmod(z, a.v, b.v);
    else
      r.v = sfloordiv(c, t, a.v, b.v);
    return r;
  }
  case PTO_BIN_MIN:
  case PTO_BIN_MAX: {
    Z3_ast lt = sg ? Z3_mk_bvslt(z, a.v, b.v) : Z3_mk_bvult(z, a.v, b.v);
    r.v = op == PTO_BIN_MIN ? Z3_mk_ite(z, lt, a.v, b.v)
                            : Z3_mk_ite(z, lt, b.v, a.v);
    return r;
  }
  case PTO_BIN_SHL:
  case PTO_BIN_SHR: {
    Z3_ast inr = sg ? and2(c, Z3_mk_bvsge(z, b.v, num(c, t, 0)),
                           Z3_mk_bvslt(z, b.v, num(c, t, bits)))
                    : Z3_mk_bvult(z, b.v, num(c, t, bits));
    r.def = and2(c, r.def, inr);
    r.v = op == PTO_BIN_SHL ? Z3_mk_bvshl(z, a.v, b.v)
          : sg ? Z3_mk_bvashr(z, a.v, b.v) : Z3_mk_bvlshr(z, a.v, b.v);
    return r;
  }
  case PTO_BIN_EQ: r.v = Z3_mk_eq(z, a.v, b.v); return r;
  case PTO_BIN_NE: r.v = Z3_mk_not(z, Z3_mk_eq(z, a.v, b.v)); return r;
  case PTO_BIN_LT:
  case PTO_BIN_LE:
  case PTO_BIN_GT:
  case PTO_BIN_GE:
    if (isb)
      break;
    if (op == PTO_BIN_LT)
      r.v = sg ? Z3_mk_bvslt(z, a.v, b.v) : Z3_mk_bvult(z, a.v, b.v);
    else if (op == PTO_BIN_LE)
      r.v = sg ? Z3_mk_bvsle(z, a.v, b.v) : Z3_mk_bvule(z, a.v, b.v);
    else if (op == PTO_BIN_GT)
      r.v = sg ? Z3_mk_bvsgt(z, a.v, b.v) : Z3_mk_bvugt(z, a.v, b.v);
    else
      r.v = sg ? Z3_mk_bvsge(z, a.v, b.v) : Z3_mk_bvuge(z, a.v, b.v);
    return r;
  case PTO_BIN_BAND:
    r.v = isb ? and2(c, a.v, b.v) : Z3_mk_bvand(z, a.v, b.v);
    return r;
  case PTO_BIN_BOR:
    r.v = isb ? or2(c, a.v, b.v) : Z3_mk_bvor(z, a.v, b.v);
    return r;
  case PTO_BIN_BXOR:
    r.v = isb ? Z3_mk_xor(z, a.v, b.v) : Z3_mk_bvxor(z, a.v, b.v);
    return r;
  default: break;
  }
  fprintf(stderr, "z3: unsupported binop %d\n", (int)op);
  abort();
}

static zterm
tr_cast(zctx *c, const pto_expr *e, zterm a)
{
  Z3_context z = c->z;
  pto_dtype from = e->a->type->dtype, to = e->type->dtype;
  zterm r = {a.v, a.def};
  if (to == PTO_DT_BOOL) {
    if (from != PTO_DT_BOOL)
      r.v = Z3_mk_not(z, Z3_mk_eq(z, a.v, num(c, e->a->type, 0)));
    return r;
  }
  if (from == PTO_DT_BOOL) {
    r.v = Z3_mk_ite(z, a.v, num(c, e->type, 1), num(c, e->type, 0));
    return r;
  }
  int w1 = ev_bits(from), w2 = ev_bits(to);
  if (w2 < w1)
    r.v = Z3_mk_extract(z, (unsigned)w2 - 1, 0, a.v);
  else if (w2 > w1)
    r.v = ev_signed(from) ? Z3_mk_sign_ext(z, (unsigned)(w2 - w1), a.v)
                          : Z3_mk_zero_ext(z, (unsigned)(w2 - w1), a.v);
  return r;
}

static zterm
tr(zctx *c, const pto_expr *e)
{
  Z3_context z = c->z;
  zterm r = {NULL, Z3_mk_true(z)};
  switch (e->kind) {
  case PTO_E_INT:
    r.v = e->type->dtype == PTO_DT_BOOL
              ? (e->u.ival ? Z3_mk_true(z) : Z3_mk_false(z))
              : num(c, e->type, (uint64_t)e->u.ival);
    return r;
  case PTO_E_VAR:
    for (int i = 0; i < c->sp->n; i++)
      if (c->sp->var[i] == e->u.var) {
        r.v = c->vars[i];
        return r;
      }
    abort();
  case PTO_E_BIN: return tr_bin(c, e);
  case PTO_E_UN: {
    zterm a = tr(c, e->a);
    r.def = a.def;
    bool sg = ev_signed(e->type->dtype);
    switch (e->u.unop) {
    case PTO_UN_NEG: r.v = Z3_mk_bvneg(z, a.v); return r;
    case PTO_UN_NOT:
      r.v = e->a->type->dtype == PTO_DT_BOOL
                ? Z3_mk_not(z, a.v)
                : Z3_mk_eq(z, a.v, num(c, e->a->type, 0));
      return r;
    case PTO_UN_BNOT:
      r.v = e->type->dtype == PTO_DT_BOOL ? Z3_mk_not(z, a.v)
                                          : Z3_mk_bvnot(z, a.v);
      return r;
    case PTO_UN_ABS:
      r.v = sg ? Z3_mk_ite(z, Z3_mk_bvslt(z, a.v, num(c, e->type, 0)),
                           Z3_mk_bvneg(z, a.v), a.v)
               : a.v;
      return r;
    case PTO_UN_CAST: return tr_cast(c, e, a);
    default: break;
    }
    break;
  }
  case PTO_E_SELECT: {
    zterm k = tr(c, e->a), x = tr(c, e->b), y = tr(c, e->c);
    r.v = Z3_mk_ite(z, k.v, x.v, y.v);
    r.def = and2(c, k.def, Z3_mk_ite(z, k.v, x.def, y.def));
    return r;
  }
  default: break;
  }
  fprintf(stderr, "z3: unsupported expression kind %d\n", (int)e->kind);
  abort();
}

/* Constrain variable I of C to its range.  */
static Z3_ast
range_of(zctx *c, int i)
{
  Z3_context z = c->z;
  const pto_var *v = c->sp->var[i];
  const pto_type *t = v->type;
  if (t->dtype == PTO_DT_BOOL)
    return Z3_mk_true(z);
  Z3_ast lo = num(c, t, (uint64_t)(int64_t)c->sp->lo[i]);
  Z3_ast hi = num(c, t, (uint64_t)c->sp->hi[i]);
  if (ev_signed(t->dtype))
    return and2(c, Z3_mk_bvsle(z, lo, c->vars[i]), Z3_mk_bvsle(z, c->vars[i], hi));
  return and2(c, Z3_mk_bvule(z, lo, c->vars[i]), Z3_mk_bvule(z, c->vars[i], hi));
}

/* 1 proven, 0 counterexample, -1 unknown.  */
static int
prove(Z3_context z, pto_program *p, const pto_range_env *env,
      const pto_expr *orig, const pto_expr *simp)
{
  ev_space sp = {0};
  ev_vars(p, orig, env, &sp);
  ev_vars(p, simp, env, &sp);
  zctx c = {z, &sp, {0}};
  Z3_ast ranges = Z3_mk_true(z);
  for (int i = 0; i < sp.n; i++) {
    c.vars[i] = Z3_mk_const(z, Z3_mk_string_symbol(z, sp.var[i]->name),
                            sort_of(&c, sp.var[i]->type));
    ranges = and2(&c, ranges, range_of(&c, i));
  }
  zterm a = tr(&c, orig), b = tr(&c, simp);
  Z3_ast good = and2(&c, b.def, Z3_mk_eq(z, a.v, b.v));
  Z3_ast query = and2(&c, and2(&c, ranges, a.def), Z3_mk_not(z, good));
  Z3_solver s = Z3_mk_solver(z);
  Z3_solver_inc_ref(z, s);
  Z3_solver_assert(z, s, query);
  Z3_lbool res = Z3_solver_check(z, s);
  if (res == Z3_L_TRUE) {
    Z3_model m = Z3_solver_get_model(z, s);
    Z3_model_inc_ref(z, m);
    fprintf(stderr, "  counterexample: %s", Z3_model_to_string(z, m));
    Z3_model_dec_ref(z, m);
  }
  Z3_solver_dec_ref(z, s);
  return res == Z3_L_FALSE ? 1 : res == Z3_L_TRUE ? 0 : -1;
}

static const struct {
  const char *type, *ra, *rb;
} scopes[] = {
    {"i8", "", ""},
    {"u8", "", ""},
    {"i16", "", ""},
    {"i32", "", ""},
    {"u32", "", ""},
    {"i64", "", ""},
    {"u64", "", ""},
    {"i32", " in [0, 100000]", " in [-1000, 1000]"},
    {"i64", " in [0, 4294967296]", " in [0, 4096]"},
    {"index", " in [-5000, 5000]", " in [1, 64]"},
};

int
main(void)
{
  const char *to = getenv("PTO_Z3_TIMEOUT");
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "timeout", to ? to : "2000");
  Z3_context z = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  long proven = 0, same = 0, unknown = 0, bad = 0;
  for (size_t g = 0; g < sizeof scopes / sizeof *scopes; g++) {
    pto_sx_scope *sc = pto_sx_new();
    pto_diag d;
    pto_diag_init(&d);
    char line[256];
    pto_expr *e;
    snprintf(line, sizeof line, "var a: %s%s", scopes[g].type, scopes[g].ra);
    pto_sx_line(sc, line, pto_noloc, &d, &e);
    snprintf(line, sizeof line, "var b: %s%s", scopes[g].type, scopes[g].rb);
    pto_sx_line(sc, line, pto_noloc, &d, &e);
    pto_program *p = pto_sx_program(sc);
    for (size_t i = 0; i < sizeof generic / sizeof *generic; i++) {
      if (pto_sx_line(sc, generic[i], pto_noloc, &d, &e) != 1)
        continue;
      pto_expr *s = pto_simplify_expr(p, e, pto_sx_env(sc));
      char orig[1024];
      snprintf(orig, sizeof orig, "%s", ev_show(e));
      if (!strcmp(orig, ev_show(s))) {
        same++;
        continue;
      }
      int r = prove(z, p, pto_sx_env(sc), e, s);
      if (r > 0) {
        proven++;
      } else if (r < 0) {
        unknown++;
        fprintf(stderr, "unknown (%s%s): %s -> %s\n", scopes[g].type,
                scopes[g].ra, orig, ev_show(s));
      } else {
        bad++;
        fprintf(stderr, "FAIL (%s%s): %s -> %s\n", scopes[g].type,
                scopes[g].ra, orig, ev_show(s));
      }
    }
    pto_sx_free(sc);
  }
  Z3_del_context(z);
  printf("rewrite-z3: %ld proven, %ld unchanged, %ld unknown (timeout), "
         "%ld counterexamples\n", proven, same, unknown, bad);
  return bad ? 1 : 0;
}
