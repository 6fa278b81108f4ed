/* rewrite-fuzz.c - random-expression fuzzer of the symbolic simplifier.

   Each case draws a dtype (i8, i16, i32, i64, u8, u32, u64, index), three
   variables a, b, c with random ranges (small windows, windows at the
   type's ends, the full type), and a random expression of depth up to 6
   over + - * / % floordiv floormod << >> & | ^ min max abs unary - ~,
   comparisons, && || !, select and casts.  It checks, against the
   independent evaluator of rewrite-eval.h:
     - the simplified expression equals the original on every assignment
       (exhaustive up to 4096 of them, else 300 samples biased to the range
       ends) where the original is defined;
     - the node count never grows;
     - simplification is idempotent (same printed form the second time);
     - the rule budget is never exhausted;
     - the late decompositions (decompose.c, every flag, De Morgan both
       ways on alternate cases) of the simplified form still equal the
       original (100 samples).
   Cases: PTO_FUZZ_CASES (default 3000), seed: PTO_FUZZ_SEED (default 1).
   A long run: PTO_FUZZ_CASES=1000000 ./rewrite-fuzz.  A failure prints
   the declarations and the expression, ready to be added to
   rewrite-rules.c (or rewrite-regress in that file) as a regression.  */

#include "rewrite-eval.h"

typedef struct gen {
  uint64_t st;
  pto_program *p;
  const pto_type *t;
  pto_expr *vars[3];
} gen;

static uint64_t
rnd(gen *g, uint64_t n)
{
  return ev_rand(&g->st) % n;
}

static pto_expr *gen_int(gen *g, int depth);

static pto_expr *
gen_const(gen *g, const pto_type *t)
{
  pto_dtype dt = t->dtype;
  ev_int v;
  switch (rnd(g, 10)) {
  case 0: v = ev_min(dt) + (ev_int)rnd(g, 3); break;
  case 1: v = ev_max(dt) - (ev_int)rnd(g, 3); break;
  case 2: v = (ev_int)1 << rnd(g, (uint64_t)ev_bits(dt)); break;
  default: v = (ev_int)rnd(g, 25) - 8; break;
  }
  return pto_e_int(g->p, t, pto_rw_wrap(dt, v), pto_noloc);
}

static pto_expr *
gen_bool(gen *g, int depth)
{
  if (depth <= 0)
    return pto_e_bool(g->p, rnd(g, 2), pto_noloc);
  static const pto_binop cmps[] = {PTO_BIN_LT, PTO_BIN_LE, PTO_BIN_GT,
                                   PTO_BIN_GE, PTO_BIN_EQ, PTO_BIN_NE};
  switch (rnd(g, 8)) {
  case 0:
    return pto_e_un(g->p, PTO_UN_NOT, gen_bool(g, depth - 1), NULL,
                    pto_noloc);
  case 1:
    return pto_e_bin(g->p, rnd(g, 2) ? PTO_BIN_LAND : PTO_BIN_LOR,
                     gen_bool(g, depth - 1), gen_bool(g, depth - 1),
                     pto_noloc);
  case 2:
    return pto_e_select(g->p, gen_bool(g, depth - 1), gen_bool(g, depth - 1),
                        gen_bool(g, depth - 1), pto_noloc);
  default:
    return pto_e_bin(g->p, cmps[rnd(g, 6)], gen_int(g, depth - 1),
                     gen_int(g, depth - 1), pto_noloc);
  }
}

