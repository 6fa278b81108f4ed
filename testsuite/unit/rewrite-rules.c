/* rewrite-rules.c - unit tests of the symbolic rewrite rules.

   Part 1: every case is an expression, its expected simplified form
   (printed), and a proof of equivalence by evaluation with the
   independent evaluator of rewrite-eval.h: exhaustive over the variables'
   ranges when there are at most 2^18 assignments, else 20000 samples
   biased to the range ends.  Every row of the rule table must be used
   by some case (checked at the end), so every rule has a test.
   Part 2: generic patterns simplified and proven under many dtypes and
   ranges: i8 and u8 exhaustively over their full range, windows near
   INT_MIN/INT_MAX for i16/i32/i64, u32 near 0 and 2^32-1, and u64/i64
   without ranges (sampled).
   Exit status 0 when everything passes.  */

#include "rewrite-eval.h"

static const char *const decls[] = {
    "var x: i32 in [0, 15]",   "var y: i32 in [-8, 8]",
    "var z: i32",              "var n: i32 in [1, 8]",
    "var k: i32 in [0, 1000]", "var b: bool",
    "var c: bool",             "var u: u32 in [0, 20]",
    "var w: i64 in [0, 100]",  "var s: i8",
    "var t: i8 in [0, 100]",   "var v: u32",
    "var r: i32 in [0, 5]",    "var j: i32 in [0, 63]",
    "var q: i32 in [0, 7]",    "var g: i32 in [0, 255]",
};

typedef struct tcase {
  const char *in, *out;
} tcase;

