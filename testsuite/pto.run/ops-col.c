/* ops-col.c - column reductions (pto_col_sum, pto_col_max) and column
   broadcasts (pto_col_expand_add/sub/mul/div/max/min) in f32, fp16 and
   int32, on a shape whose rows are 32 B multiples (8 x 16) and one whose
   rows are not (5 x 3), in place and into another tile; then shapes
   for the vector forms' masks and repeat limits: 64 x 72 f32 (a whole
   256 B group and an 8-lane tail per row), 300 x 16 f32 (more rows
   than one instruction's 255 repeats), 1 x 37 f32 (one masked row),
   64 x 37 f32 (unaligned rows: the scalar unit), 64 x 80 fp16 (an
   80-lane tail; its sum in f32 with a 64 + 16 lane split) and 300 x 8
   fp16 (16 B rows: the sum's f32 copy has 32 B rows, the broadcasts
   stay scalar); inputs not exactly summable, so another order of the
   additions would show.  The output
   (every result element's bits) must be the same in reference mode, with
   sim=jit and with sim=cce on both archs (run.exp).  */
#include <pto.h>
#include <stdio.h>
#include <string.h>

typedef PTO_TILE(float, 8, 16) f_t;
typedef PTO_TILE(float, 1, 16) frow_t;
typedef PTO_TILE(_Float16, 8, 16) h_t;
typedef PTO_TILE(_Float16, 1, 16) hrow_t;
typedef PTO_TILE(int32_t, 8, 16) i_t;
typedef PTO_TILE(int32_t, 1, 16) irow_t;
typedef PTO_TILE(float, 5, 3) s_t;
typedef PTO_TILE(float, 1, 3) srow_t;
typedef PTO_TILE(float, 64, 72) m_t;
typedef PTO_TILE(float, 1, 72) mrow_t;
typedef PTO_TILE(float, 300, 16) t_t;
typedef PTO_TILE(float, 1, 37) urow_t;
typedef PTO_TILE(float, 64, 37) u_t;
typedef PTO_TILE(_Float16, 64, 80) hm_t;
typedef PTO_TILE(_Float16, 1, 80) hmrow_t;
typedef PTO_TILE(_Float16, 300, 8) ht_t;
typedef PTO_TILE(_Float16, 1, 8) htrow_t;

/* o: 9 tiles of 8 x 16 (or the reductions' rows) per dtype.  */
PTO_KERNEL void col_f32(const float *x, const float *y, float *o)
{
  f_t a, d;
  frow_t r, s;
  pto_load(a, x, 16);
  pto_load(r, y, 16);
  pto_col_sum(s, a);
  pto_store(o, 16, s);
  pto_col_max(s, a);
  pto_store(o + 16, 16, s);
  pto_col_expand_add(d, a, r);
  pto_store(o + 32, 16, d);
  pto_col_expand_sub(d, a, r);
  pto_store(o + 160, 16, d);
  pto_col_expand_mul(d, a, r);
  pto_store(o + 288, 16, d);
  pto_col_expand_div(d, a, r);
  pto_store(o + 416, 16, d);
  pto_col_expand_max(d, a, r);
  pto_store(o + 544, 16, d);
  pto_col_expand_min(a, a, r);
  pto_store(o + 672, 16, a);
}

PTO_KERNEL void col_f16(const _Float16 *x, const _Float16 *y, _Float16 *o)
{
  h_t a, d;
  hrow_t r, s;
  pto_load(a, x, 16);
  pto_load(r, y, 16);
  pto_col_sum(s, a);
  pto_store(o, 16, s);
  pto_col_max(s, a);
  pto_store(o + 16, 16, s);
  pto_col_expand_add(d, a, r);
  pto_store(o + 32, 16, d);
  pto_col_expand_sub(d, a, r);
  pto_store(o + 160, 16, d);
  pto_col_expand_mul(d, a, r);
  pto_store(o + 288, 16, d);
  pto_col_expand_div(d, a, r);
  pto_store(o + 416, 16, d);
  pto_col_expand_max(d, a, r);
  pto_store(o + 544, 16, d);
  pto_col_expand_min(a, a, r);
  pto_store(o + 672, 16, a);
}