static pto_expr *
gen_int(gen *g, int depth)
{
  if (depth <= 0 || rnd(g, 8) == 0)
    return rnd(g, 3) ? g->vars[rnd(g, 3)] : gen_const(g, g->t);
  static const pto_binop ops[] = {
      PTO_BIN_ADD, PTO_BIN_ADD, PTO_BIN_SUB, PTO_BIN_MUL, PTO_BIN_MUL,
      PTO_BIN_DIV, PTO_BIN_MOD, PTO_BIN_FLOORDIV, PTO_BIN_FLOORMOD,
      PTO_BIN_MIN, PTO_BIN_MAX, PTO_BIN_SHL, PTO_BIN_SHR, PTO_BIN_BAND,
      PTO_BIN_BOR, PTO_BIN_BXOR};
  uint64_t k = rnd(g, 25);
  if (k < 16) {
    pto_binop op = ops[k];
    pto_expr *a = gen_int(g, depth - 1);
    /* Divisors and shift amounts: mostly small constants.  */
    pto_expr *b;
    bool divlike = op == PTO_BIN_DIV || op == PTO_BIN_MOD
                   || op == PTO_BIN_FLOORDIV || op == PTO_BIN_FLOORMOD;
    if ((divlike || op == PTO_BIN_SHL || op == PTO_BIN_SHR) && rnd(g, 4))
      b = pto_e_int(g->p, g->t,
                    pto_rw_wrap(g->t->dtype,
                                op == PTO_BIN_SHL || op == PTO_BIN_SHR
                                    ? (ev_int)rnd(g, (uint64_t)ev_bits(
                                          g->t->dtype))
                                    : (ev_int)rnd(g, 17) - (rnd(g, 3) ? 0 : 8)),
                    pto_noloc);
    else if (rnd(g, 2) && (op == PTO_BIN_MUL || op == PTO_BIN_ADD))
      b = gen_const(g, g->t);
    else
      b = gen_int(g, depth - 1);
    return pto_e_bin(g->p, op, a, b, pto_noloc);
  }
  switch (k) {
  case 16:
    return pto_e_un(g->p, PTO_UN_NEG, gen_int(g, depth - 1), NULL, pto_noloc);
  case 17:
    return pto_e_un(g->p, PTO_UN_BNOT, gen_int(g, depth - 1), NULL, pto_noloc);
  case 18:
    return pto_e_un(g->p, PTO_UN_ABS, gen_int(g, depth - 1), NULL, pto_noloc);
  case 19:
  case 20:
    return pto_e_select(g->p, gen_bool(g, depth - 1), gen_int(g, depth - 1),
                        gen_int(g, depth - 1), pto_noloc);
  case 21: {
    /* A round trip through another integer type or bool.  */
    static const pto_dtype mids[] = {PTO_DT_I8, PTO_DT_I64, PTO_DT_U16,
                                     PTO_DT_I32, PTO_DT_BOOL};
    const pto_type *mid = pto_type_scalar(g->p, mids[rnd(g, 5)]);
    pto_expr *in = pto_e_un(g->p, PTO_UN_CAST, gen_int(g, depth - 1), mid,
                            pto_noloc);
    if (rnd(g, 2))
      in = pto_e_un(g->p, PTO_UN_CAST, in,
                    pto_type_scalar(g->p, mids[rnd(g, 5)]), pto_noloc);
    return pto_e_un(g->p, PTO_UN_CAST, in, g->t, pto_noloc);
  }
  case 22: {
    /* Index math: (a*c1 + b*c2 + c3) op d, op one of / % floordiv
       floormod, d small and positive; sometimes nested once more.  */
    pto_expr *acc = NULL;
    for (int i = 0, n = 1 + (int)rnd(g, 3); i < n; i++) {
      pto_expr *t = pto_e_bin(g->p, PTO_BIN_MUL, g->vars[rnd(g, 3)],
                              pto_e_int(g->p, g->t, (int64_t)rnd(g, 33),
                                        pto_noloc),
                              pto_noloc);
      acc = acc ? pto_e_bin(g->p, PTO_BIN_ADD, acc, t, pto_noloc) : t;
    }
    acc = pto_e_bin(g->p, PTO_BIN_ADD, acc,
                    pto_e_int(g->p, g->t, (int64_t)rnd(g, 40) - 8, pto_noloc),
                    pto_noloc);
    static const pto_binop dm[] = {PTO_BIN_DIV, PTO_BIN_MOD, PTO_BIN_FLOORDIV,
                                   PTO_BIN_FLOORMOD};
    for (int i = 0, n = 1 + (int)rnd(g, 2); i < n; i++)
      acc = pto_e_bin(g->p, dm[rnd(g, 4)], acc,
                      pto_e_int(g->p, g->t, 1 + (int64_t)rnd(g, 16), pto_noloc),
                      pto_noloc);
    return acc;
  }
  default: {
    pto_expr *x = gen_int(g, depth - 1);
    pto_expr *d = gen_const(g, g->t);
    /* x % d + x / d * d and friends: recombination shapes.  */
    bool fl = rnd(g, 2);
    pto_expr *m = pto_e_bin(g->p, fl ? PTO_BIN_FLOORMOD : PTO_BIN_MOD, x, d,
                            pto_noloc);
    pto_expr *q = pto_e_bin(g->p, fl ? PTO_BIN_FLOORDIV : PTO_BIN_DIV, x, d,
                            pto_noloc);
    return pto_e_bin(g->p, PTO_BIN_ADD, m,
                     pto_e_bin(g->p, PTO_BIN_MUL, q, d, pto_noloc),
                     pto_noloc);
  }
  }
}