static const tcase cases[] = {
    /* constant folding, range folding */
    {"3 + 4 * 5", "23"},
    {"x / 16", "0"},
    {"x < 16", "true"},
    {"(x + 1) * 2 - x * 2", "2"},
    {"1 / 0", "1 / 0"},
    {"0 / 0", "0 / 0"},
    {"-2147483648 / -1", "-2147483648 / -1"},
    {"1 << 40", "1 << 40"},
    {"x + 1 / 0 * 0", "x"},  /* dropping undefined code is allowed */
    {"abs(18446744073709551608:u64)", "18446744073709551608:u64"},
    /* sums */
    {"x + 0", "x"},
    {"0 + x", "x"},
    {"x - 0", "x"},
    {"x - x", "0"},
    {"x + x", "x * 2"},
    {"x * 3 + x * 4", "x * 7"},
    {"x * 3 - x * 3 + y", "y"},
    {"(x + 3) + 5", "x + 8"},
    {"(x - 3) + 1", "x - 2"},
    {"3 + x", "x + 3"},
    {"(x + 1) + y", "x + y + 1"},
    {"y + x", "x + y"},
    {"-(-x)", "x"},
    {"-(x - y)", "y - x"},
    {"x + -y", "x - y"},
    {"0 - x", "-x"},
    {"5 - (x + 2)", "3 - x"},
    {"-(3)", "-3"},
    {"x * -1", "-x"},
    {"-x * 3", "x * -3"},
    /* forms the normalisers decide normal from the operands (two parts,
       or a normal sum and one more part), and near misses */
    {"x * 3 + y", "x * 3 + y"},
    {"y + x * 3", "x * 3 + y"},
    {"x + 5", "x + 5"},
    {"x - 5", "x - 5"},
    {"x + -5", "x - 5"},
    {"5 - x", "5 - x"},
    {"-x - y", "-x - y"},
    {"-y - x", "-x - y"},
    {"x + y + z", "x + y + z"},
    {"x + z + y", "x + y + z"},
    {"x + y - z", "x + y - z"},
    {"x - z + y", "x + y - z"},
    {"x + y + x", "x * 2 + y"},
    {"x + y - x", "y"},
    {"x * 3 + y * 2 + z", "x * 3 + y * 2 + z"},
    {"x * 3 - z * 2", "x * 3 - z * 2"},
    {"-x - y - z", "-x - y - z"},
    {"5 - y - x", "5 - x - y"},
    {"x * 5", "x * 5"},
    {"5 * x", "x * 5"},
    {"y * x", "x * y"},
    {"z & 12", "z & 12"},
    {"z & -1", "z"},
    {"z | 0", "z"},
    {"y ^ z", "y ^ z"},
    {"z ^ y", "y ^ z"},
    {"z ^ z", "0"},
    {"z & ~z", "0"},
    {"z | 12", "z | 12"},
    {"-z", "-z"},
    /* products */
    {"x * 1", "x"},
    {"1 * x", "x"},
    {"x * 0", "0"},
    {"z * 0", "0"},
    {"(x * 3) * 4", "x * 12"},
    {"y * x", "x * y"},
    {"-x * y", "-(x * y)"},
    {"(x + 1) * 3", "x * 3 + 3"},
    {"(x - 2) * 4", "x * 4 - 8"},
    /* bitwise */
    {"z & -1", "z"},
    {"z | 0", "z"},
    {"z ^ 0", "z"},
    {"z & 0", "0"},
    {"z | -1", "-1"},
    {"z & z", "z"},
    {"z | z", "z"},
    {"z ^ z", "0"},
    {"z & ~z", "0"},
    {"z | ~z", "-1"},
    {"z ^ ~z", "-1"},
    {"(z & 12) & 10", "z & 8"},
    {"x & 15", "x"},
    {"x & 7", "x & 7"},
    {"~~z", "z"},
    /* logic */
    {"b && true", "b"},
    {"b && false", "false"},
    {"b || false", "b"},
    {"b || true", "true"},
    {"b && b", "b"},
    {"b && !b", "false"},
    {"b || !b", "true"},
    {"c && b", "b && c"},
    {"!!b", "b"},
    {"!b && !c", "!(b || c)"},
    {"!b || !c", "!(b && c)"},
    {"b ^ true", "!b"},
    {"b & c & b", "b & c"},
    {"b == true", "b"},
    {"b == false", "!b"},
    {"b != false", "b"},
    {"b != true", "!b"},
    /* min / max */
    {"min(z, z)", "z"},
    {"max(x, 20)", "20"},
    {"max(x, -1)", "x"},
    {"min(x, -1)", "-1"},
    {"min(min(z, 3), 5)", "min(z, 3)"},
    {"max(max(z, 3), 5)", "max(z, 5)"},
    {"max(5, z)", "max(z, 5)"},
    {"min(y, z)", "min(y, z)"},
    {"max(x, y + 30)", "y + 30"},
    {"max(x, y + 20)", "max(x, y + 20)"},
    /* division */
    {"z / 1", "z"},
    {"floordiv(z, 1)", "z"},
    {"z / -1", "-z"},
    {"z / z", "1"},
    {"0 / z", "0"},
    {"floordiv(x, 4)", "x / 4"},
    {"floormod(x, 4)", "x % 4"},
    {"floordiv(y, 4)", "floordiv(y, 4)"},
    {"(x * 6) / 3", "x * 2"},
    {"(x * 4) / 8", "x / 2"},
    {"(x / 2) / 3", "x / 6"},
    {"floordiv(floordiv(y, 2), 3)", "floordiv(y, 6)"},
    {"(x / 4 + 2) / 3", "(x + 8) / 12"},
    {"floordiv(floordiv(y, 2) - 1, 4)", "floordiv(y - 2, 8)"},
    {"(x + 8) / 4", "x / 4 + 2"},
    {"(y * 8 + x) / 8", "(x + y * 8) / 8"},
    {"floordiv(y * 8 + x, 8)", "y + x / 8"},
    {"(x + y * 4 + 40) / 4", "y + x / 4 + 10"},
    {"floordiv(y + 17, 4)", "(y + 17) / 4"},
    {"floordiv(y + 16, 4)", "floordiv(y, 4) + 4"},
    {"(x * 4 + 8) / 12", "(x + 2) / 3"},
    {"(x * 6 + y * 4) / 8", "(x * 3 + y * 2) / 4"},
    /* modulo */
    {"z % 1", "0"},
    {"z % -1", "0"},
    {"floormod(z, 1)", "0"},
    {"z % z", "0"},
    {"0 % z", "0"},
    {"x % 16", "x"},
    {"y % 9", "y"},
    {"floormod(y, 9)", "floormod(y, 9)"},
    {"x % n", "x % n"},
    {"(x % 8) % 4", "x % 4"},
    {"floormod(floormod(z, 8), 8)", "floormod(z, 8)"},
    {"(x + 16) % 8", "x % 8"},
    {"(x * 4) % 2", "0"},
    {"(z * 6) % 3", "z * 6 % 3"},
    {"(y + 64) % 8", "floormod(y, 8)"},
    {"floormod(y + x * 8 + 3, 4)", "floormod(y + 3, 4)"},
    {"(x % 4) + (x / 4) * 4", "x"},
    {"floormod(z, 5) + floordiv(z, 5) * 5", "z"},
    {"(x / 4) * 4 + x % 4 + y", "x + y"},
    {"x - (x / 4) * 4", "x % 4"},
    /* comparisons */
    {"5 < x", "x > 5"},
    {"z > y", "y < z"},
    {"z >= y", "y <= z"},
    {"x <= 5", "x < 6"},
    {"x >= 5", "x > 4"},
    {"z < z", "false"},
    {"z <= z", "true"},
    {"z == z", "true"},
    {"z != z", "false"},
    {"x + 3 < 10", "x < 7"},
    {"z + 3 == 10", "z == 7"},
    {"z + 3 < 10", "z + 3 < 10"},
    {"x - y < 0", "x < y"},
    {"x - y == 0", "x == y"},
    {"x * 3 < 7", "x < 3"},
    {"x * 3 > 7", "x > 2"},
    {"x * 4 == 6", "false"},
    {"x * 4 + y * 2 < 9", "x * 2 + y < 5"},
    {"x / 4 < 2", "x < 8"},
    {"floordiv(y, 4) > 0", "y > 3"},
    {"!(x < 3)", "x > 2"},
    {"!(z == y)", "y != z"},
    {"!(z != y)", "y == z"},
    /* select */
    {"b ? z : z", "z"},
    {"b ? true : false", "b"},
    {"b ? false : true", "!b"},
    {"!b ? x : y", "b ? y : x"},
    {"b ? (b ? x : y) : z", "b ? x : z"},
    {"b ? x : (b ? y : z)", "b ? x : z"},
    {"z < y ? z : y", "min(y, z)"},
    {"z < y ? y : z", "max(y, z)"},
    {"b ? c : false", "b && c"},
    {"b ? true : c", "b || c"},
    {"x < 20 ? x : y", "x"},
    {"true ? x : y", "x"},
    /* casts */
    {"(i32)x", "x"},
    {"(i32)(i64)z", "z"},
    {"(i8)(i64)z", "(i8)z"},
    {"(i64)(i8)x", "(i64)x"},
    {"(i64)(i8)z", "(i64)(i8)z"},
    {"(bool)(i32)b", "b"},
    {"(i32)(u8)s", "(i32)(u8)s"},
    /* shifts */
    {"z << 0", "z"},
    {"z >> 0", "z"},
    {"x << 2", "x * 4"},
    {"x >> 2", "x / 4"},
    {"y >> 1", "floordiv(y, 2)"},
    {"(x << 2) >> 2", "x"},
    {"0 << z", "0"},
    {"0 >> z", "0"},
    /* unary */
    {"abs(x)", "x"},
    {"abs(-x)", "x"},
    {"abs(y - 8)", "8 - y"},
    {"abs(abs(z))", "abs(z)"},
    {"abs(-z)", "abs(z)"},
    /* more comparisons and combinations */
    {"x + 3 < x + 5", "true"},
    {"x * 2 < x + 3", "x < 3"},
    {"x + y < y + 4", "x < 4"},
    {"-y < 5", "y > -5"},
    {"-z < 5", "-z < 5"},
    {"-y == 3", "y == -3"},
    {"z < 3 && z < 5", "z < 3"},
    {"z < 3 || z < 5", "z < 5"},
    {"z > 3 && z > 5", "z > 5"},
    {"z > 3 || z > 5", "z > 3"},
    {"z < 3 && z > 2", "false"},
    {"z > 7 || z < 9", "true"},
    {"z == 3 && z == 4", "false"},
    {"z != 3 || z != 4", "true"},
    {"z < 5 && y < 2 && z < 3", "y < 2 && z < 3"},
    {"min(x + 3, y + 3)", "min(x, y) + 3"},
    {"max(x - 2, y - 2)", "max(x, y) - 2"},
    {"(x * n) / n", "x"},
    {"(n * x) % n", "0"},
    {"floordiv(y * n, n)", "y"},
    {"x * 3 < y * 3", "x < y"},
    {"x * 4 + 2 == y * 4", "false"},
    {"(x % 4 + k) % 4", "(k + x) % 4"},
    {"floormod(floormod(y, 8) + z * 2, 4)", "floormod(z * 2 + floormod(y, 8), 4)"},
    {"floormod(floormod(y, 8) + n * 2, 4)", "floormod(n * 2 + y, 4)"},
    {"(y % 4 + x) % 4", "(x + y % 4) % 4"},
    {"z == y ? z : y", "y"},
    {"y != z ? z : y", "z"},
    {"b ? x + 3 : y + 3", "(b ? x : y) + 3"},
    {"b ? x * 4 : y * 4", "(b ? x : y) * 4"},
    {"(i64)x < 10", "x < 10"},
    {"(i64)z == 5000000000", "false"},
    {"(i64)x == 7", "x == 7"},
    {"b && (b || c)", "b"},
    {"b || (c && b)", "b"},
    {"b ? (c ? x : y) : y", "b && c ? x : y"},
    {"b ? x : (c ? x : y)", "b || c ? x : y"},
    {"max(y + 3, y - 1)", "y + 3"},
    {"min(x + 3, x)", "x"},
    {"max(x * 2 + y, y + x * 2 + 1)", "x * 2 + y + 1"},
    {"max(z + 3, z - 1) + 0", "max(z + 3, z - 1)"},
    {"min(-x, -y)", "-max(x, y)"},
    {"min(-z, -y)", "min(-y, -z)"},
    {"(z | 12) & 3", "z & 3"},
    {"(z & 12) | -13", "z | -13"},
    {"(z | 12) & 7", "(z | 12) & 7"},
    /* regressions found by rewrite-fuzz: && / || operands that may trap
       are never moved before the test that guards them */
    {"z != 0 && 10 / z > 1", "z != 0 && 10 / z > 1"},
    {"z == 0 || 10 % z == 1", "z == 0 || 10 % z == 1"},
    {"b ? 10 / z > 1 : false", "b && 10 / z > 1"},
    {"t < 8 && (t >> t) == 0", "t < 8:i8 && t >> t == 0:i8"},
    {"u < 8 && (u << u) > 3", "u < 8:u32 && u << u > 3:u32"},
    /* types */
    {"u - 1 < 5", "u - 1:u32 < 5:u32"},
    {"u + 1 < 5", "u < 4:u32"},
    {"w * 2 / 2", "w"},
    {"(t + 100) / 2", "(t + 100:i8) / 2:i8"},
    {"v / 1 + 0", "v"},
    /* block-cyclic tile indices.  A constant factor over "c - term": */
    {"(2 - y * 8) * -4", "y * 32 - 8"},
    {"(3 - z) * 5", "15 - z * 5"},
    /* a coefficient reduced modulo the divisor */
    {"(x * 7) % 2", "x % 2"},
    {"floormod(y * 7, 2)", "floormod(y, 2)"},
    {"(x * 4 + k) % 3", "(k + x) % 3"},
    {"floormod(y - 24, 10)", "floormod(y + 6, 10)"},
    {"floormod(y * 4 + z, 3)", "floormod(y * 4 + z, 3)"},  /* may wrap */
    /* a common factor out of a modulo, tightening the range */
    {"(x * 8) % 16", "x % 2 * 8"},
    {"floormod(y * 8, 16)", "floormod(y, 2) * 8"},
    {"(k * 2) % 8 / 7", "0"},
    {"(z * 8) % 16", "z * 8 % 16"},  /* may wrap */
    /* division of a sum whose rest lies in one interval of the factor */
    {"(x * 14 + r + 22) / 7", "x * 2 + 3"},
    {"(x * 4 + j % 4) / 8", "x / 2"},
    {"floordiv(y * 4 + floormod(z, 4), 8)", "floordiv(y, 2)"},
    {"(k * 4 + q % 4 + 3) / 8", "(k * 4 + q % 4 + 3) / 8"},  /* two */
    {"(y * 4 + j % 4) / 8", "(y * 4 + j % 4) / 8"},  /* y < 0, trunc */
    /* a fixed offset when the range lies in one higher interval */
    {"(q + 40) % 16", "q + 8"},
    {"(k + 2000) % 1000", "k % 1000"},  /* [2000, 3000]: two */
    {"floormod(q - 24, 8)", "q"},
    {"(q - 15) % 8", "q - 7"},
    {"(y - 24) % 10", "(y - 24) % 10"},  /* spans two intervals */
    /* two-valued terms */
    {"(q / 4 * 7) / 3", "q / 4 * 2"},
    {"(q / 4 * 7) % 3", "q / 4"},
    {"floordiv(floormod(y, 2) * 5 + 1, 3)", "floormod(y, 2) * 2"},
    /* (a % (c*k)) / c -> (a / c) % k: twelve tile-index cases */
    {"(z % 12) / 4", "z / 4 % 3"},
    {"floordiv(floormod(z, 12), 4)", "floormod(floordiv(z, 4), 3)"},
    {"((g * 64 + j) % 256) / 64", "g % 4"},
    {"((q * 16 + x) % 64) / 16", "q % 4"},
    {"((q * 32 + j) % 128) / 32", "(q + j / 32) % 4"},
    {"((g * 8 + q) % 64) / 8", "g % 8"},
    {"((j * 4 + x % 4) % 16) / 4", "j % 4"},
    {"((k * 64 + j) % 512) / 64", "k % 8"},
    {"floordiv(floormod(y * 16 + x, 64), 16)", "floormod(y, 4)"},
    {"((g * 128 + j * 2) % 1024) / 128", "g % 8"},
    {"((g * 16 + x) % 32) / 16", "g % 2"},
    {"((g % 16) * 16 + x) / 16", "g % 16"},
    {"(z % 12) / 5", "z % 12 / 5"},  /* 5 does not divide 12 */
};