PTO_KERNEL void col_i32(const int32_t *x, const int32_t *y, int32_t *o)
{
  i_t a, d;
  irow_t r, s;
  pto_load(a, x, 16);
  pto_load(r, y, 16);
  pto_col_sum(s, a);
  pto_store(o, 16, s);
  pto_col_max(s, a);
  pto_store(o + 16, 16, s);
  pto_col_expand_add(d, a, r);
  pto_store(o + 32, 16, d);
  pto_col_expand_sub(d, a, r);
  pto_store(o + 160, 16, d);
  pto_col_expand_mul(d, a, r);
  pto_store(o + 288, 16, d);
  pto_col_expand_max(d, a, r);
  pto_store(o + 416, 16, d);
  pto_col_expand_min(a, a, r);
  pto_store(o + 544, 16, a);
}

/* Rows of 12 B; r updated in place from a one-row tile.  */
PTO_KERNEL void col_small(const float *x, const float *y, float *o)
{
  s_t a;
  srow_t r, s;
  pto_load(a, x, 3);
  pto_load(r, y, 3);
  pto_col_sum(s, a);
  pto_store(o, 3, s);
  pto_col_expand_mul(a, a, r);
  pto_store(o + 3, 3, a);
  pto_col_expand_sub(r, s, r);
  pto_store(o + 18, 3, r);
}

/* om: sum, max (72 each), a + r, a / r in place (64 x 72 each).  */
PTO_KERNEL void col_mask(const float *x, const float *y, float *o)
{
  m_t a, d;
  mrow_t r, s;
  pto_load(a, x, 72);
  pto_load(r, y, 72);
  pto_col_sum(s, a);
  pto_store(o, 72, s);
  pto_col_max(s, a);
  pto_store(o + 72, 72, s);
  pto_col_expand_add(d, a, r);
  pto_store(o + 144, 72, d);
  pto_col_expand_div(a, a, r);
  pto_store(o + 144 + 4608, 72, a);
}

/* ot: sum, max (16 each), a * r, a - r (300 x 16 each).  */
PTO_KERNEL void col_tall(const float *x, const float *y, float *o)
{
  t_t a, d;
  frow_t r, s;
  pto_load(a, x, 16);
  pto_load(r, y, 16);
  pto_col_sum(s, a);
  pto_store(o, 16, s);
  pto_col_max(s, a);
  pto_store(o + 16, 16, s);
  pto_col_expand_mul(d, a, r);
  pto_store(o + 32, 16, d);
  pto_col_expand_sub(a, a, r);
  pto_store(o + 32 + 4800, 16, a);
}

/* ou: one row of 37 (sum = copy, a - r, max in place into r), then
   64 x 37: sum (37), a * r (64 x 37).  */
PTO_KERNEL void col_odd(const float *x, const float *y, float *o)
{
  urow_t a1, r, s, d1;
  u_t a, d;
  pto_load(a1, x, 37);
  pto_load(r, y, 37);
  pto_load(a, x, 37);
  pto_col_sum(s, a1);
  pto_store(o, 37, s);
  pto_col_expand_sub(d1, a1, r);
  pto_store(o + 37, 37, d1);
  pto_col_sum(s, a);
  pto_store(o + 74, 37, s);
  pto_col_expand_mul(d, a, r);
  pto_store(o + 111, 37, d);
  pto_col_expand_max(r, a1, r);
  pto_store(o + 111 + 2368, 37, r);
}

/* ohm: 64 x 80 fp16 sum, max (80 each), a - r (64 x 80), then 300 x 8:
   sum (8), a + r (300 x 8).  */
PTO_KERNEL void col_hodd(const _Float16 *x, const _Float16 *y, _Float16 *o)
{
  hm_t a, d;
  hmrow_t r, s;
  ht_t b, e;
  htrow_t rb, sb;
  pto_load(a, x, 80);
  pto_load(r, y, 80);
  pto_load(b, x, 8);
  pto_load(rb, y, 8);
  pto_col_sum(s, a);
  pto_store(o, 80, s);
  pto_col_max(s, a);
  pto_store(o + 80, 80, s);
  pto_col_expand_sub(d, a, r);
  pto_store(o + 160, 80, d);
  pto_col_sum(sb, b);
  pto_store(o + 160 + 5120, 8, sb);
  pto_col_expand_add(e, b, rb);
  pto_store(o + 168 + 5120, 8, e);
}

