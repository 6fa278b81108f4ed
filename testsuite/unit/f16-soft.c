/* f16-soft.c - the software fp16 conversions of include/pto-f16.h give
   the same bits as the compiler's _Float16 casts (where it has them:
   GCC 12 on x86-64) and as the F16C instructions (where the CPU has
   them), and the values IEEE 754 prescribes where neither exists (GCC 11
   on a CPU without F16C): every fp16 value widened, the ties between
   neighbouring fp16 values and the floats/doubles just around them
   narrowed, a stride through all floats, pseudo-random doubles, and
   double inputs that a detour through float would round twice.  Prints
   PASS:/FAIL: lines; exit status 1 on a failure.  */

#include "include/pto-f16.h"

#include <stdio.h>
#include <string.h>

static int failures;

static void
check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  if (!ok)
    failures++;
}

static uint32_t
float_bits(float f)
{
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

static float
bits_float(uint32_t b)
{
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static double
bits_double(uint64_t b)
{
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}

/* The references: the compiler's _Float16 and the F16C instructions.  */
#ifdef __FLT16_MAX__
#define HAVE_FLOAT16 1
static float
ref_widen(uint16_t h)
{
  _Float16 x;
  memcpy(&x, &h, sizeof x);
  return (float)x;
}
static uint16_t
ref_narrow(double d)
{
  _Float16 x = (_Float16)d;
  uint16_t h;
  memcpy(&h, &x, sizeof h);
  return h;
}
#else
#define HAVE_FLOAT16 0
static float ref_widen(uint16_t h) { return (float)h; }
static uint16_t ref_narrow(double d) { return (uint16_t)d; }
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
__attribute__((target("f16c"))) static float
f16c_widen(uint16_t h)
{
  return _cvtsh_ss(h);
}
__attribute__((target("f16c"))) static uint16_t
f16c_narrow(float x)
{
  return (uint16_t)_cvtss_sh(x, _MM_FROUND_TO_NEAREST_INT);
}
static int have_f16c(void) { return __builtin_cpu_supports("f16c"); }
#else
static float f16c_widen(uint16_t h) { return (float)h; }
static uint16_t f16c_narrow(float x) { return (uint16_t)x; }
static int have_f16c(void) { return 0; }
#endif

static int use_f16c;

/* Mismatches of the narrowing of float F; counted, the first printed.  */
static long narrow_bad;
static void
check_narrow_float(float f)
{
  uint16_t got = pto_f16_bits_from_double(f);
  int bad = (HAVE_FLOAT16 && got != ref_narrow(f))
            || (use_f16c && got != f16c_narrow(f));
  if (bad && narrow_bad++ == 0)
    printf("  float %a (0x%08x): soft 0x%04x, _Float16 0x%04x, F16C 0x%04x\n",
           (double)f, (unsigned)float_bits(f), got,
           HAVE_FLOAT16 ? ref_narrow(f) : 0,
           use_f16c ? f16c_narrow(f) : 0);
}

static void
check_narrow_double(double d)
{
  uint16_t got = pto_f16_bits_from_double(d);
  if (HAVE_FLOAT16 && got != ref_narrow(d) && narrow_bad++ == 0)
    printf("  double %a: soft 0x%04x, _Float16 0x%04x\n", d, got,
           ref_narrow(d));
}

/* Every fp16 value: widening is exact and matches both references; the
   round trip gives the same bits back (NaNs quietened).  */
static void
test_widen(void)
{
  long bad = 0, trip = 0;
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = pto_f16_bits_to_float((uint16_t)h);
    int nan = (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
    if ((HAVE_FLOAT16 && float_bits(f) != float_bits(ref_widen((uint16_t)h)))
        || (use_f16c && float_bits(f) != float_bits(f16c_widen((uint16_t)h)))) {
      if (bad++ == 0)
        printf("  fp16 0x%04x: soft 0x%08x, _Float16 0x%08x, F16C 0x%08x\n",
               (unsigned)h, (unsigned)float_bits(f),
               (unsigned)float_bits(ref_widen((uint16_t)h)),
               (unsigned)float_bits(f16c_widen((uint16_t)h)));
    }
    uint16_t back = pto_f16_bits_from_double(f);
    if (back != (nan ? (h | 0x200) : h))
      trip++;
  }
  check(bad == 0, "every fp16 value widens to the references' float");
  check(trip == 0, "every fp16 value survives the round trip");
  check(pto_f16_bits_to_float(0x0001) == 0x1p-24f
            && pto_f16_bits_to_float(0x03ff) == 0x3ffp-24f
            && pto_f16_bits_to_float(0x7bff) == 65504.0f
            && pto_f16_bits_to_float(0xfc00) == -__builtin_inff(),
        "subnormal, largest and infinite fp16 values widen exactly");
}

/* Around every tie between neighbouring finite fp16 values: the tie and
   one float ulp to each side, as floats and as doubles; then a stride
   through all 2^32 float patterns.  */
static void
test_narrow(void)
{
  narrow_bad = 0;
  for (uint32_t h = 0; h < 0x7c00; h++) {
    double lo = pto_f16_bits_to_float((uint16_t)h);
    double hi = h == 0x7bff ? 65536.0 : pto_f16_bits_to_float((uint16_t)(h + 1));
    double mid = (lo + hi) / 2;
    for (int s = 0; s < 2; s++) {
      double m = s ? -mid : mid;
      float f = (float)m;
      check_narrow_float(f);
      check_narrow_float(__builtin_nextafterf(f, 0.0f));
      check_narrow_float(__builtin_nextafterf(f, 1e30f * (s ? -1 : 1)));
      check_narrow_double(__builtin_nextafter(m, 0.0));
      check_narrow_double(__builtin_nextafter(m, s ? -1e300 : 1e300));
    }
  }
  check(narrow_bad == 0, "ties and their float/double neighbours round "
                         "like the references");
  narrow_bad = 0;
  for (uint64_t b = 0; b < 0x100000000ull; b += 4093)
    check_narrow_float(bits_float((uint32_t)b));
  check(narrow_bad == 0, "a stride through every float pattern (NaNs, "
                         "infinities, subnormals) rounds like the "
                         "references");
  narrow_bad = 0;
  uint64_t state = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 1000000; i++) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    /* Exponents near fp16's range half of the time.  */
    uint64_t b = state;
    if (i & 1)
      b = (b & 0x800fffffffffffffull) | (uint64_t)(1023 - 30 + (i >> 1) % 50) << 52;
    check_narrow_double(bits_double(b));
  }
  check(narrow_bad == 0, "pseudo-random doubles round like _Float16");
}