static int failures;

static void
fail(const char *what, const char *in, const char *got, const char *want)
{
  failures++;
  fprintf(stderr, "FAIL %s: %s -> %s (expected %s)\n", what, in, got, want);
}

/* Simplify IN in SC; check the form (OUT non-NULL) and the value.  */
static void
run_case(pto_sx_scope *sc, const char *in, const char *out, const char *tag,
         unsigned long *hits, long *checked)
{
  pto_diag d;
  pto_diag_init(&d);
  pto_expr *e;
  if (pto_sx_line(sc, in, pto_noloc, &d, &e) != 1) {
    fail(tag, in, "(parse error)", out ? out : "");
    return;
  }
  pto_program *p = pto_sx_program(sc);
  const pto_range_env *env = pto_sx_env(sc);
  long applied = 0;
  pto_expr *s = pto_simplify_expr_stats(p, e, env, &applied, hits);
  char got[4096];
  snprintf(got, sizeof got, "%s", ev_show(s));
  if (applied < 0)
    fail(tag, in, got, "(rule budget exhausted)");
  if (out && strcmp(got, out))
    fail(tag, in, got, out);
  if (pto_rw_size(s) > pto_rw_size(e))
    fail(tag, in, got, "(no growth)");
  pto_expr *s2 = pto_simplify_expr(p, s, env);
  if (strcmp(ev_show(s2), got))
    fail(tag, in, ev_show(s2), "(idempotent)");
  ev_space sp = {0};
  ev_vars(p, e, env, &sp);
  if (ev_check(e, s, &sp, 1 << 18, 20000, 42, checked))
    fail(tag, in, got, "(equivalent)");
}

