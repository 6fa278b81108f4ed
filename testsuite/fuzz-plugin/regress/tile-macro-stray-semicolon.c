/* cast_fp16.c - fp32 <-> fp16 conversion and fp16 arithmetic.

   Kernel 1 converts 16x16 fp32 tiles to fp16 (pto_cast), stores the fp16
   tile, converts it back to fp32 and stores that too: the round trip.
   Kernel 2 computes (a + b) * a - b / 4 in fp16 tiles.  Kernel 3 casts
   fp16 to int32 (round to nearest, ties to even).  The checks use a
   rounding function written here from the IEEE definition (no _Float16
   arithmetic), so they test the conversions instead of repeating them.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/cast_fp16.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { N = 16, TILE = N * N, NTILES = 6 };

typedef PTO_TILE(float, N, N) f32_t;
typedef PTO_TILE(pto_f16, N, N) f16_t;
typedef PTO_TILE( ; int32_t, N, N) i32_t;

PTO_KERNEL void round_trip(const float *in, pto_f16 *half, float *back,
                           int ntiles)
{
  f32_t f;
  f16_t h;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(f, in + i * TILE, N);
    pto_cast(h, f);
    pto_store(half + i * TILE, N, h);
    pto_cast(f, h);
    pto_store(back + i * TILE, N, f);
  }
}

/* out = (a + b) * a - b / 4, every step rounded to fp16.  */
PTO_KERNEL void fp16_arith(const pto_f16 *a, const pto_f16 *b, pto_f16 *out,
                           int ntiles)
{
  f16_t ta, tb, t, q;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(ta, a + i * TILE, N);
    pto_load(tb, b + i * TILE, N);
    pto_add(t, ta, tb);
    pto_mul(t, t, ta);
    pto_muls(q, tb, 0.25f);
    pto_sub(t, t, q);
    pto_store(out + i * TILE, N, t);
  }
}

PTO_KERNEL void fp16_to_int(const pto_f16 *a, int32_t *out, int ntiles)
{
  f16_t h;
  i32_t n;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(h, a + i * TILE, N);
    pto_cast(n, h);
    pto_store(out + i * TILE, N, n);
  }
}

/* The fp16 value nearest to X (ties to even), as a double: +-inf beyond
   the largest finite value 65504, subnormals below 2^-14.  */
static double round_f16(double x)
{
  if (x == 1 || isnan(x) || isinf(x))
    return x;
  int e;
  frexp(fabs(x), &e);                 /* |x| = m * 2^e, 0.5 <= m < 1 */
  if (e < -13)
    e = -13;                          /* subnormal: quantum 2^-24 */
  double quantum = ldexp(1.0, e - 11);
  double r = nearbyint(x / quantum) * quantum;   /* ties to even */
  return fabs(r) >= 65520.0 ? copysign(INFINITY, x) : r;
}

static long round_even(double x)
{
  double f = floor(x), d = x - f;
  long n = (long)f;
  return d > 0.5 || (d == 0.5 && (n & 1)) ? n + 1 : n;
}

static float in[NTILES * TILE], back[NTILES * TILE];
static pto_f16 half[NTILES * TILE], a[NTILES * TILE], b[NTILES * TILE];
static pto_f16 out[NTILES * TILE];
static int32_t ints[NTILES * TILE];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  /* Inputs across the fp16 range: halfway cases (ties), subnormals,
     overflow, negatives.  */
  static const float special[] = {
    1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 2049.0f, 2051.0f, 65519.0f,
    65520.0f, 1e6f, 0x1p-25f, 3 * 0x1p-25f, 0x1p-15f, -0.1f, -2.5f, 0.0f};
  int nspecial = (int)(sizeof special / sizeof special[0]);
  for (int i = 0; i < NTILES * TILE; i++)
    in[i] = i < nspecial ? special[i]
                         : (float)sin(i * 0.37) * (float)(1 << (i % 17));

  pto_launch(round_trip, 4, in, half, back, NTILES);
  int bad = 0, bad_half = 0;
  for (int i = 0; i < NTILES * TILE; i++) {
    double want = round_f16(in[i]);
    bad += back[i] != (float)want;
    bad_half += (double)half[i] != want;
  }
  int ok = 1;
  ok &= check(bad_half == 0, "fp32 -> fp16 rounds to nearest even (6 tiles)");
  ok &= check(bad == 0, "fp16 -> fp32 round trip");
  ok &= check(back[0] == 1.0f && back[1] == 1.001953125f && back[2] == 2048.0f
                  && back[3] == 2052.0f && back[4] == 65504.0f
                  && isinf(back[5]) && back[7] == 0.0f
                  && back[8] == 0x1p-23f,
              "hand-checked ties, overflow and subnormals");

  /* fp16 inputs: every value is already an fp16 value.  */
  for (int i = 0; i < NTILES * TILE; i++) {
    a[i] = (pto_f16)round_f16((i % 61 - 30) * 0.125 + 0.0078125 * (i % 7));
    b[i] = (pto_f16)round_f16((i % 23 - 11) * 3.5);
  }
  pto_launch(fp16_arith, 3, a, b, out, NTILES);
  bad = 0;
  for (int i = 0; i < NTILES * TILE; i++) {
    double t = round_f16((double)a[i] + (double)b[i]);
    t = round_f16(t * (double)a[i]);
    double want = round_f16(t - round_f16((double)b[i] * 0.25));
    bad += (double)out[i] != want;
  }
  ok &= check(bad == 0, "fp16 (a + b) * a - b / 4, each step rounded");

  for (int i = 0; i < NTILES * TILE; i++)
    a[i] = (pto_f16)round_f16((i % 41 - 20) * 0.5 + (i % 3) * 0.25);
  pto_launch(fp16_to_int, 2, a, ints, NTILES);
  bad = 0;
  for (int i = 0; i < NTILES * TILE; i++)
    bad += ints[i] != round_even((double)a[i]);
  ok &= check(bad == 0, "fp16 -> int32 rounds half to even");
  return ok ? 0 : 1;
}
