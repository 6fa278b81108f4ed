/* rewrite-decompose.c - tests of the late decompositions (decompose.c)
   and proofs of the fast integer division.

   1. Every decomposition: expected printed form + equivalence by the
      independent evaluator (exhaustive over the declared ranges, or
      20000 biased samples).
   2. Fast division, magic numbers: for every divisor 2..1024, every
      16-bit x (0..65535) satisfies x / d == (x * M) >> S; and the
      decomposed IR expressions x / d and x % d (x: i32 in [0, 65535])
      evaluate to the same values as the originals for every x: by
      monotonicity (both ends of every quotient step) by default, by
      brute force over all 65536 x with PTO_DECOMPOSE_FULL=1 (~134M
      evaluations, a minute or two).
   3. 32-bit ranges: 3000 random (d, vmax) pairs, d in [3, 2^31), vmax in
      [d, 2^32); for each, every x in [0, 2048], every x in [vmax - 2048,
      vmax] and x = k*d - 1, k*d for 512 values of k spread over the
      range (the only places a wrong magic number can first fail are
      quotient steps), checked in 128-bit arithmetic.
   4. A complete proof over [0, vmax] for 1,000,000 random (d, vmax)
      pairs (32- and 40-bit), by the lemma of check_magic_lemma.
   Exit status 0 when everything passes.  */

#include "rewrite-eval.h"

static int failures;

typedef struct dcase {
  unsigned flags;
  const char *in, *out;
} dcase;

#define ALL PTO_DEC_ALL
#define OUT (PTO_DEC_ALL | PTO_DEC_DEMORGAN_OUT)

static const dcase dcases[] = {
    {ALL, "x % 8", "x & 7"},
    {ALL, "x * 16", "x << 4"},
    /* a possibly negative signed x shifts through the unsigned type of
       its width (the printed C must not shift a negative value), and
       the value wraps as the IR's product does; an 8- or 16-bit one
       keeps x * 2^k (C would promote the unsigned value to int); s >= 0
       may shift even where the product overflows (both forms are then
       undefined in C alike) */
    {ALL, "z * 16", "(i32)((u32)z << 4:u32)"},
    {ALL, "z * -2147483648", "(i32)((u32)z << 31:u32)"},
    {ALL, "16 * (z + 3)", "(i32)((u32)(z + 3) << 4:u32)"},
    {ALL, "n * 8", "(i64)((u64)n << 3:u64)"},
    {ALL, "h * 16", "h * 16:i16"},
    {ALL, "s * 16", "s << 4"},
    {ALL, "u * 16", "u << 4:u32"},
    {ALL, "x / 8", "x >> 3"},
    {ALL, "floordiv(z, 8)", "z >> 3"},
    {ALL, "floormod(z, 8)", "z & 7"},
    {ALL, "z / 8", "z + (z >> 31 & 7) >> 3"},
    {ALL, "z % 8", "z - (z + (z >> 31 & 7) & -8)"},
    {ALL, "x / 7", "x * 19 >> 7"},
    {ALL, "x % 7", "x - (x * 19 >> 7) * 7"},
    {ALL, "x / 12", "(x >> 2) * 3 >> 3"},
    {ALL, "x / 100", "0"},
    {ALL, "k / 7", "k * 1171 >> 13"},
    {ALL, "w / 7", "w * 74899:i64 >> 19:i64"},
    {ALL, "s / 3", "(i32)((i64)s * 715827883:i64 >> 31:i64)"},
    {ALL, "u / 7", "u / 7:u32"},
    {ALL, "t / 7", "(u32)((i64)t * 2454267027:i64 >> 34:i64)"},
    {ALL, "z / 7", "z / 7"},
    {ALL, "x * -1", "-x"},
    {ALL, "u * 4294967295", "-u"},
    {ALL, "!b && !c", "!(b || c)"},
    {OUT, "!(b && c)", "!b || !c"},
    {OUT, "!(b || c)", "!b && !c"},
    {ALL, "!(x < 5)", "4 < x"},
    {ALL, "!(x <= z)", "x > z"},
    {ALL, "!(x == z)", "x != z"},
    {0, "x % 8", "x % 8"},
};

static const char *const decls[] = {
    "var x: i32 in [0, 15]", "var z: i32", "var n: i64", "var h: i16", "var k: i32 in [0, 1000]",
    "var w: i64 in [0, 100000]", "var s: i32 in [0, 2000000000]",
    "var u: u32", "var t: u32 in [0, 2000000000]", "var b: bool", "var c: bool",
};