#include "rewrite-patterns.h"


typedef struct gscope {
  const char *type;
  const char *ra, *rb;   /* " in [lo, hi]" or "" */
} gscope;

static const gscope gscopes[] = {
    {"i8", "", ""},
    {"u8", "", ""},
    {"i16", " in [-40, 40]", " in [-40, 40]"},
    {"i16", " in [-32768, -32740]", " in [-5, 5]"},
    {"i16", " in [32740, 32767]", " in [-5, 5]"},
    {"i32", " in [-2147483648, -2147483630]", " in [-20, 20]"},
    {"i32", " in [2147483630, 2147483647]", " in [-20, 20]"},
    {"i32", " in [-300, 300]", " in [-9, 9]"},
    {"i32", " in [0, 1000]", " in [0, 50]"},
    {"i64", " in [-9223372036854775808, -9223372036854775790]",
     " in [-20, 20]"},
    {"i64", " in [9223372036854775790, 9223372036854775807]",
     " in [-20, 20]"},
    {"i64", "", ""},
    {"u32", " in [0, 300]", " in [0, 20]"},
    {"u32", " in [4294967280, 4294967295]", " in [0, 20]"},
    {"u32", "", ""},
    {"u64", "", ""},
    {"index", " in [0, 4000]", " in [-30, 30]"},
};

