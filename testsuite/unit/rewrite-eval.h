/* rewrite-eval.h - the reference evaluator of the rewrite tests: the
   value of an integer/bool expression for one assignment of its
   variables, written from doc/ir.md's semantics independently of the
   engine and of passes/fold.c (two's-complement wrap at the dtype's
   width, C truncating / and %, floor floordiv/floormod, and undefined
   behaviour for division by zero, MIN / -1 and shifts out of [0, bits)).
   Values are held as mathematical integers (u64 max is 2^64-1).  */

#ifndef PTO_REWRITE_EVAL_H
#define PTO_REWRITE_EVAL_H

#if defined(__GNUC__)
#define EV_UNUSED __attribute__((unused))
#else
#define EV_UNUSED
#endif

#include "rewrite/rewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef __int128 ev_int;

typedef struct ev_val {
  ev_int v;
  bool ub;
} ev_val;

/* Variable values, looked up by pointer.  */
typedef struct ev_env {
  int n;
  const pto_var *var[8];
  ev_int val[8];
} ev_env;

static int
ev_bits(pto_dtype dt)
{
  switch (dt) {
  case PTO_DT_BOOL: return 1;
  case PTO_DT_I8: case PTO_DT_U8: return 8;
  case PTO_DT_I16: case PTO_DT_U16: return 16;
  case PTO_DT_I32: case PTO_DT_U32: return 32;
  default: return 64;
  }
}

static bool
ev_signed(pto_dtype dt)
{
  return dt == PTO_DT_I8 || dt == PTO_DT_I16 || dt == PTO_DT_I32
         || dt == PTO_DT_I64 || dt == PTO_DT_INDEX;
}

static ev_int
ev_min(pto_dtype dt)
{
  return ev_signed(dt) ? -((ev_int)1 << (ev_bits(dt) - 1)) : 0;
}

static ev_int
ev_max(pto_dtype dt)
{
  int b = ev_bits(dt);
  return ev_signed(dt) ? ((ev_int)1 << (b - 1)) - 1 : ((ev_int)1 << b) - 1;
}

/* Reduce V modulo 2^bits into DT's range.  */
static ev_int
ev_wrap(pto_dtype dt, ev_int v)
{
  if (dt == PTO_DT_BOOL)
    return v != 0;
  ev_int m = (ev_int)1 << ev_bits(dt);
  ev_int r = v % m;
  if (r < 0)
    r += m;
  if (ev_signed(dt) && r > ev_max(dt))
    r -= m;
  return r;
}

static ev_val
ev_ok(ev_int v)
{
  ev_val r = {v, false};
  return r;
}

static ev_val
ev_bad(void)
{
  ev_val r = {0, true};
  return r;
}

static ev_val ev_eval(const pto_expr *e, const ev_env *env);

