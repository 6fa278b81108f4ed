/* ops-cmp.c - comparisons to an int32 mask (pto_cmp_lt/le/gt/ge/eq/ne),
   their scalar forms (pto_cmps_*) and pto_select, in f32, fp16 and
   int32, on a shape whose rows are 32 B multiples (8 x 16) and one whose
   rows are not (5 x 3), with NaN, infinities, signed zeros and equal
   elements among the inputs, into another tile and in place (the int32
   mask over its own operand, a select over its first source).  The
   output (every result element's bits) must be the same in reference
   mode, with sim=jit and with sim=cce on both archs (run.exp).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 8, 16) f_t;
typedef PTO_TILE(_Float16, 8, 16) h_t;
typedef PTO_TILE(int32_t, 8, 16) i_t;
typedef PTO_TILE(float, 5, 3) s_t;
typedef PTO_TILE(int32_t, 5, 3) sm_t;

/* m: 12 masks of 128 (cmp then cmps, lt le gt ge eq ne); o: 2 selects.  */
#define CMP_ALL(m, a, b, s, mo)                                             \
  {                                                                         \
    pto_cmp_lt(m, a, b); pto_store(mo + 0 * 128, 16, m);                    \
    pto_cmp_le(m, a, b); pto_store(mo + 1 * 128, 16, m);                    \
    pto_cmp_gt(m, a, b); pto_store(mo + 2 * 128, 16, m);                    \
    pto_cmp_ge(m, a, b); pto_store(mo + 3 * 128, 16, m);                    \
    pto_cmp_eq(m, a, b); pto_store(mo + 4 * 128, 16, m);                    \
    pto_cmp_ne(m, a, b); pto_store(mo + 5 * 128, 16, m);                    \
    pto_cmps_lt(m, a, s); pto_store(mo + 6 * 128, 16, m);                   \
    pto_cmps_le(m, a, s); pto_store(mo + 7 * 128, 16, m);                   \
    pto_cmps_gt(m, a, s); pto_store(mo + 8 * 128, 16, m);                   \
    pto_cmps_ge(m, a, s); pto_store(mo + 9 * 128, 16, m);                   \
    pto_cmps_eq(m, a, s); pto_store(mo + 10 * 128, 16, m);                  \
    pto_cmps_ne(m, a, s); pto_store(mo + 11 * 128, 16, m);                  \
  }

PTO_KERNEL void cmp_f32(const float *x, const float *y, float s,
                        int32_t *mo, float *o)
{
  f_t a, b, d;
  i_t m;
  pto_load(a, x, 16);
  pto_load(b, y, 16);
  CMP_ALL(m, a, b, s, mo);
  pto_cmp_lt(m, a, b);
  pto_select(d, m, a, b);          /* min with NaN going to b */
  pto_store(o, 16, d);
  pto_cmps_ge(m, a, 0.5f);
  pto_select(a, m, a, b);          /* in place over a */
  pto_store(o + 128, 16, a);
}

PTO_KERNEL void cmp_f16(const _Float16 *x, const _Float16 *y, _Float16 s,
                        int32_t *mo, _Float16 *o)
{
  h_t a, b, d;
  i_t m;
  pto_load(a, x, 16);
  pto_load(b, y, 16);
  CMP_ALL(m, a, b, s, mo);
  pto_cmp_gt(m, a, b);
  pto_select(d, m, a, b);
  pto_store(o, 16, d);
  /* 0.1 rounds to fp16 before the comparison.  */
  pto_cmps_le(m, a, 0.1);
  pto_select(a, m, b, a);
  pto_store(o + 128, 16, a);
}

PTO_KERNEL void cmp_i32(const int32_t *x, const int32_t *y, int32_t s,
                        int32_t *mo, int32_t *o)
{
  i_t a, b, d, m;
  pto_load(a, x, 16);
  pto_load(b, y, 16);
  CMP_ALL(m, a, b, s, mo);
  pto_cmp_ne(m, a, b);
  pto_select(d, m, a, b);
  pto_store(o, 16, d);
  /* The mask written over its own operand, then selected by itself.  */
  pto_cmps_gt(a, a, s);
  pto_select(d, a, a, b);
  pto_store(o + 128, 16, d);
}