static void
run_generic(unsigned long *hits, long *checked, long *count)
{
  for (size_t g = 0; g < sizeof gscopes / sizeof *gscopes; g++) {
    pto_sx_scope *sc = pto_sx_new();
    pto_diag d;
    pto_diag_init(&d);
    char line[256];
    pto_expr *e;
    snprintf(line, sizeof line, "var a: %s%s", gscopes[g].type, gscopes[g].ra);
    if (pto_sx_line(sc, line, pto_noloc, &d, &e) != 0)
      fail("decl", line, "", "");
    snprintf(line, sizeof line, "var b: %s%s", gscopes[g].type, gscopes[g].rb);
    if (pto_sx_line(sc, line, pto_noloc, &d, &e) != 0)
      fail("decl", line, "", "");
    for (size_t i = 0; i < sizeof generic / sizeof *generic; i++) {
      char tag[64];
      snprintf(tag, sizeof tag, "generic %s", gscopes[g].type);
      /* Casts to i8/i64 of an i8/i64 value are fine; a pattern whose
         literal does not fit the type is skipped by the parser's wrap.  */
      run_case(sc, generic[i], NULL, tag, hits, checked);
      ++*count;
    }
    pto_sx_free(sc);
  }
}

/* Expressions the corpus parser cannot write: calls with effects are
   never dropped, merged or reordered across; floats and pointers keep
   their form while their integer operands simplify.  */