/* Known answers, with or without a reference: ties to even, one rounding
   from double (a detour through float would round these twice), the
   limits.  */
static void
test_known(void)
{
  check(pto_f16_bits_from_double(1.0 + 0x1p-11) == 0x3c00
            && pto_f16_bits_from_double(1.0 + 0x3p-11) == 0x3c02,
        "ties round to even");
  check(pto_f16_bits_from_double(1.0 + 0x1p-11 + 0x1p-40) == 0x3c01
            && pto_f16_bits_from_double(-(1.0 + 0x1p-11 + 0x1p-40)) == 0xbc01,
        "a double just above a tie rounds up (once, not via float)");
  check(pto_f16_bits_from_double(65504.0) == 0x7bff
            && pto_f16_bits_from_double(65519.99) == 0x7bff
            && pto_f16_bits_from_double(65520.0) == 0x7c00
            && pto_f16_bits_from_double(-1e300) == 0xfc00,
        "the largest finite value and overflow to infinity");
  check(pto_f16_bits_from_double(0x1p-24) == 0x0001
            && pto_f16_bits_from_double(0x1p-25) == 0x0000
            && pto_f16_bits_from_double(0x1.000001p-25) == 0x0001
            && pto_f16_bits_from_double(-0x1p-26) == 0x8000
            && pto_f16_bits_from_double(0x1.ffcp-15) == 0x0400
            && pto_f16_bits_from_double(-0.0) == 0x8000,
        "subnormals, underflow to signed zero, rounding up to the least "
        "normal");
  check(pto_f16_bits_from_double(__builtin_nan("")) == 0x7e00
            && pto_f16_bits_from_double(-__builtin_inf()) == 0xfc00
            && pto_f16_bits_from_double(bits_double(0x7ff0000000000001ull))
                   == 0x7e00
            && pto_f16_bits_from_double(bits_double(0xfff4000000000000ull))
                   == 0xff00,
        "NaNs stay NaNs (quiet, sign and top payload bits kept)");
}

int
main(void)
{
  use_f16c = have_f16c();
  printf("references: _Float16 %s, F16C %s\n", HAVE_FLOAT16 ? "yes" : "no",
         use_f16c ? "yes" : "no");
  test_widen();
  test_narrow();
  test_known();
  return failures != 0;
}
