/* ops-col.c - column reductions (pto_col_sum, pto_col_max) and column
   broadcasts (pto_col_expand_add/sub/mul/div/max/min) in f32, fp16 and
   int32, on a shape whose rows are 32 B multiples (8 x 16) and one whose
   rows are not (5 x 3), in place and into another tile.  The output
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
  col_f32(xf, yf, of);
  col_f16(xh, yh, oh);
  col_i32(xi, yi, oi);
  col_small(xs, ys, os);
  printf("col f32 %lx\n", hash(of, sizeof of));
  printf("col f16 %lx\n", hash(oh, sizeof oh));
  printf("col i32 %lx\n", hash(oi, sizeof oi));
  printf("col small %lx\n", hash(os, sizeof os));
  printf("sum %a %a max %a mul %a div %a\n", (double)of[0], (double)of[15],
         (double)of[16], (double)of[300], (double)of[420]);
  printf("f16 sum %a max %a min %a\n", (double)oh[3], (double)oh[17],
         (double)oh[700]);
  printf("i32 sum %d %d max %d mul %d min %d\n", (int)oi[5], (int)oi[6],
         (int)oi[20], (int)oi[300], (int)oi[560]);
  printf("small %a %a %a\n", (double)os[0], (double)os[10], (double)os[20]);
  /* Independent checks of a few elements.  */
  float s0 = 0;
  for (int i = 0; i < 8; i++)
    s0 += xf[i * 16];
  int ok = memcmp(&s0, &of[0], 4) == 0 && of[32 + 17] == xf[17] + yf[1]
           && oi[32 + 5] == (int32_t)((uint32_t)xi[5] + (uint32_t)yi[5])
           && os[18] == os[0] - ys[0];
  printf("%s: column ops\n", ok ? "PASS" : "FAIL");
  return !ok;
}