static float xm[64 * 72], ym[72], om[144 + 2 * 4608];
static float xt[300 * 16], ot[32 + 2 * 4800];
static float ou[111 + 2368 + 37];
static _Float16 xhm[64 * 80], yhm[80], ohm[168 + 5120 + 2400];
static float xf[128], yf[16], of[800], xs[15], ys[3], os[21];
static _Float16 xh[128], yh[16], oh[800];
static int32_t xi[128], yi[16], oi[800];

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
    xh[i] = (_Float16)xf[i];
    xi[i] = (i * 2654435761u) % 100000 - 50000 + (i == 5 ? 2147480000 : 0);
  }
  for (int j = 0; j < 16; j++) {
    yf[j] = (float)(j % 5 + 1) / 3.0f * (j & 1 ? -1 : 1);
    yh[j] = (_Float16)yf[j];
    yi[j] = j * 7919 - 60000;
  }
  for (int i = 0; i < 15; i++)
    xs[i] = 0.1f * (float)(i + 1);
  for (int j = 0; j < 3; j++)
    ys[j] = 1.5f + (float)j;
  for (int i = 0; i < 64 * 80; i++)
    xhm[i] = (_Float16)((float)((i * 7919) % 2003 - 1000) / 97.0f);
  for (int j = 0; j < 80; j++)
    yhm[j] = (_Float16)((float)(j % 9 + 1) / 7.0f * (j & 2 ? -1 : 1));
  for (int i = 0; i < 64 * 72; i++)
    xm[i] = (float)((i * 7919) % 2003 - 1000) / 97.0f;
  for (int j = 0; j < 72; j++)
    ym[j] = (float)(j % 9 + 1) / 7.0f * (j & 2 ? -1 : 1);
  for (int i = 0; i < 300 * 16; i++)
    xt[i] = (float)((i * 104729) % 4099 - 2049) / 311.0f;
  col_mask(xm, ym, om);
  col_tall(xt, yf, ot);
  col_odd(xm, ym, ou);
  col_hodd(xhm, yhm, ohm);
  col_f32(xf, yf, of);
  col_f16(xh, yh, oh);
  col_i32(xi, yi, oi);
  col_small(xs, ys, os);
  printf("col f32 %lx\n", hash(of, sizeof of));
  printf("col f16 %lx\n", hash(oh, sizeof oh));
  printf("col i32 %lx\n", hash(oi, sizeof oi));
  printf("col small %lx\n", hash(os, sizeof os));
  printf("col mask %lx\n", hash(om, sizeof om));
  printf("col tall %lx\n", hash(ot, sizeof ot));
  printf("col odd %lx\n", hash(ou, sizeof ou));
  printf("col hodd %lx\n", hash(ohm, sizeof ohm));
  printf("mask sum %a %a tall sum %a odd %a %a hodd sum %a %a\n",
         (double)om[0], (double)om[71], (double)ot[15], (double)ou[74],
         (double)ou[2479], (double)ohm[79], (double)ohm[5280]);
  printf("sum %a %a max %a mul %a div %a\n", (double)of[0], (double)of[15],
         (double)of[16], (double)of[300], (double)of[420]);
  printf("f16 sum %a max %a min %a\n", (double)oh[3], (double)oh[17],
         (double)oh[700]);
  printf("i32 sum %d %d max %d mul %d min %d\n", (int)oi[5], (int)oi[6],
         (int)oi[20], (int)oi[300], (int)oi[560]);
  printf("small %a %a %a\n", (double)os[0], (double)os[10], (double)os[20]);
  /* Independent checks of a few elements.  */
  float s0 = 0, s1 = xm[71], s2 = xt[15];
  for (int i = 0; i < 8; i++)
    s0 += xf[i * 16];
  for (int i = 1; i < 64; i++)
    s1 += xm[i * 72 + 71];
  for (int i = 1; i < 300; i++)
    s2 += xt[i * 16 + 15];
  float h0 = (float)xhm[79];
  for (int i = 1; i < 64; i++)
    h0 += (float)xhm[i * 80 + 79];
  int ok = memcmp(&s0, &of[0], 4) == 0 && of[32 + 17] == xf[17] + yf[1]
           && oi[32 + 5] == (int32_t)((uint32_t)xi[5] + (uint32_t)yi[5])
           && os[18] == os[0] - ys[0] && memcmp(&s1, &om[71], 4) == 0
           && memcmp(&s2, &ot[15], 4) == 0 && om[144 + 4608 + 75] == xm[75] / ym[3]
           && ou[0] == xm[0] && ou[111 + 2368 + 2] == (xm[2] > ym[2] ? xm[2] : ym[2])
           && ohm[79] == (_Float16)h0;
  printf("%s: column ops\n", ok ? "PASS" : "FAIL");
  return !ok;
}