static ev_val
ev_bin(const pto_expr *e, const ev_env *env)
{
  pto_binop op = e->u.binop;
  /* && and || short-circuit (the right side's UB only counts if run).  */
  if (op == PTO_BIN_LAND || op == PTO_BIN_LOR) {
    ev_val a = ev_eval(e->a, env);
    if (a.ub)
      return a;
    if ((op == PTO_BIN_LAND) ? !a.v : a.v)
      return ev_ok(op == PTO_BIN_LOR);
    ev_val b = ev_eval(e->b, env);
    if (b.ub)
      return b;
    return ev_ok(b.v != 0);
  }
  ev_val A = ev_eval(e->a, env), B = ev_eval(e->b, env);
  if (A.ub || B.ub)
    return ev_bad();
  ev_int a = A.v, b = B.v;
  pto_dtype dt = e->a->type->dtype;
  pto_dtype rt = e->type->dtype;
  switch (op) {
  case PTO_BIN_ADD: return ev_ok(ev_wrap(rt, a + b));
  case PTO_BIN_SUB: return ev_ok(ev_wrap(rt, a - b));
  case PTO_BIN_MUL: {
    /* 64x64 products fit in 128 bits only after reduction.  */
    ev_int m = (ev_int)1 << 64;
    ev_int ra = ((a % m) + m) % m, rb = ((b % m) + m) % m;
    unsigned __int128 p = (unsigned __int128)ra * (unsigned __int128)rb;
    return ev_ok(ev_wrap(rt, (ev_int)(p & (((unsigned __int128)1 << 64) - 1))));
  }
  case PTO_BIN_DIV:
  case PTO_BIN_MOD:
  case PTO_BIN_FLOORDIV:
  case PTO_BIN_FLOORMOD: {
    if (b == 0 || (ev_signed(dt) && a == ev_min(dt) && b == -1))
      return ev_bad();
    ev_int q = a / b, r = a % b;   /* C truncation */
    if ((op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD) && r != 0
        && ((r < 0) != (b < 0))) {
      q -= 1;
      r += b;
    }
    return ev_ok(ev_wrap(rt, (op == PTO_BIN_DIV || op == PTO_BIN_FLOORDIV)
                                 ? q : r));
  }
  case PTO_BIN_MIN: return ev_ok(a < b ? a : b);
  case PTO_BIN_MAX: return ev_ok(a > b ? a : b);
  case PTO_BIN_SHL:
    if (b < 0 || b >= ev_bits(dt))
      return ev_bad();
    return ev_ok(ev_wrap(rt, (ev_int)(((unsigned __int128)ev_wrap(
                                            PTO_DT_U64, a) << (int)b)
                                        & UINT64_MAX)));
  case PTO_BIN_SHR: {
    if (b < 0 || b >= ev_bits(dt))
      return ev_bad();
    /* Arithmetic for signed (floor), logical for unsigned (a >= 0).  */
    ev_int q = a;
    for (int i = 0; i < (int)b; i++)
      q = (q - ((q % 2 + 2) % 2)) / 2;
    return ev_ok(q);
  }
  case PTO_BIN_LT: return ev_ok(a < b);
  case PTO_BIN_LE: return ev_ok(a <= b);
  case PTO_BIN_GT: return ev_ok(a > b);
  case PTO_BIN_GE: return ev_ok(a >= b);
  case PTO_BIN_EQ: return ev_ok(a == b);
  case PTO_BIN_NE: return ev_ok(a != b);
  case PTO_BIN_BAND: return ev_ok(ev_wrap(rt, a & b));
  case PTO_BIN_BOR: return ev_ok(ev_wrap(rt, a | b));
  case PTO_BIN_BXOR: return ev_ok(ev_wrap(rt, a ^ b));
  default: break;
  }
  fprintf(stderr, "ev: unsupported binop %d\n", (int)op);
  abort();
}

static ev_val
ev_eval(const pto_expr *e, const ev_env *env)
{
  pto_dtype rt = e->type->dtype;
  switch (e->kind) {
  case PTO_E_INT:
    if (rt == PTO_DT_BOOL)
      return ev_ok(e->u.ival != 0);
    if (!ev_signed(rt) && ev_bits(rt) == 64)
      return ev_ok((ev_int)(uint64_t)e->u.ival);
    return ev_ok(ev_wrap(rt, e->u.ival));
  case PTO_E_VAR:
    for (int i = 0; i < env->n; i++)
      if (env->var[i] == e->u.var)
        return ev_ok(env->val[i]);
    fprintf(stderr, "ev: unbound variable %s\n", e->u.var->name);
    abort();
  case PTO_E_BIN: return ev_bin(e, env);
  case PTO_E_UN: {
    ev_val a = ev_eval(e->a, env);
    if (a.ub)
      return a;
    switch (e->u.unop) {
    case PTO_UN_NEG: return ev_ok(ev_wrap(rt, -a.v));
    case PTO_UN_NOT: return ev_ok(a.v == 0);
    case PTO_UN_BNOT: return ev_ok(ev_wrap(rt, ~a.v));
    case PTO_UN_ABS: return ev_ok(ev_wrap(rt, a.v < 0 ? -a.v : a.v));
    case PTO_UN_CAST: return ev_ok(ev_wrap(rt, a.v));
    default: break;
    }
    break;
  }
  case PTO_E_SELECT: {
    ev_val c = ev_eval(e->a, env);
    if (c.ub)
      return c;
    return ev_eval(c.v ? e->b : e->c, env);
  }
  default: break;
  }
  fprintf(stderr, "ev: unsupported expression kind %d\n", (int)e->kind);
  abort();
}

/* Append the printed form of E to a static buffer (tests only).  */
EV_UNUSED static const char *
ev_show(const pto_expr *e)
{
  static char out[2][4096];
  static int which;
  pto_buf b = {0};
  pto_print_expr(&b, e);
  which ^= 1;
  snprintf(out[which], sizeof out[which], "%s", b.s ? b.s : "");
  pto_buf_free(&b);
  return out[which];
}