static void
check_mixed(void)
{
  pto_program *p = pto_program_new();
  pto_func *f = pto_func_new(p, PTO_FN_PLAIN, "f", pto_type_void(p),
                             pto_noloc);
  const pto_type *i32 = pto_type_scalar(p, PTO_DT_I32);
  const pto_type *f32 = pto_type_scalar(p, PTO_DT_F32);
  pto_expr *call = pto_e_call(p, "g", i32, 0, NULL, pto_noloc);
  pto_expr *call2 = pto_e_call(p, "g", i32, 0, NULL, pto_noloc);
  pto_var *q = pto_var_new(p, f, "q", f32, pto_noloc);
  pto_var *i = pto_var_new(p, f, "i", i32, pto_noloc);
  pto_var *ptr = pto_var_new(p, f, "p", pto_type_ptr(p, f32, false),
                             pto_noloc);
  pto_expr *I = pto_e_var(p, i, pto_noloc);
  pto_expr *zero = pto_e_int(p, i32, 0, pto_noloc);
  pto_expr *bidx = pto_e_op(p, PTO_OP_BLOCK_IDX, 0, NULL, pto_noloc);
  struct {
    pto_expr *e;
    const char *want;
  } t[] = {
      {pto_e_bin(p, PTO_BIN_MUL, call, zero, pto_noloc), "@g() * 0"},
      {pto_e_bin(p, PTO_BIN_SUB, call, call2, pto_noloc), "@g() - @g()"},
      {pto_e_bin(p, PTO_BIN_SUB, bidx, bidx, pto_noloc), "0"},
      {pto_e_bin(p, PTO_BIN_ADD,
                 pto_e_un(p, PTO_UN_CAST, pto_e_var(p, q, pto_noloc), i32,
                          pto_noloc),
                 zero, pto_noloc),
       "(i32)q"},
      {pto_e_bin(p, PTO_BIN_ADD, pto_e_var(p, q, pto_noloc),
                 pto_e_float(p, f32, 0.0, pto_noloc), pto_noloc),
       "q + 0.0"},
      {pto_e_bin(p, PTO_BIN_ADD, pto_e_var(p, ptr, pto_noloc),
                 pto_e_bin(p, PTO_BIN_SUB, I, I, pto_noloc), pto_noloc),
       "p + 0"},
  };
  for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
    const char *got = ev_show(pto_simplify_expr(p, t[k].e, NULL));
    if (strcmp(got, t[k].want))
      fail("mixed", "", got, t[k].want);
  }
  pto_program_free(p);
}

