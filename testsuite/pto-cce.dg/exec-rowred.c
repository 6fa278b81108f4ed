/* exec-rowred.c - row_sum/row_max in every lowering (single repeat,
   masked, multi-repeat with scratch, scalar fallback, fp16 via f32,
   int32) vs reference mode.  Inputs are multiples of 1/8 with small
   magnitudes, so every partial sum is exact and the tree order of the
   device gives the reference's left-to-right result.  */
#include "harness.h"

typedef PTO_TILE(float, 8, 64) a_t;
typedef PTO_TILE(float, 8, 1) a1_t;
typedef PTO_TILE(float, 8, 16) b_t;
typedef PTO_TILE(float, 5, 200) c_t;
typedef PTO_TILE(float, 5, 1) c1_t;
typedef PTO_TILE(float, 4, 3) d_t;
typedef PTO_TILE(float, 4, 1) d1_t;
typedef PTO_TILE(pto_f16, 4, 256) h_t;
typedef PTO_TILE(pto_f16, 4, 1) h1_t;
typedef PTO_TILE(int32_t, 6, 48) i_t;
typedef PTO_TILE(int32_t, 6, 1) i1_t;

static PTO_KERNEL void ref(const float *x, const pto_f16 *h, const int32_t *xi,
                           float *o, pto_f16 *oh, int32_t *oi)
{
  a_t a; a1_t a1; b_t b; c_t c; c1_t c1; d_t d; d1_t d1;
  h_t th; h1_t th1; i_t ti; i1_t ti1;
  pto_load(a, x, 64);
  pto_row_sum(a1, a); pto_store(o, 1, a1);
  pto_row_max(a1, a); pto_store(o + 8, 1, a1);
  pto_load(b, x, 16);
  pto_row_sum(a1, b); pto_store(o + 16, 1, a1);
  pto_row_max(a1, b); pto_store(o + 24, 1, a1);
  pto_load(c, x, 200);
  pto_row_sum(c1, c); pto_store(o + 32, 1, c1);
  pto_row_max(c1, c); pto_store(o + 37, 1, c1);
  pto_load(d, x, 3);
  pto_row_sum(d1, d); pto_store(o + 42, 1, d1);
  pto_row_max(d1, d); pto_store(o + 46, 1, d1);
  pto_load(th, h, 256);
  pto_row_sum(th1, th); pto_store(oh, 1, th1);
  pto_row_max(th1, th); pto_store(oh + 4, 1, th1);
  pto_load(ti, xi, 48);
  pto_row_sum(ti1, ti); pto_store(oi, 1, ti1);
  pto_row_max(ti1, ti); pto_store(oi + 6, 1, ti1);
}

void rowred__sim(void *const *args);

static float x[1000], o[50], wo[50];
static pto_f16 h[1024], oh[8], woh[8];
static int32_t xi[288], oi[12], woi[12];

static void reset(void)
{
  memset(o, 0, sizeof o); memset(oh, 0, sizeof oh); memset(oi, 0, sizeof oi);
}
static void check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("f32 row sums/maxes", o, wo, 50);
  CHECK_ARRAY_EQ("f16 row sums/maxes", oh, woh, 8);
  CHECK_ARRAY_EQ("i32 row sums/maxes", oi, woi, 12);
}

int main(void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = (float)((i * 29) % 83 - 41) * 0.125f;
  for (int i = 0; i < 1024; i++)
    h[i] = (pto_f16)((float)((i * 17) % 31 - 15) * 0.25f);
  for (int i = 0; i < 288; i++)
    xi[i] = (int32_t)((uint32_t)i * 2246822519u);
  pto_launch(ref, 1, x, h, xi, wo, woh, woi);
  const float *px = x;
  const pto_f16 *ph = h;
  const int32_t *pxi = xi;
  float *po = o;
  pto_f16 *poh = oh;
  int32_t *poi = oi;
  void *args[] = { &px, &ph, &pxi, &po, &poh, &poi };
  cce_run(rowred__sim, args, 1, reset, check);
  return harness_end("exec-rowred");
}
