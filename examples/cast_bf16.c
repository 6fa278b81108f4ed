/* cast_bf16.c - fp32 <-> bf16 conversion (pto_cast) on bf16 tiles.

   Kernel to_bf16 converts 16x16 fp32 tiles to bf16 and stores them,
   from_bf16 loads bf16 tiles and widens them to fp32, round_trip does
   both in one kernel (the bf16 tile never leaves the AI core).  The
   checks compare with a table of bit patterns worked out by hand from
   the bf16 format (1 sign, 8 exponent, 7 fraction bits: the top half of
   a float) and with a rounding written here from the definition in
   double arithmetic, not with pto.h's conversions: ties to even,
   overflow to infinity, infinities kept, NaNs quiet, subnormals
   rounded like normal numbers (the device does not flush them).
   bf16 needs dav-c220 (Atlas A2/A3); on dav-m200 the plugin reports it.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/cast_bf16.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { N = 16, TILE = N * N, NTILES = 4, TOTAL = TILE * NTILES };

typedef PTO_TILE(float, N, N) f32_t;
typedef PTO_TILE(pto_bf16, N, N) bf16_t;

PTO_KERNEL void to_bf16(const float *in, pto_bf16 *out, int ntiles)
{
  f32_t f;
  bf16_t h;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(f, in + i * TILE, N);
    pto_cast(h, f);
    pto_store(out + i * TILE, N, h);
  }
}

PTO_KERNEL void from_bf16(const pto_bf16 *in, float *out, int ntiles)
{
  bf16_t h;
  f32_t f;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(h, in + i * TILE, N);
    pto_cast(f, h);
    pto_store(out + i * TILE, N, f);
  }
}

PTO_KERNEL void round_trip(const float *in, float *out, int ntiles)
{
  f32_t f;
  bf16_t h;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(f, in + i * TILE, N);
    pto_cast(h, f);
    pto_cast(f, h);
    pto_store(out + i * TILE, N, f);
  }
}

/* float bits -> bf16 bits, each worked out by hand.  */
static const struct { uint32_t f; uint16_t h; } table[] = {
  { 0x3f800000, 0x3f80 },  /* 1.0 */
  { 0x3f808000, 0x3f80 },  /* 1 + 2^-8: a tie, the even neighbour 1.0 */
  { 0x3f818000, 0x3f82 },  /* a tie above an odd 0x3f81: up */
  { 0x3f808001, 0x3f81 },  /* just above the tie: up */
  { 0x3f807fff, 0x3f80 },  /* just below it: down */
  { 0xbf818000, 0xbf82 },  /* negative tie above an odd value: away */
  { 0x3f7fffff, 0x3f80 },  /* below 1.0: the carry bumps the exponent */
  { 0x7f800000, 0x7f80 },  /* +inf */
  { 0xff800000, 0xff80 },  /* -inf */
  { 0x7f7fffff, 0x7f80 },  /* FLT_MAX overflows to +inf */
  { 0xff7fffff, 0xff80 },  /* -FLT_MAX to -inf */
  { 0x7f7f7fff, 0x7f7f },  /* the largest float that stays finite */
  { 0x7f7f8000, 0x7f80 },  /* the tie above bf16's max (odd): inf */
  { 0x7fc00000, 0x7fc0 },  /* the default quiet NaN */
  { 0x7f800001, 0x7fc0 },  /* signalling, payload in low bits: quiet */
  { 0x7fa00000, 0x7fe0 },  /* signalling, payload kept, quiet bit set */
  { 0xffc12345, 0xffc1 },  /* negative quiet NaN: top payload kept */
  { 0x00000000, 0x0000 },  /* +0 */
  { 0x80000000, 0x8000 },  /* -0 */
  { 0x00000001, 0x0000 },  /* the least float subnormal: to +0 */
  { 0x00008000, 0x0000 },  /* half of bf16's least subnormal: tie, even */
  { 0x00018000, 0x0002 },  /* a subnormal tie above an odd value: up */
  { 0x80008001, 0x8001 },  /* negative, above the tie: bf16 subnormal */
  { 0x007fffff, 0x0080 },  /* the largest subnormal rounds to FLT_MIN */
  { 0x00800000, 0x0080 },  /* FLT_MIN */
  { 0x40490fdb, 0x4049 },  /* pi: 0x0fdb is below the tie */
  { 0xc2f6e979, 0xc2f7 },  /* -123.456: 0xe979 above the tie */
};
enum { NTABLE = sizeof table / sizeof table[0] };