/* Draw a range for a variable of DT.  */
static void
gen_range(gen *g, pto_dtype dt, ev_int *lo, ev_int *hi)
{
  ev_int mn = ev_min(dt), mx = ev_max(dt);
  ev_int w = (ev_int)rnd(g, 40);
  switch (rnd(g, 6)) {
  case 0: *lo = mn; *hi = mn + w; break;
  case 1: *lo = mx - w; *hi = mx; break;
  case 2: *lo = mn; *hi = mx; break;
  case 3: *lo = 0; *hi = w; break;
  default:
    *lo = (ev_int)rnd(g, 40) - 20;
    *hi = *lo + w;
    break;
  }
  if (*lo < mn) *lo = mn;
  if (*hi > mx) *hi = mx;
  if (*hi < *lo) *hi = *lo;
}

static const pto_dtype dtypes[] = {PTO_DT_I8, PTO_DT_I16, PTO_DT_I32,
                                   PTO_DT_I64, PTO_DT_U8, PTO_DT_U32,
                                   PTO_DT_U64, PTO_DT_INDEX, PTO_DT_I32};

int
main(void)
{
  const char *cs = getenv("PTO_FUZZ_CASES"), *ss = getenv("PTO_FUZZ_SEED");
  long ncases = cs ? atol(cs) : 3000;
  uint64_t seed = ss ? strtoull(ss, NULL, 10) : 1;
  long failures = 0, checked = 0, before = 0, after = 0, rules = 0;
  for (long i = 0; i < ncases && failures < 10; i++) {
    gen g = {0};
    g.st = seed * 1000003u + (uint64_t)i;
    g.p = pto_program_new();
    pto_func *f = pto_func_new(g.p, PTO_FN_PLAIN, "f", pto_type_void(g.p),
                               pto_noloc);
    pto_dtype dt = dtypes[rnd(&g, sizeof dtypes / sizeof *dtypes)];
    g.t = pto_type_scalar(g.p, dt);
    pto_range_env *env = pto_range_env_new();
    ev_space sp = {0};
    static const char *const names[] = {"a", "b", "c"};
    for (int v = 0; v < 3; v++) {
      pto_var *var = pto_var_new(g.p, f, names[v], g.t, pto_noloc);
      g.vars[v] = pto_e_var(g.p, var, pto_noloc);
      ev_int lo, hi;
      gen_range(&g, dt, &lo, &hi);
      if (hi <= INT64_MAX) {
        pto_range_env_set(env, var, (int64_t)lo, (int64_t)hi);
      } else {  /* the env holds int64 bounds: u64 stays unbounded */
        lo = ev_min(dt);
        hi = ev_max(dt);
      }
      sp.var[v] = var;
      sp.lo[v] = lo;
      sp.hi[v] = hi;
    }
    sp.n = 3;
    pto_expr *e = rnd(&g, 5) ? gen_int(&g, 6) : gen_bool(&g, 6);
    long applied = 0;
    unsigned dflags = PTO_DEC_ALL | (i % 2 ? PTO_DEC_DEMORGAN_OUT : 0);
    pto_expr *s = pto_simplify_expr_stats(g.p, e, env, &applied, NULL);
    char orig[4096], simp[4096];
    snprintf(orig, sizeof orig, "%s", ev_show(e));
    snprintf(simp, sizeof simp, "%s", ev_show(s));
    const char *why = NULL;
    if (applied < 0)
      why = "rule budget exhausted";
    else if (pto_rw_size(s) > pto_rw_size(e))
      why = "node count grew";
    else if (strcmp(ev_show(pto_simplify_expr(g.p, s, env)), simp))
      why = "not idempotent";
    else if (ev_check(e, s, &sp, 4096, 300, g.st, &checked))
      why = "not equivalent";
    else if (ev_check(e, pto_decompose_expr(g.p, s, env, dflags), &sp, 4096,
                      100, g.st ^ 1, &checked))
      why = "decomposition not equivalent";
    if (why) {
      failures++;
      fprintf(stderr, "FUZZ FAILURE (%s), case %ld seed %llu:\n", why, i,
              (unsigned long long)seed);
      for (int v = 0; v < 3; v++)
        fprintf(stderr, "  var %s: %s in [%lld, %lld]\n", names[v],
                pto_dtype_name(dt), (long long)sp.lo[v], (long long)sp.hi[v]);
      fprintf(stderr, "  %s\n  -> %s\n", orig, simp);
    }
    before += pto_rw_size(e);
    after += pto_rw_size(s);
    rules += applied > 0 ? applied : 0;
    pto_range_env_free(env);
    pto_program_free(g.p);
  }
  printf("rewrite-fuzz: %ld cases (seed %llu), %ld assignments checked, "
         "nodes %ld -> %ld, %ld rule applications, %ld failures\n",
         ncases, (unsigned long long)seed, checked, before, after, rules,
         failures);
  return failures ? 1 : 0;
}