static void
check_forms(long *checked)
{
  pto_sx_scope *sc = pto_sx_new();
  pto_diag d;
  pto_diag_init(&d);
  pto_expr *e;
  for (size_t i = 0; i < sizeof decls / sizeof *decls; i++)
    pto_sx_line(sc, decls[i], pto_noloc, &d, &e);
  for (size_t i = 0; i < sizeof dcases / sizeof *dcases; i++) {
    const dcase *t = &dcases[i];
    if (pto_sx_line(sc, t->in, pto_noloc, &d, &e) != 1) {
      fprintf(stderr, "FAIL parse %s\n", t->in);
      failures++;
      continue;
    }
    pto_program *p = pto_sx_program(sc);
    pto_expr *r = pto_decompose_expr(p, e, pto_sx_env(sc), t->flags);
    const char *got = ev_show(r);
    if (strcmp(got, t->out)) {
      fprintf(stderr, "FAIL %s -> %s (expected %s)\n", t->in, got, t->out);
      failures++;
    }
    ev_space sp = {0};
    ev_vars(p, e, pto_sx_env(sc), &sp);
    if (ev_check(e, r, &sp, 1 << 18, 20000, 7, checked)) {
      fprintf(stderr, "FAIL equivalence %s\n", t->in);
      failures++;
    }
  }
  pto_sx_free(sc);
}

/* Float division by a power of two becomes a multiplication, by other
   constants it stays (built with the builder: the corpus parser has no
   floats).  */
static void
check_fdiv(void)
{
  pto_program *p = pto_program_new();
  pto_func *f = pto_func_new(p, PTO_FN_PLAIN, "f", pto_type_void(p),
                             pto_noloc);
  const pto_type *f32 = pto_type_scalar(p, PTO_DT_F32);
  const pto_type *f16 = pto_type_scalar(p, PTO_DT_F16);
  pto_var *v = pto_var_new(p, f, "q", f32, pto_noloc);
  pto_var *h = pto_var_new(p, f, "h", f16, pto_noloc);
  struct {
    pto_var *var;
    const pto_type *t;
    double k;
    const char *out;
  } t[] = {
      {v, f32, 2.0, "q * 0.5"},  {v, f32, -0.25, "q * -4.0"},
      {v, f32, 3.0, "q / 3.0"},  {v, f32, 0x1p-127, "q / 5.877471754111438e-39"},
      {h, f16, 65536.0, "h / 65536.0:f16"}, {h, f16, 1024.0, "h * 0.0009765625:f16"},
  };
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    pto_expr *e = pto_e_bin(p, PTO_BIN_DIV, pto_e_var(p, t[i].var, pto_noloc),
                            pto_e_float(p, t[i].t, t[i].k, pto_noloc),
                            pto_noloc);
    pto_expr *r = pto_decompose_expr(p, e, NULL, PTO_DEC_ALL);
    if (strcmp(ev_show(r), t[i].out)) {
      fprintf(stderr, "FAIL fdiv %g -> %s (expected %s)\n", t[i].k,
              ev_show(r), t[i].out);
      failures++;
    }
  }
  pto_program_free(p);
}

/* Every divisor 2..1024, every x in [0, 65535].  */
static void
check_magic16(long *checked)
{
  for (uint64_t d = 2; d <= 1024; d++) {
    uint64_t m;
    int s;
    if (!pto_magicgu(65535, d, &m, &s)) {
      fprintf(stderr, "FAIL no magic for d=%llu\n", (unsigned long long)d);
      failures++;
      continue;
    }
    for (uint64_t x = 0; x <= 65535; x++)
      if ((x * m) >> s != x / d) {
        fprintf(stderr, "FAIL magic d=%llu x=%llu\n", (unsigned long long)d,
                (unsigned long long)x);
        failures++;
        break;
      }
    *checked += 65536;
  }
}

/* The decomposed IR of x / d and x % d for every d in 2..1024, x: i32 in
   [0, 65535], evaluated for every x.  */
static void
check_ir16(long *checked)
{
  pto_sx_scope *sc = pto_sx_new();
  pto_diag dg;
  pto_diag_init(&dg);
  pto_expr *e;
  pto_sx_line(sc, "var x: i32 in [0, 65535]", pto_noloc, &dg, &e);
  pto_program *p = pto_sx_program(sc);
  bool full = getenv("PTO_DECOMPOSE_FULL") != NULL;
  for (int d = 2; d <= 1024; d++) {
    for (int op = 0; op < 2; op++) {
      char line[64];
      snprintf(line, sizeof line, "x %c %d", op ? '%' : '/', d);
      pto_sx_line(sc, line, pto_noloc, &dg, &e);
      pto_expr *r = pto_decompose_expr(p, e, pto_sx_env(sc), PTO_DEC_ALL);
      if (r->kind == PTO_E_BIN && r->u.binop == e->u.binop) {
        fprintf(stderr, "FAIL %s was not decomposed\n", line);
        failures++;
      }
      ev_space sp = {0};
      ev_vars(p, e, pto_sx_env(sc), &sp);
      if (full) {
        if (ev_check(e, r, &sp, 1 << 17, 0, 1, checked)) {
          fprintf(stderr, "FAIL %s -> %s\n", line, ev_show(r));
          failures++;
        }
        continue;
      }
      /* Both sides of x / d are non-decreasing in x and the quotient is
         constant on [k*d, k*d + d - 1]: agreeing at both ends of every
         step (and at 65535) proves every x.  x % d is x - (x / d) * d.  */
      ev_env env = {1, {sp.var[0]}, {0}};
      for (long k = 0; k * d <= 65535; k++) {
        long pts[3] = {k * d, k * d + d - 1, 65535};
        for (int j = 0; j < 3; j++) {
          env.val[0] = pts[j] > 65535 ? 65535 : pts[j];
          if (ev_compare_at(e, r, &env, checked)) {
            fprintf(stderr, "FAIL %s -> %s\n", line, ev_show(r));
            failures++;
            k = 1 << 20;
            break;
          }
        }
      }
    }
  }
  pto_sx_free(sc);
}

