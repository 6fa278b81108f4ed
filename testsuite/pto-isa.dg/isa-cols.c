/* isa-cols.c - column reductions and broadcasts in f32, f16 and i32: the
   PTO-ISA C++ on the PTO-ISA CPU simulation against reference mode
   (testsuite/pto-isa.dg), exact (col_sum's f32 partial sums are exact
   multiples of 1/4 here).  */
#include "harness.h"

typedef PTO_TILE(float, 8, 64) tile_t;
typedef PTO_TILE(float, 1, 64) row_t;
typedef PTO_TILE(pto_f16, 4, 32) htile_t;
typedef PTO_TILE(pto_f16, 1, 32) hrow_t;
typedef PTO_TILE(int32_t, 4, 16) itile_t;
typedef PTO_TILE(int32_t, 1, 16) irow_t;

static PTO_KERNEL void ref(const float *x, const float *c, float *y, float *s)
{
  tile_t a, d;
  row_t r, m;
  pto_load(a, x, 64);
  pto_load(r, c, 64);
  pto_col_sum(m, a);
  pto_store(s, 64, m);
  pto_col_max(m, a);
  pto_store(s + 64, 64, m);
  pto_col_expand_add(d, a, r);
  pto_store(y, 64, d);
  pto_col_expand_sub(d, a, r);
  pto_store(y + 512, 64, d);
  pto_col_expand_mul(d, a, r);
  pto_store(y + 1024, 64, d);
  pto_col_expand_div(d, a, r);
  pto_store(y + 1536, 64, d);
  pto_col_expand_max(d, a, r);
  pto_store(y + 2048, 64, d);
  pto_col_expand_min(d, d, r);
  pto_store(y + 2560, 64, d);
}

static PTO_KERNEL void ref_hi(const pto_f16 *h, const pto_f16 *hr, pto_f16 *ho,
                              const int32_t *n, const int32_t *nr, int32_t *no)
{
  htile_t a;
  hrow_t r;
  itile_t b;
  irow_t q;
  pto_load(a, h, 32);
  pto_load(r, hr, 32);
  pto_col_expand_mul(a, a, r);
  pto_store(ho, 32, a);
  pto_col_max(r, a);
  pto_store(ho + 128, 32, r);
  pto_load(b, n, 16);
  pto_load(q, nr, 16);
  pto_col_expand_sub(b, b, q);
  pto_store(no, 16, b);
}

void cols__sim(void *const *args);
void cols_hi__sim(void *const *args);

enum { T = 8 * 64 };
static float x[T], c[64], y[6 * T], want[6 * T], s[128], want_s[128];
static pto_f16 h[128], hr[32], ho[160], hw[160];
static int32_t n[64], nr[16], no[64], nw[64];

static void reset(void)
{
  memset(y, 0, sizeof y);
  memset(s, 0, sizeof s);
}
static void check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("col_expand", y, want, 6 * T);
  CHECK_ARRAY_EQ("col_sum col_max", s, want_s, 128);
}
static void reset_hi(void)
{
  memset(ho, 0, sizeof ho);
  memset(no, 0, sizeof no);
}
static void check_hi(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("f16 col_expand_mul col_max", ho, hw, 160);
  CHECK_ARRAY_EQ("i32 col_expand_sub", no, nw, 64);
}

int main(void)
{
  for (int i = 0; i < T; i++)
    x[i] = (float)((i * 11) % 37) * 0.25f - 4.0f;
  for (int j = 0; j < 64; j++)
    c[j] = (float)(j % 7) * 0.5f + 0.25f;
  pto_launch(ref, 1, x, c, want, want_s);
  const float *px = x, *pc = c;
  float *py = y, *ps = s;
  void *args[] = { &px, &pc, &py, &ps };
  cce_run(cols__sim, args, 1, reset, check);

  for (int i = 0; i < 128; i++)
    h[i] = (pto_f16)((float)((i * 5) % 23 - 11) * 0.125f);
  for (int j = 0; j < 32; j++)
    hr[j] = (pto_f16)((float)(j % 5) - 2.0f);
  for (int i = 0; i < 64; i++)
    n[i] = (int32_t)((uint32_t)i * 2654435761u);
  for (int j = 0; j < 16; j++)
    nr[j] = j - 8;
  nr[0] = INT32_MIN;
  pto_launch(ref_hi, 1, h, hr, hw, n, nr, nw);
  const pto_f16 *ph = h, *phr = hr;
  pto_f16 *pho = ho;
  const int32_t *pn = n, *pnr = nr;
  int32_t *pno = no;
  void *hargs[] = { &ph, &phr, &pho, &pn, &pnr, &pno };
  cce_run(cols_hi__sim, hargs, 1, reset_hi, check_hi);
  return harness_end("isa-cols");
}
