/* bf16-conv.c - the bf16 conversions of include/pto-bf16.h (which pto.h,
   libpto-rt and the CCE simulator all use) against references written
   without them: a table of bit patterns worked out by hand; every bf16
   widened, against its value computed from the format's definition
   (sign, 8-bit exponent, 7-bit fraction, subnormals below exponent 1);
   floats narrowed, against rounding to 8 significant bits in double
   arithmetic (nearbyint: ties to even), for every bf16 neighbourhood
   (each top half with low halves 0, 1, 0x7fff, 0x8000, 0x8001, 0xffff:
   ties, just below and above them) and a stride through all floats.
   Prints PASS:/FAIL: lines; exit status 1 on a failure.  */

#include "include/pto-bf16.h"

#include <math.h>
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

static float
from_bits(uint32_t b)
{
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static uint32_t
bits_of(float f)
{
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/* float bits -> bf16 bits, each worked out by hand.  */
static const struct { uint32_t f; uint16_t h; const char *what; } table[] = {
  { 0x3f800000, 0x3f80, "1.0" },
  { 0x3f808000, 0x3f80, "tie below even: down" },
  { 0x3f818000, 0x3f82, "tie above odd: up" },
  { 0x3f808001, 0x3f81, "above a tie: up" },
  { 0x3f807fff, 0x3f80, "below a tie: down" },
  { 0xbf818000, 0xbf82, "negative tie above odd: away from 0" },
  { 0x3f7fffff, 0x3f80, "carry into the exponent" },
  { 0x7f800000, 0x7f80, "+inf" },
  { 0xff800000, 0xff80, "-inf" },
  { 0x7f7fffff, 0x7f80, "FLT_MAX overflows" },
  { 0x7f7f7fff, 0x7f7f, "largest float staying finite" },
  { 0x7f7f8000, 0x7f80, "tie above bf16 max: inf" },
  { 0xff7f8000, 0xff80, "negative tie above bf16 max: -inf" },
  { 0x7fc00000, 0x7fc0, "quiet NaN" },
  { 0x7f800001, 0x7fc0, "signalling NaN, low payload: quiet" },
  { 0x7fa00000, 0x7fe0, "signalling NaN: payload kept, quiet bit set" },
  { 0xffc12345, 0xffc1, "negative quiet NaN" },
  { 0x7fffffff, 0x7fff, "NaN with every bit: no carry into the sign" },
  { 0x00000000, 0x0000, "+0" },
  { 0x80000000, 0x8000, "-0" },
  { 0x00000001, 0x0000, "least float subnormal: +0" },
  { 0x80000001, 0x8000, "least negative subnormal: -0" },
  { 0x00008000, 0x0000, "subnormal tie below even: 0" },
  { 0x00018000, 0x0002, "subnormal tie above odd: up" },
  { 0x80008001, 0x8001, "above half the least bf16 subnormal" },
  { 0x007fffff, 0x0080, "largest subnormal rounds to FLT_MIN" },
  { 0x00800000, 0x0080, "FLT_MIN" },
  { 0x40490fdb, 0x4049, "pi" },
  { 0xc2f6e979, 0xc2f7, "-123.456" },
};

/* The value of bf16 H from the definition.  */
static double
bf16_value(uint16_t h)
{
  int sign = h >> 15, exp = h >> 7 & 0xff, frac = h & 0x7f;
  double m = exp == 0 ? ldexp(frac, -133)
                      : ldexp(128 + frac, exp - 127 - 7);
  if (exp == 0xff)
    m = frac ? NAN : INFINITY;
  return sign ? -m : m;
}

/* Finite X rounded to bf16 (ties to even) as a double; beyond the
   largest finite value (2 - 2^-7) * 2^127 by half a quantum: inf.  */
static double
round_bf16(double x)
{
  if (x == 0)
    return x;
  int e;
  frexp(fabs(x), &e);
  if (e < -125)
    e = -125;
  double quantum = ldexp(1.0, e - 8);
  double r = nearbyint(x / quantum) * quantum;
  return fabs(r) >= ldexp(2.0 - ldexp(1.0, -8), 127) ? copysign(INFINITY, x)
                                                     : r;
}

/* 1 if narrowing the float with bits B agrees with the reference.  */
static int
narrow_ok(uint32_t b)
{
  float f = from_bits(b);
  uint16_t h = pto_bf16_bits_from_float(f);
  if (isnan(f))
    return (h & 0x7fc0) == 0x7fc0 && (h & 0x8000) == (b >> 16 & 0x8000)
           && (h & 0x3f) == (b >> 16 & 0x3f);
  if (isinf(f))
    return h == b >> 16;
  double want = round_bf16(f), got = bf16_value(h);
  return got == want && !signbit(got) == !signbit(want);
}

int
main(void)
{
  int bad = 0;
  for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
    if (pto_bf16_bits_from_float(from_bits(table[i].f)) != table[i].h) {
      printf("  0x%08x (%s): got 0x%04x, want 0x%04x\n",
             (unsigned)table[i].f, table[i].what,
             pto_bf16_bits_from_float(from_bits(table[i].f)), table[i].h);
      bad++;
    }
  check(bad == 0, "float -> bf16: the hand-checked table");

  bad = 0;
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = pto_bf16_bits_to_float((uint16_t)h);
    double v = bf16_value((uint16_t)h);
    if (bits_of(f) != h << 16
        || (isnan(v) ? !isnan(f) : ((double)f != v || !signbit(f) != !signbit(v))))
      bad++;
  }
  check(bad == 0, "bf16 -> float: all 65536 patterns exact");

  bad = 0;
  static const uint32_t lows[] = { 0, 1, 0x7fff, 0x8000, 0x8001, 0xffff };
  for (uint32_t top = 0; top < 0x10000; top++)
    for (unsigned k = 0; k < sizeof lows / sizeof lows[0]; k++)
      bad += !narrow_ok(top << 16 | lows[k]);
  check(bad == 0, "float -> bf16: ties and their neighbours at every bf16");

  bad = 0;
  for (uint64_t b = 0; b < 0x100000000ull; b += 65521)
    bad += !narrow_ok((uint32_t)b);
  check(bad == 0, "float -> bf16: a stride through all floats");

  /* Round trip: narrowing the widened value gives the bf16 back (NaNs:
     quietened).  */
  bad = 0;
  for (uint32_t h = 0; h < 0x10000; h++) {
    uint16_t back = pto_bf16_bits_from_float(pto_bf16_bits_to_float((uint16_t)h));
    int nan = (h & 0x7fff) > 0x7f80;
    bad += back != (nan ? (h | 0x40) : h);
  }
  check(bad == 0, "bf16 -> float -> bf16 is the identity (NaNs quiet)");
  return failures ? 1 : 0;
}
