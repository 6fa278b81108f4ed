/* exec-rowbcast-brcb.c - row_expand_mul/add/sub/div lowered with vbrcb
   (dav-c220) at the edges of the lowering: more rows than one vector
   instruction's 255 repeats, more than one vbrcb's 254 repeats, f16 and
   f32, into another tile and in place; results equal to reference mode
   (every operation is one IEEE operation on both sides), race detector
   clean.  */
#include "harness.h"

enum { NR = 300, NH = 20, NB = 2100 };
typedef PTO_TILE(float, NR, 8) r_t;
typedef PTO_TILE(float, NR, 1) r1_t;
typedef PTO_TILE(pto_f16, NH, 16) h_t;
typedef PTO_TILE(pto_f16, NH, 1) h1_t;
typedef PTO_TILE(pto_f16, NB, 16) b_t;
typedef PTO_TILE(pto_f16, NB, 1) b1_t;

static PTO_KERNEL void ref_many_rows(const float *x, const float *y, float *o)
{
  r_t a;
  r1_t r;
  pto_load(a, x, 8);
  pto_load(r, y, 1);
  pto_row_expand_mul(a, a, r);
  pto_store(o, 8, a);
}

static PTO_KERNEL void ref_f16_rows(const pto_f16 *h, const pto_f16 *hr,
                                    pto_f16 *oh)
{
  h_t a, d;
  h1_t r;
  pto_load(a, h, 16);
  pto_load(r, hr, 1);
  pto_row_expand_add(d, a, r);
  pto_store(oh, 16, d);
}

static PTO_KERNEL void ref_big_f16(const pto_f16 *h, const pto_f16 *hr,
                                   pto_f16 *oh)
{
  b_t a;
  b1_t r;
  pto_load(a, h, 16);
  pto_load(r, hr, 1);
  pto_row_expand_sub(a, a, r);
  pto_row_expand_div(a, a, r);
  pto_store(oh, 16, a);
}

void many_rows__sim(void *const *args);
void f16_rows__sim(void *const *args);
void big_f16__sim(void *const *args);

static float x[NR * 8], y[NR], o[NR * 8], wo[NR * 8];
static pto_f16 h[NB * 16], hr[NB], oh[NB * 16], woh[NB * 16];

static void reset(void)
{
  memset(o, 0, sizeof o);
  memset(oh, 0, sizeof oh);
}
static void check_o(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("o", o, wo, NR * 8);
}
static void check_h(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("oh", oh, woh, NH * 16);
}
static void check_b(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("oh", oh, woh, NB * 16);
}

int main(void)
{
  for (int i = 0; i < NR * 8; i++)
    x[i] = (float)(i % 41) * 0.5f - 9.0f;
  for (int i = 0; i < NR; i++)
    y[i] = (float)(i % 7) - 3.0f;
  for (int i = 0; i < NB * 16; i++)
    h[i] = (pto_f16)((float)(i % 37) * 0.25f - 4.0f);
  for (int i = 0; i < NB; i++)
    hr[i] = (pto_f16)((float)(i % 11) * 0.5f + 0.5f);
  const float *px = x, *py = y;
  float *po = o;
  const pto_f16 *ph = h, *phr = hr;
  pto_f16 *poh = oh;
  void *a1[] = { &px, &py, &po };
  void *a2[] = { &ph, &phr, &poh };
  memset(wo, 0, sizeof wo);
  pto_launch(ref_many_rows, 1, x, y, wo);
  cce_run(many_rows__sim, a1, 1, reset, check_o);
  memset(woh, 0, sizeof woh);
  pto_launch(ref_f16_rows, 1, h, hr, woh);
  cce_run(f16_rows__sim, a2, 1, reset, check_h);
  memset(woh, 0, sizeof woh);
  pto_launch(ref_big_f16, 1, h, hr, woh);
  cce_run(big_f16__sim, a2, 1, reset, check_b);
  return harness_end("exec-rowbcast-brcb");
}