/* Random 32-bit ranges: windows at both ends and every quotient step
   for 512 spread-out quotients.  */
static void
check_magic32(long *checked, long *pairs, long *kept)
{
  uint64_t st = 12345;
  for (int i = 0; i < 3000; i++) {
    uint64_t d = 3 + ev_rand(&st) % ((UINT64_C(1) << 31) - 3);
    if (i % 3 == 0)
      d = 3 + ev_rand(&st) % 5000;
    uint64_t vmax = d + ev_rand(&st) % ((UINT64_C(1) << 32) - d);
    uint64_t m;
    int s;
    if (!pto_magicgu(vmax, d, &m, &s)) {
      ++*kept;  /* the division stays: never wrong */
      continue;
    }
    ++*pairs;
    typedef unsigned __int128 u128;
#define CHECK(X)                                                        \
    do {                                                                \
      uint64_t x_ = (X);                                                \
      if (x_ <= vmax) {                                                 \
        ++*checked;                                                     \
        if ((uint64_t)(((u128)x_ * m) >> s) != x_ / d) {                \
          fprintf(stderr, "FAIL magic32 d=%llu vmax=%llu x=%llu\n",     \
                  (unsigned long long)d, (unsigned long long)vmax,      \
                  (unsigned long long)x_);                              \
          failures++;                                                   \
          return;                                                       \
        }                                                               \
      }                                                                 \
    } while (0)
    for (uint64_t x = 0; x <= 2048; x++)
      CHECK(x);
    for (uint64_t x = vmax > 2048 ? vmax - 2048 : 0; x <= vmax; x++)
      CHECK(x);
    uint64_t qmax = vmax / d;
    for (uint64_t j = 0; j < 512; j++) {
      uint64_t q = qmax * j / 511;
      CHECK(q * d);
      if (q)
        CHECK(q * d - 1);
    }
#undef CHECK
  }
}

/* A proof for every x in [0, vmax] from two evaluations (Hacker's
   Delight 10-9): with M*d >= 2^S, f(x) = (x*M) >> S >= x / d everywhere,
   and writing x = q*d + r, f(x) > q iff q*e + r*(2^S + e)/d >= 2^S where
   e = M*d - 2^S >= 0: increasing in q and in r.  So f == x/d on all of
   [0, vmax] iff it holds at vmax and at the largest q*d + d - 1 <= vmax.
   Checked for 1,000,000 random 32-bit (d, vmax) pairs and, as 64-bit
   pairs, vmax up to 2^40.  */
static void
check_magic_lemma(long *proved, long *kept)
{
  typedef unsigned __int128 u128;
  uint64_t st = 777;
  for (long i = 0; i < 1000000; i++) {
    int bits = i % 4 == 3 ? 40 : 32;
    uint64_t lim = (UINT64_C(1) << bits) - 1;
    uint64_t d = 3 + ev_rand(&st) % (i % 2 ? 1000 : lim - 3);
    uint64_t vmax = d + ev_rand(&st) % (lim - d + 1);
    uint64_t m;
    int s;
    if (!pto_magicgu(vmax, d, &m, &s)) {
      ++*kept;
      continue;
    }
    uint64_t top = (vmax + 1) / d * d - 1;   /* largest q*d + d - 1 */
    bool ok = (u128)m * d >= ((u128)1 << s)
              && (uint64_t)(((u128)vmax * m) >> s) == vmax / d
              && (top > vmax || (uint64_t)(((u128)top * m) >> s) == top / d);
    if (!ok) {
      fprintf(stderr, "FAIL magic lemma d=%llu vmax=%llu\n",
              (unsigned long long)d, (unsigned long long)vmax);
      failures++;
      return;
    }
    ++*proved;
  }
}

int
main(void)
{
  long checked = 0, magic = 0, ir = 0, m32 = 0, pairs = 0, kept = 0;
  check_forms(&checked);
  check_fdiv();
  check_magic16(&magic);
  check_ir16(&ir);
  check_magic32(&m32, &pairs, &kept);
  long proved = 0, kept2 = 0;
  check_magic_lemma(&proved, &kept2);
  printf("rewrite-decompose: %zu forms (%ld assignments), magic16 %ld, "
         "IR16 %ld, magic32 %ld pairs %ld checks (%ld kept as divisions), "
         "lemma proofs %ld (%ld kept), %d failures\n",
         sizeof dcases / sizeof *dcases, checked, magic, ir, pairs, m32, kept,
         proved, kept2, failures);
  return failures ? 1 : 0;
}
