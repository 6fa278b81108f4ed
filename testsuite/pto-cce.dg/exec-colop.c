/* exec-colop.c - pto_col_sum, pto_col_max and pto_col_expand_<op> in
   every vector form of backend/cce/isel.c (colop_vec) and the scalar
   one, vs reference mode (exec-colop-m200 includes this file).  The
   vector forms keep pto.h's order (each element one operation; the
   column sums added top to bottom, fp16 in float rounded once), so the
   comparison is exact although the inputs' sums round.  */
#include "harness.h"

typedef PTO_TILE(float, 8, 16) a_t;
typedef PTO_TILE(float, 1, 16) r_t;
typedef PTO_TILE(float, 21, 8) t_t;
typedef PTO_TILE(float, 1, 8) tr_t;
typedef PTO_TILE(float, 1, 37) u_t;
typedef PTO_TILE(float, 5, 3) sm_t;
typedef PTO_TILE(float, 1, 3) smr_t;
typedef PTO_TILE(pto_f16, 4, 160) h_t;
typedef PTO_TILE(pto_f16, 1, 160) hr_t;
typedef PTO_TILE(int32_t, 6, 16) i_t;
typedef PTO_TILE(int32_t, 1, 16) ir_t;

static PTO_KERNEL void ref(const float *x, const pto_f16 *h, const int32_t *xi,
                           float *o, pto_f16 *oh, int32_t *oi)
{
  a_t a, d; r_t r, s; t_t t; tr_t tr; u_t u, ur, ud; sm_t sm; smr_t smr;
  h_t th; hr_t thr, ths; i_t ti; ir_t tir, tis;
  pto_load(a, x, 16);
  pto_load(r, x + 900, 16);
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
  pto_load(t, x, 8);
  pto_load(tr, x + 900, 8);
  pto_col_expand_sub(t, t, tr);
  pto_store(o + 800, 8, t);
  pto_col_sum(tr, t);
  pto_store(o + 968, 8, tr);
  pto_load(u, x, 37);
  pto_load(ur, x + 900, 37);
  pto_col_expand_mul(ud, u, ur);
  pto_store(o + 976, 37, ud);
  pto_col_max(ud, u);
  pto_store(o + 1013, 37, ud);
  pto_load(sm, x, 3);
  pto_col_sum(smr, sm);
  pto_store(o + 1050, 3, smr);
  pto_load(th, h, 160);
  pto_load(thr, h + 900, 160);
  pto_col_sum(ths, th);
  pto_store(oh, 160, ths);
  pto_col_expand_div(th, th, thr);
  pto_store(oh + 160, 160, th);
  pto_load(ti, xi, 16);
  pto_load(tir, xi + 96, 16);
  pto_col_sum(tis, ti);
  pto_store(oi, 16, tis);
  pto_col_expand_mul(ti, ti, tir);
  pto_store(oi + 16, 16, ti);
}

void colop__sim(void *const *args);

#define NO 1053
#define NOH 800
#define NOI 112
static float x[1000], o[NO], wo[NO];
static pto_f16 h[1100], oh[NOH], woh[NOH];
static int32_t xi[112], oi[NOI], woi[NOI];

static void reset(void)
{
  memset(o, 0, sizeof o); memset(oh, 0, sizeof oh); memset(oi, 0, sizeof oi);
}
static void check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("f32 column ops", o, wo, NO);
  CHECK_ARRAY_EQ("f16 column ops", oh, woh, NOH);
  CHECK_ARRAY_EQ("i32 column ops", oi, woi, NOI);
}

int main(void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = (float)((i * 7919) % 2003 - 1000) / 97.0f;
  for (int i = 900; i < 940; i++)          /* nonzero divisors */
    x[i] = (float)(i % 9 + 1) / 7.0f * (i & 2 ? -1 : 1);
  for (int i = 0; i < 1100; i++)
    h[i] = (pto_f16)((float)((i * 104729) % 4099 - 2049) / 311.0f);
  for (int i = 900; i < 1060; i++)
    h[i] = (pto_f16)((float)(i % 7 + 1) / 3.0f * (i & 1 ? -1 : 1));
  for (int i = 0; i < 112; i++)
    xi[i] = (int32_t)((uint32_t)i * 2246822519u);
  pto_launch(ref, 1, x, h, xi, wo, woh, woi);
  const float *px = x;
  const pto_f16 *ph = h;
  const int32_t *pxi = xi;
  float *po = o;
  pto_f16 *poh = oh;
  int32_t *poi = oi;
  void *args[] = { &px, &ph, &pxi, &po, &poh, &poi };
  cce_run(colop__sim, args, 1, reset, check);
  return harness_end("exec-colop");
}