/* Rows of 12 B.  */
PTO_KERNEL void cmp_small(const float *x, const float *y, int32_t *mo,
                          float *o)
{
  s_t a, b;
  sm_t m;
  pto_load(a, x, 3);
  pto_load(b, y, 3);
  pto_cmp_le(m, a, b);
  pto_store(mo, 3, m);
  pto_cmps_eq(m, a, a.v[1][1]);
  pto_store(mo + 15, 3, m);
  pto_select(b, m, b, a);
  pto_store(o, 3, b);
}

static float xf[128], yf[128], of[256], xs[15], ys[15], os[15];
static _Float16 xh[128], yh[128], oh[256];
static int32_t xi[128], yi[128], oi[256];
static int32_t mf[12 * 128], mh[12 * 128], mi[12 * 128], ms[30];

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
  for (int i = 0; i < 128; i++) {
    xf[i] = (float)((i * 37) % 29 - 14) / 7.0f;
    yf[i] = (float)((i * 11) % 23 - 11) / 7.0f;
    if (i % 9 == 0)
      yf[i] = xf[i];
    xi[i] = (int32_t)((i * 2654435761u) % 1000) - 500;
    yi[i] = (int32_t)((i * 40503u) % 1000) - 500;
    if (i % 7 == 0)
      yi[i] = xi[i];
  }
  xf[3] = NAN;
  yf[4] = NAN;
  xf[5] = yf[5] = NAN;
  xf[6] = INFINITY;
  yf[7] = -INFINITY;
  xf[8] = 0.0f;
  yf[8] = -0.0f;
  xf[10] = 0.5f;
  xi[11] = INT32_MIN;
  yi[12] = INT32_MAX;
  for (int i = 0; i < 128; i++) {
    xh[i] = (_Float16)xf[i];
    yh[i] = (_Float16)yf[i];
  }
  /* Different floats, equal fp16 values.  */
  xh[20] = (_Float16)1.0009765625f;
  yh[20] = (_Float16)1.0009f;
  for (int i = 0; i < 15; i++) {
    xs[i] = 0.25f * (float)(i % 4);
    ys[i] = 0.25f * (float)(i % 3);
  }
  cmp_f32(xf, yf, 0.5f, mf, of);
  cmp_f16(xh, yh, (_Float16)-1.0f, mh, oh);
  cmp_i32(xi, yi, -3, mi, oi);
  cmp_small(xs, ys, ms, os);
  printf("cmp f32 %lx %lx\n", hash(mf, sizeof mf), hash(of, sizeof of));
  printf("cmp f16 %lx %lx\n", hash(mh, sizeof mh), hash(oh, sizeof oh));
  printf("cmp i32 %lx %lx\n", hash(mi, sizeof mi), hash(oi, sizeof oi));
  printf("cmp small %lx %lx\n", hash(ms, sizeof ms), hash(os, sizeof os));
  /* Independent checks: a NaN is unordered (ne only), 0 == -0, the
     masks hold 1 and 0 only.  */
  int ok = 1;
  for (int k = 0; k < 12; k++) {
    ok &= mf[k * 128 + 3] == (k == 5 || k == 11);
    ok &= mf[k * 128 + 5] == (k == 5 || k == 11);
    if (k < 6)
      ok &= mf[k * 128 + 8] == (k == 1 || k == 3 || k == 4);
  }
  for (int i = 0; i < 12 * 128; i++)
    ok &= (unsigned)mf[i] <= 1 && (unsigned)mh[i] <= 1
          && (unsigned)mi[i] <= 1;
  for (int i = 0; i < 128; i++) {
    ok &= mi[i] == (xi[i] < yi[i]) && mi[4 * 128 + i] == (xi[i] == yi[i]);
    ok &= mh[2 * 128 + i] == ((float)xh[i] > (float)yh[i]);
    float want = xf[i] < yf[i] ? xf[i] : yf[i];
    ok &= memcmp(&of[i], &want, 4) == 0;
  }
  ok &= mh[4 * 128 + 20] == 1 && oi[128 + 11] == yi[11];
  printf("%s: comparisons and select\n", ok ? "PASS" : "FAIL");
  return !ok;
}