/* A rewriter context over SC's program and environment with a budget
   of one step: what calling a rule function directly needs.  */
static pto_rw
one_step_rewriter(pto_sx_scope *sc)
{
  pto_rw c;
  memset(&c, 0, sizeof c);
  c.p = pto_sx_program(sc);
  c.env = pto_sx_env(sc);
  c.budget = 1;
  return c;
}

/* The engine calls a rule whose table row says PTO_RWN_CONST_OPS only on
   roots with constant operands: the rule must return nothing on the
   others (roots with one constant operand or none), and something on
   some root with them (so that the test reaches it).  */
static void
check_needs(pto_sx_scope *sc)
{
  static const char *const other[] = {
      "x + y", "x + 3", "3 + x", "-x", "abs(y)", "(i64)x", "!b",
      "b ? x : 3", "(x < 3) ? 4 : 5", "min(x, 7)", "x / 3", "b && true"};
  static const char *const constops[] = {"3 + 4", "-(5)", "true ? x : y"};
  pto_diag d;
  pto_diag_init(&d);
  pto_rw c = one_step_rewriter(sc);
  for (int i = 0; i < pto_nrules; i++) {
    if (!(pto_rules[i].need & PTO_RWN_CONST_OPS))
      continue;
    for (size_t k = 0; k < sizeof other / sizeof *other; k++) {
      pto_expr *e;
      if (pto_sx_line(sc, other[k], pto_noloc, &d, &e) != 1)
        fail("needs: parse", other[k], "", "");
      else if (pto_rules[i].fn(&c, e))
        fail(pto_rules[i].name, other[k], "a replacement",
             "none: the row says it needs constant operands");
    }
    bool any = false;
    for (size_t k = 0; k < sizeof constops / sizeof *constops; k++) {
      pto_expr *e;
      if (pto_sx_line(sc, constops[k], pto_noloc, &d, &e) != 1)
        fail("needs: parse", constops[k], "", "");
      else
        any |= pto_rules[i].fn(&c, e) != NULL;
    }
    if (!any)
      fail(pto_rules[i].name, "the constant-operand roots", "nothing",
           "a replacement");
  }
}