/* A deterministic generator (splitmix64) for the samplers.  */
static uint64_t
ev_rand(uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A value in [LO, HI] (inclusive), biased to the ends.  */
static ev_int
ev_pick(uint64_t *st, ev_int lo, ev_int hi)
{
  uint64_t r = ev_rand(st);
  ev_int span = hi - lo + 1;
  switch (r % 8) {
  case 0: return lo;
  case 1: return hi;
  case 2: return lo + (ev_int)((r >> 8) % 4) < hi ? lo + (ev_int)((r >> 8) % 4) : hi;
  case 3: return hi - (ev_int)((r >> 8) % 4) > lo ? hi - (ev_int)((r >> 8) % 4) : lo;
  default: {
    unsigned __int128 x = ((unsigned __int128)ev_rand(st) << 64) | ev_rand(st);
    return lo + (ev_int)(x % (unsigned __int128)span);
  }
  }
}

/* The variables of an expression with the ranges an environment gives
   them (their dtype's range otherwise).  */
typedef struct ev_space {
  int n;
  const pto_var *var[8];
  ev_int lo[8], hi[8];
} ev_space;

EV_UNUSED static void
ev_vars(pto_program *p, const pto_expr *e, const pto_range_env *env,
        ev_space *sp)
{
  if (!e)
    return;
  if (e->kind == PTO_E_VAR) {
    for (int i = 0; i < sp->n; i++)
      if (sp->var[i] == e->u.var)
        return;
    if (sp->n == 8)
      abort();
    pto_expr *v = pto_e_var(p, e->u.var, pto_noloc);
    pto_iv r = pto_rw_range(v, env, NULL);
    sp->var[sp->n] = e->u.var;
    sp->lo[sp->n] = r.lo;
    sp->hi[sp->n] = r.hi;
    sp->n++;
    return;
  }
  ev_vars(p, e->a, env, sp);
  ev_vars(p, e->b, env, sp);
  ev_vars(p, e->c, env, sp);
}

/* Compare ORIG and SIMP on one assignment: 0 equal or ORIG undefined,
   1 mismatch (printed).  */
static int
ev_compare_at(const pto_expr *orig, const pto_expr *simp, const ev_env *env,
              long *checked)
{
  ev_val a = ev_eval(orig, env);
  if (a.ub)
    return 0;
  ++*checked;
  ev_val b = ev_eval(simp, env);
  if (!b.ub && b.v == a.v)
    return 0;
  fprintf(stderr, "MISMATCH: %s  ->  %s  at", ev_show(orig), ev_show(simp));
  for (int i = 0; i < env->n; i++)
    fprintf(stderr, " %s=%lld", env->var[i]->name, (long long)env->val[i]);
  fprintf(stderr, ": %lld vs %s%lld\n", (long long)a.v, b.ub ? "UB " : "",
          (long long)b.v);
  return 1;
}

/* Check ORIG == SIMP over SP: every assignment when there are at most
   LIMIT of them, else SAMPLES biased random ones.  Return the number of
   mismatches (at most 1: stops at the first); *CHECKED counts the
   assignments where ORIG is defined.  */
EV_UNUSED static int
ev_check(const pto_expr *orig, const pto_expr *simp, const ev_space *sp,
         double limit, long samples, uint64_t seed, long *checked)
{
  ev_env env = {0};
  env.n = sp->n;
  double total = 1;
  for (int i = 0; i < sp->n; i++) {
    env.var[i] = sp->var[i];
    env.val[i] = sp->lo[i];
    total *= (double)(sp->hi[i] - sp->lo[i] + 1);
    if (sp->hi[i] < sp->lo[i])
      abort();
  }
  if (total <= limit) {
    for (;;) {
      if (ev_compare_at(orig, simp, &env, checked))
        return 1;
      int i = 0;
      while (i < sp->n && env.val[i] == sp->hi[i]) {
        env.val[i] = sp->lo[i];
        i++;
      }
      if (i == sp->n)
        return 0;
      env.val[i]++;
    }
  }
  uint64_t st = seed;
  for (long k = 0; k < samples; k++) {
    for (int i = 0; i < sp->n; i++)
      env.val[i] = ev_pick(&st, sp->lo[i], sp->hi[i]);
    if (ev_compare_at(orig, simp, &env, checked))
      return 1;
  }
  return 0;
}

#endif /* PTO_REWRITE_EVAL_H */
