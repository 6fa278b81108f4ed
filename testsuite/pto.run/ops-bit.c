/* ops-bit.c - int32 bitwise operations (pto_and, pto_or, pto_xor,
   pto_not), shifts by a tile of counts (pto_shl, pto_shr) and by one
   scalar count (pto_shls, pto_shrs), and pto_transpose in f32, fp16 and
   int32.  Inputs hold INT32_MIN, INT32_MAX, -1, 0 and counts 0 and 31;
   shapes with 32 B rows (8 x 16) and with 12 B rows (5 x 3); results
   into another tile and in place (d = a, d = b, a square transpose onto
   itself).  The output (every result element's bits) must be the same
   in reference mode, with sim=jit and with sim=cce on both archs
   (run.exp), and the independent checks below must hold.  */
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(int32_t, 8, 16) i_t;
typedef PTO_TILE(int32_t, 5, 3) is_t;
typedef PTO_TILE(int32_t, 3, 5) ist_t;
typedef PTO_TILE(float, 8, 16) f_t;
typedef PTO_TILE(float, 16, 8) ft_t;
typedef PTO_TILE(float, 8, 8) fsq_t;
typedef PTO_TILE(_Float16, 16, 16) h_t;
typedef PTO_TILE(_Float16, 16, 32) hr_t;
typedef PTO_TILE(_Float16, 32, 16) hrt_t;

/* o: 10 result tiles of 128.  */
PTO_KERNEL void bit_i32(const int32_t *x, const int32_t *y,
                        const int32_t *c, int32_t s, int32_t *o)
{
  i_t a, b, n, d;
  pto_load(a, x, 16);
  pto_load(b, y, 16);
  pto_load(n, c, 16);
  pto_and(d, a, b); pto_store(o + 0 * 128, 16, d);
  pto_or(d, a, b); pto_store(o + 1 * 128, 16, d);
  pto_xor(d, a, b); pto_store(o + 2 * 128, 16, d);
  pto_not(d, a); pto_store(o + 3 * 128, 16, d);
  pto_shl(d, a, n); pto_store(o + 4 * 128, 16, d);
  pto_shr(d, a, n); pto_store(o + 5 * 128, 16, d);
  pto_shls(d, a, s); pto_store(o + 6 * 128, 16, d);
  pto_shrs(d, a, 31); pto_store(o + 7 * 128, 16, d);
  /* In place: over the first and over the second operand.  */
  pto_xor(a, a, b); pto_store(o + 8 * 128, 16, a);
  pto_shr(n, b, n); pto_store(o + 9 * 128, 16, n);
}

/* Rows of 12 B; the count a scalar of the kernel (0 here).  */
PTO_KERNEL void bit_small(const int32_t *x, int32_t s, int32_t *o,
                          int32_t *ot)
{
  is_t a, d;
  ist_t t;
  pto_load(a, x, 3);
  pto_shrs(d, a, s + 3);
  pto_or(d, d, a);
  pto_not(d, d);
  pto_shls(d, d, s);
  pto_store(o, 3, d);
  pto_transpose(t, a);
  pto_store(ot, 5, t);
}

PTO_KERNEL void trans_f(const float *x, float *o, float *osq)
{
  f_t a;
  ft_t t;
  fsq_t q;
  pto_load(a, x, 16);
  pto_transpose(t, a);
  pto_store(o, 8, t);
  pto_load(q, x, 16);
  pto_transpose(q, q);
  pto_store(osq, 8, q);
}

PTO_KERNEL void trans_h(const _Float16 *x, _Float16 *o, _Float16 *osq)
{
  hr_t a;
  hrt_t t;
  h_t q;
  pto_load(a, x, 32);
  pto_transpose(t, a);
  pto_store(o, 16, t);
  pto_load(q, x, 32);
  pto_transpose(q, q);
  pto_store(osq, 16, q);
}

static int32_t xi[128], yi[128], ci[128], oi[10 * 128];
static int32_t xs[15], os[15], ots[15];
static float xf[128], of[128], oq[64];
static _Float16 xh[512], oh[512], ohq[256];

