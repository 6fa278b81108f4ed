/* ops-cast.c - pto_cast between every pair of f32, fp16 and int32 (the
   nine pairs, one dtype to itself a copy) and pto_cast_round from f32
   and fp16 to int32 in the five modes (PTO_ROUND_RINT, _AWAY, _FLOOR,
   _CEIL, _TRUNC), on inputs with ties (+-0.5, +-1.5, +-2.5), values
   just off them, NaN, +-inf, +-0, values past the int32 range (both
   ends saturate), INT32_MIN / INT32_MAX (int32 -> float rounds them),
   fp16 overflow (70000 -> inf) and subnormals.  The output (every
   result element's bits) must be the same in reference mode, with
   sim=jit and with sim=cce on both archs (run.exp), and the independent
   checks below must hold.  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 4, 16) f_t;
typedef PTO_TILE(_Float16, 4, 16) h_t;
typedef PTO_TILE(int32_t, 4, 16) i_t;

/* oi: 5 modes from f32, 5 from fp16, cast f32->i32, f16->i32 (12 x 64);
   of: i32->f32, f16->f32, f32->f32; oh: f32->f16, i32->f16, f16->f16.  */
PTO_KERNEL void casts(const float *x, const int32_t *y, int32_t *oi,
                      float *of, _Float16 *oh)
{
  f_t a, fo;
  h_t h, ho;
  i_t b, io;
  pto_load(a, x, 16);
  pto_load(b, y, 16);
  pto_cast(h, a);
  pto_cast_round(io, a, PTO_ROUND_RINT); pto_store(oi + 0 * 64, 16, io);
  pto_cast_round(io, a, PTO_ROUND_AWAY); pto_store(oi + 1 * 64, 16, io);
  pto_cast_round(io, a, PTO_ROUND_FLOOR); pto_store(oi + 2 * 64, 16, io);
  pto_cast_round(io, a, PTO_ROUND_CEIL); pto_store(oi + 3 * 64, 16, io);
  pto_cast_round(io, a, PTO_ROUND_TRUNC); pto_store(oi + 4 * 64, 16, io);
  pto_cast_round(io, h, PTO_ROUND_RINT); pto_store(oi + 5 * 64, 16, io);
  pto_cast_round(io, h, PTO_ROUND_AWAY); pto_store(oi + 6 * 64, 16, io);
  pto_cast_round(io, h, PTO_ROUND_FLOOR); pto_store(oi + 7 * 64, 16, io);
  pto_cast_round(io, h, PTO_ROUND_CEIL); pto_store(oi + 8 * 64, 16, io);
  pto_cast_round(io, h, PTO_ROUND_TRUNC); pto_store(oi + 9 * 64, 16, io);
  pto_cast(io, a); pto_store(oi + 10 * 64, 16, io);
  pto_cast(io, h); pto_store(oi + 11 * 64, 16, io);
  pto_cast(fo, b); pto_store(of + 0 * 64, 16, fo);
  pto_cast(fo, h); pto_store(of + 1 * 64, 16, fo);
  pto_cast(fo, a); pto_store(of + 2 * 64, 16, fo);
  pto_store(oh + 0 * 64, 16, h);
  pto_cast(ho, b); pto_store(oh + 1 * 64, 16, ho);
  pto_cast(ho, h); pto_store(oh + 2 * 64, 16, ho);
}

static float xf[64], of[3 * 64];
static int32_t yi[64], oi[12 * 64];
static _Float16 oh[3 * 64];

static unsigned long hash(const void *p, size_t n)
{
  const unsigned char *b = p;
  unsigned long h = 5381;
  for (size_t i = 0; i < n; i++)
    h = h * 33 + b[i];
  return h;
}

int main(void)
{
  static const float special[] = {
    0.5f, -0.5f, 1.5f, -1.5f, 2.5f, -2.5f, 0.49999997f, -0.50000006f,
    NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 3e9f, -3e9f, 2147483520.0f,
    -2147483648.0f, 70000.0f, 1e-7f, -1e-7f, 65504.0f, 1.25f, -1.75f, 7.0f,
  };
  int ns = (int)(sizeof special / sizeof special[0]);
  for (int i = 0; i < 64; i++) {
    xf[i] = i < ns ? special[i] : (float)(i - 40) * 0.37f;
    yi[i] = (int32_t)(i * 2654435761u) >> (i % 8);
  }
  yi[0] = INT32_MIN;
  yi[1] = INT32_MAX;
  yi[2] = 16777217;      /* rounds to even in float */
  yi[3] = 65519;         /* rounds to 65504 in fp16 */
  yi[4] = 65520;         /* overflows fp16: inf */
  yi[5] = -70000;
  casts(xf, yi, oi, of, oh);
  printf("cast i32 %lx\n", hash(oi, sizeof oi));
  printf("cast f32 %lx\n", hash(of, sizeof of));
  printf("cast f16 %lx\n", hash(oh, sizeof oh));
  /* Independent checks of the f32 modes on the ties and the ends.  */
  static const int32_t want[5][8] = {
    { 0, 0, 2, -2, 2, -2, 0, -1 },      /* rint */
    { 1, -1, 2, -2, 3, -3, 0, -1 },     /* away */
    { 0, -1, 1, -2, 2, -3, 0, -1 },     /* floor */
    { 1, 0, 2, -1, 3, -2, 1, 0 },       /* ceil */
    { 0, 0, 1, -1, 2, -2, 0, 0 },       /* trunc */
  };
  int ok = 1;
  for (int m = 0; m < 5; m++) {
    for (int i = 0; i < 8; i++)
      ok &= oi[m * 64 + i] == want[m][i];
    ok &= oi[m * 64 + 8] == 0;                  /* NaN */
    ok &= oi[m * 64 + 9] == INT32_MAX && oi[m * 64 + 10] == INT32_MIN;
    ok &= oi[m * 64 + 13] == INT32_MAX && oi[m * 64 + 14] == INT32_MIN;
    ok &= oi[m * 64 + 15] == 2147483520 && oi[m * 64 + 16] == INT32_MIN;
    ok &= oi[m * 64 + 18] == (m == 3) && oi[m * 64 + 19] == -(m == 2);
    /* fp16: 70000 is inf there, so it saturates.  */
    ok &= oi[(m + 5) * 64 + 17] == INT32_MAX;
  }
  for (int i = 0; i < 64; i++)
    ok &= oi[10 * 64 + i] == oi[i] && oi[11 * 64 + i] == oi[5 * 64 + i];
  ok &= of[0] == -2147483648.0f && of[1] == 2147483648.0f
        && of[2] == 16777216.0f;
  ok &= memcmp(&of[2 * 64], xf, sizeof xf) == 0;
  ok &= (float)oh[64 + 3] == 65504.0f && isinf((float)oh[64 + 4]);
  printf("%s: casts and rounded casts\n", ok ? "PASS" : "FAIL");
  return !ok;
}