static float in[TOTAL], back[TOTAL], trip[TOTAL];
static pto_bf16 bf[TOTAL], bf_in[TOTAL];

static float from_bits(uint32_t b)
{
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static uint32_t bits_of(float f)
{
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/* The bf16 value nearest to finite X (ties to even), as a double, from
   the definition: 8 significant bits, quantum 2^(e-8) for 2^(e-1) <=
   |x| < 2^e, no smaller than the subnormal quantum 2^-133; beyond the
   largest finite bf16 (0x7f7f = (2 - 2^-7) * 2^127) by half a quantum or
   more: infinity.  */
static double round_bf16(double x)
{
  if (x == 0)
    return x;
  int e;
  frexp(fabs(x), &e);
  if (e < -125)
    e = -125;
  double quantum = ldexp(1.0, e - 8);
  double r = nearbyint(x / quantum) * quantum;
  double limit = ldexp(2.0 - ldexp(1.0, -8), 127);
  return fabs(r) >= limit ? copysign(INFINITY, x) : r;
}

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  /* Tile 0: the table, then repeated.  Tiles 1..3: a sweep over
     magnitudes from 2^-140 (subnormal) to 2^127, both signs, with
     fraction bits that land on, near and between ties.  */
  for (int i = 0; i < TILE; i++)
    in[i] = from_bits(table[i % NTABLE].f);
  for (int i = TILE; i < TOTAL; i++) {
    int k = i - TILE;
    uint32_t exp = (uint32_t)(k * 7 % 255);
    uint32_t frac = (uint32_t)k * 2654435761u >> 9;
    if (k % 5 == 0)
      frac = (frac & ~0xffffu) | 0x8000u;   /* an exact tie */
    in[i] = from_bits((k % 2 ? 0x80000000u : 0) | exp << 23 | frac);
  }
  for (int i = 0; i < TOTAL; i++)
    bf_in[i].bits = (uint16_t)(i * 40503u);   /* every kind of bf16 */

  pto_launch(to_bf16, 3, in, bf, NTILES);
  pto_launch(from_bf16, 3, bf_in, back, NTILES);
  pto_launch(round_trip, 2, in, trip, NTILES);

  int bad_table = 0, bad_sweep = 0, bad_widen = 0, bad_trip = 0;
  for (int i = 0; i < TILE; i++)
    if (bf[i].bits != table[i % NTABLE].h) {
      if (bad_table++ < 4)
        printf("  0x%08x -> 0x%04x, want 0x%04x\n",
               (unsigned)table[i % NTABLE].f, bf[i].bits,
               table[i % NTABLE].h);
    }
  for (int i = TILE; i < TOTAL; i++) {
    double want = round_bf16(in[i]);
    uint32_t got = (uint32_t)bf[i].bits << 16;
    if (bits_of((float)want) != got && !(want == 0 && from_bits(got) == 0
                                         && !signbit(want) == !signbit(from_bits(got))))
      bad_sweep++;
  }
  /* Widening is exact: the float's top half is the bf16, the rest 0.  */
  for (int i = 0; i < TOTAL; i++)
    bad_widen += bits_of(back[i]) != (uint32_t)bf_in[i].bits << 16;
  for (int i = 0; i < TOTAL; i++)
    bad_trip += bits_of(trip[i]) != (uint32_t)bf[i].bits << 16;

  int ok = check(bad_table == 0, "fp32 -> bf16 matches the bit-pattern table");
  ok &= check(bad_sweep == 0, "fp32 -> bf16 rounds to nearest even over the sweep");
  ok &= check(bad_widen == 0, "bf16 -> fp32 is exact for 1024 bit patterns");
  ok &= check(bad_trip == 0, "fp32 -> bf16 -> fp32 in one kernel");
  return ok ? 0 : 1;
}