/* The same for PTO_RWN_CONST_B and PTO_RWN_NONCONST_B: a rule whose
   row needs a constant right operand returns nothing on binary roots
   whose right operand is a variable, and one that needs a non-constant
   right operand nothing on roots whose right operand is a constant
   (that the rules still fire where they apply, the cases of part 1
   show).  The roots: every binary operator between left operands of
   the shapes the rules look for and the right operand RHS.  */
static void
check_operand_needs(pto_sx_scope *sc, unsigned need, const char *rhs)
{
  static const char *const lhs[] = {
      "x", "y", "-x", "x * 4 + 2", "x * 6 - y * 3", "x / 3", "x % 8",
      "floordiv(x, 4)", "floormod(y, 4) + 1", "(x + 4) * 3", "(x / 2) * 2",
      "(i32)s", "x - 5"};
  static const char *const ops[] = {
      "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "<=", ">",
      ">=", "==", "!=", "min", "max", "floordiv", "floormod"};
  pto_diag d;
  pto_diag_init(&d);
  pto_rw c = one_step_rewriter(sc);
  for (size_t l = 0; l < sizeof lhs / sizeof *lhs; l++)
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
      char line[128];
      if (ops[o][0] >= 'a' && ops[o][0] <= 'z')  /* min(l, r) */
        snprintf(line, sizeof line, "%s(%s, %s)", ops[o], lhs[l], rhs);
      else
        snprintf(line, sizeof line, "(%s) %s %s", lhs[l], ops[o], rhs);
      pto_expr *e;
      if (pto_sx_line(sc, line, pto_noloc, &d, &e) != 1) {
        fail("operand needs: parse", line, "", "");
        continue;
      }
      for (int i = 0; i < pto_nrules; i++)
        if ((pto_rules[i].need & need) && pto_rules[i].key == pto_rw_key(e)
            && pto_rules[i].fn(&c, e))
          fail(pto_rules[i].name, line, "a replacement",
               "none: the row's need says the engine skips this root");
    }
}

int
main(void)
{
  check_mixed();
  unsigned long *hits = calloc(pto_nrules, sizeof *hits);
  long checked = 0, ncases = 0, ngeneric = 0;
  pto_sx_scope *sc = pto_sx_new();
  pto_diag d;
  pto_diag_init(&d);
  for (size_t i = 0; i < sizeof decls / sizeof *decls; i++) {
    pto_expr *e;
    if (pto_sx_line(sc, decls[i], pto_noloc, &d, &e) != 0)
      fail("decl", decls[i], "", "");
  }
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++, ncases++)
    run_case(sc, cases[i].in, cases[i].out, "case", hits, &checked);
  check_needs(sc);
  check_operand_needs(sc, PTO_RWN_CONST_B, "n");
  check_operand_needs(sc, PTO_RWN_CONST_B, "y");
  check_operand_needs(sc, PTO_RWN_NONCONST_B, "3");
  check_operand_needs(sc, PTO_RWN_NONCONST_B, "-2");
  pto_sx_free(sc);
  run_generic(hits, &checked, &ngeneric);
  /* Every rule (by name) is exercised by some case.  */
  int unused = 0, names = 0;
  for (int i = 0; i < pto_nrules; i++) {
    bool first = true, used = false;
    for (int j = 0; j < pto_nrules; j++) {
      if (strcmp(pto_rules[i].name, pto_rules[j].name))
        continue;
      if (j < i)
        first = false;
      used |= hits[j] > 0;
    }
    if (!first)
      continue;
    names++;
    if (!used) {
      unused++;
      fprintf(stderr, "FAIL rule %s has no test that uses it\n",
              pto_rules[i].name);
    }
  }
  failures += unused;
  printf("rewrite-rules: %ld cases, %ld generic cases, %d rules (%d rows), "
         "%ld assignments checked, %d failures\n",
         ncases, ngeneric, names, pto_nrules, checked, failures);
  free(hits);
  return failures ? 1 : 0;
}