static unsigned long hash(const void *p, size_t n)
{
  const unsigned char *b = p;
  unsigned long h = 5381;
  for (size_t i = 0; i < n; i++)
    h = h * 33 + b[i];
  return h;
}

static int32_t shr_ref(int32_t x, int k)
{
  /* Arithmetic: floor(x / 2^k).  */
  int64_t v = x, p = (int64_t)1 << k;
  return (int32_t)(v >= 0 ? v / p : -((-v + p - 1) / p));
}

int main(void)
{
  for (int i = 0; i < 128; i++) {
    xi[i] = (int32_t)(i * 2654435761u);
    yi[i] = (int32_t)(i * 40503u * 977u);
    ci[i] = (i * 7) % 32;
    xf[i] = (float)i - 0.5f * (float)(i % 5);
  }
  xi[1] = INT32_MIN; yi[1] = -1;  ci[1] = 31;
  xi[2] = INT32_MAX; yi[2] = INT32_MIN; ci[2] = 31;
  xi[3] = -1; yi[3] = 0; ci[3] = 0;
  xi[4] = INT32_MIN; ci[4] = 1;
  for (int i = 0; i < 15; i++)
    xs[i] = (int32_t)(i * 123456789u) ^ (i % 2 ? INT32_MIN : 0);
  for (int i = 0; i < 512; i++)
    xh[i] = (_Float16)((float)(i % 97) * 0.125f - 3.0f);
  bit_i32(xi, yi, ci, 5, oi);
  bit_small(xs, 0, os, ots);
  trans_f(xf, of, oq);
  trans_h(xh, oh, ohq);
  printf("bit i32 %lx\n", hash(oi, sizeof oi));
  printf("bit small %lx %lx\n", hash(os, sizeof os), hash(ots, sizeof ots));
  printf("trans f32 %lx %lx\n", hash(of, sizeof of), hash(oq, sizeof oq));
  printf("trans f16 %lx %lx\n", hash(oh, sizeof oh), hash(ohq, sizeof ohq));
  int ok = 1;
  for (int i = 0; i < 128; i++) {
    uint32_t ux = (uint32_t)xi[i], uy = (uint32_t)yi[i];
    ok &= oi[i] == (int32_t)(ux & uy);
    ok &= oi[128 + i] == (int32_t)(ux | uy);
    ok &= oi[256 + i] == (int32_t)(ux ^ uy) && oi[1024 + i] == oi[256 + i];
    ok &= oi[384 + i] == (int32_t)~ux;
    ok &= oi[512 + i] == (int32_t)(ux << ci[i]);
    ok &= oi[640 + i] == shr_ref(xi[i], ci[i]);
    ok &= oi[768 + i] == (int32_t)(ux << 5);
    ok &= oi[896 + i] == (xi[i] < 0 ? -1 : 0);
    ok &= oi[1152 + i] == shr_ref(yi[i], ci[i]);
  }
  ok &= oi[640 + 1] == -1 && oi[640 + 4] == INT32_MIN / 2
        && oi[512 + 4] == 0 && oi[512 + 3] == -1;
  for (int i = 0; i < 15; i++) {
    uint32_t v = (uint32_t)xs[i];
    ok &= os[i] == (int32_t)~((uint32_t)shr_ref(xs[i], 3) | v);
  }
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 3; j++)
      ok &= ots[j * 5 + i] == xs[i * 3 + j];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 16; j++) {
      ok &= memcmp(&of[j * 8 + i], &xf[i * 16 + j], 4) == 0;
      if (j < 8)
        ok &= memcmp(&oq[j * 8 + i], &xf[i * 16 + j], 4) == 0;
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 32; j++) {
      ok &= memcmp(&oh[j * 16 + i], &xh[i * 32 + j], 2) == 0;
      if (j < 16)
        ok &= memcmp(&ohq[j * 16 + i], &xh[i * 32 + j], 2) == 0;
    }
  printf("%s: bitwise operations, shifts and transpose\n", ok ? "PASS" : "FAIL");
  return !ok;
}
