/* exec-rowbcast.c - row_expand / row_expand_add/sub/mul/div in every
   lowering (vbrcb + one strided op per 256 B column on dav-c220; per-row
   vector ops with one masked or several repeats per row in
   exec-rowbcast-m200, which includes this file; the scalar fallback,
   fp16, int32 row_expand) vs reference mode.  The per-row values come
   from row_max/row_sum (written by V, read by vbrcb on V or by the
   scalar unit: V->S ordering) and from loads.  Every operation is a
   single IEEE operation in pto.h and on the simulator (sub is vsub, or
   vadds of -r, exact), so comparisons are exact; the row sums add
   multiples of 1/8 of small magnitude, so their tree order is exact.  */
#include "harness.h"

typedef PTO_TILE(float, 8, 64) a_t;
typedef PTO_TILE(float, 8, 1) m_t;
typedef PTO_TILE(float, 4, 40) c_t;
typedef PTO_TILE(float, 4, 1) c1_t;
typedef PTO_TILE(float, 3, 200) e_t;
typedef PTO_TILE(float, 3, 1) e1_t;
typedef PTO_TILE(float, 4, 3) s_t;
typedef PTO_TILE(pto_f16, 4, 128) h_t;
typedef PTO_TILE(pto_f16, 4, 1) h1_t;
typedef PTO_TILE(pto_f16, 4, 5) sh_t;
typedef PTO_TILE(int32_t, 6, 16) i_t;
typedef PTO_TILE(int32_t, 6, 1) i1_t;

static PTO_KERNEL void ref(const float *x, const pto_f16 *h, const int32_t *xi,
                           float *o, pto_f16 *oh, int32_t *oi)
{
  a_t a, b; m_t m; c_t c; c1_t cm; e_t e; e1_t em; s_t s; c1_t sm;
  h_t th; h1_t thm; sh_t sh; h1_t shm; i_t ti; i1_t tim;
  pto_load(a, x, 64);
  pto_row_max(m, a);
  pto_row_expand_sub(b, a, m); pto_store(o, 64, b);
  pto_row_sum(m, a);
  pto_row_expand_div(b, a, m); pto_store(o + 512, 64, b);
  pto_row_expand_mul(a, a, m); pto_store(o + 1024, 64, a);
  pto_load(c, x, 40);
  pto_load(cm, x + 300, 1);
  pto_row_expand_add(c, c, cm); pto_store(o + 1536, 40, c);
  pto_row_expand_div(c, c, cm); pto_store(o + 1696, 40, c);
  pto_row_expand(c, cm); pto_store(o + 1856, 40, c);
  pto_load(e, x, 200);
  pto_row_max(em, e);
  pto_row_expand_sub(e, e, em); pto_store(o + 2016, 200, e);
  pto_row_expand_div(e, e, em); pto_store(o + 2616, 200, e);
  pto_load(s, x, 3);
  pto_row_sum(sm, s);
  pto_row_expand_sub(s, s, sm); pto_store(o + 3216, 3, s);
  pto_row_expand_div(s, s, sm); pto_store(o + 3228, 3, s);
  pto_row_expand(s, sm); pto_store(o + 3240, 3, s);
  pto_load(th, h, 128);
  pto_row_max(thm, th);
  pto_row_expand_sub(th, th, thm); pto_store(oh, 128, th);
  pto_row_expand_mul(th, th, thm); pto_store(oh + 512, 128, th);
  pto_load(th, h, 128);
  pto_load(thm, h + 700, 1);
  pto_row_expand_div(th, th, thm); pto_store(oh + 1024, 128, th);
  pto_load(sh, h, 5);
  pto_load(shm, h + 700, 1);
  pto_row_expand_div(sh, sh, shm); pto_store(oh + 1536, 5, sh);
  pto_row_expand_add(sh, sh, shm); pto_store(oh + 1556, 5, sh);
  pto_load(ti, xi, 16);
  pto_row_max(tim, ti);
  pto_row_expand(ti, tim); pto_store(oi, 16, ti);
}

void rowbcast__sim(void *const *args);

#define NO 3252
#define NOH 1576
static float x[1000], o[NO], wo[NO];
static pto_f16 h[1024], oh[NOH], woh[NOH];
static int32_t xi[96], oi[96], woi[96];

static void reset(void)
{
  memset(o, 0, sizeof o); memset(oh, 0, sizeof oh); memset(oi, 0, sizeof oi);
}
static void check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_EQ("f32 row broadcasts", o, wo, NO);
  CHECK_ARRAY_EQ("f16 row broadcasts", oh, woh, NOH);
  CHECK_ARRAY_EQ("i32 row_expand", oi, woi, 96);
}

int main(void)
{
  for (int i = 0; i < 1000; i++)
    x[i] = (float)((i * 29) % 83 - 41) * 0.125f;
  for (int i = 300; i < 304; i++)          /* nonzero divisors */
    x[i] = (float)(i - 297) * 0.75f;
#ifdef PTO_HARNESS_NO_DIV_ZERO   /* row 3 of s sums to 0 otherwise */
  x[11] += 0.125f;
#endif
  for (int i = 0; i < 1024; i++)
    h[i] = (pto_f16)((float)((i * 17) % 31 - 15) * 0.25f);
  for (int i = 700; i < 704; i++)
    h[i] = (pto_f16)((float)(i - 697) * 1.5f);
  for (int i = 0; i < 96; i++)
    xi[i] = (int32_t)((uint32_t)i * 2246822519u);
  pto_launch(ref, 1, x, h, xi, wo, woh, woi);
  const float *px = x;
  const pto_f16 *ph = h;
  const int32_t *pxi = xi;
  float *po = o;
  pto_f16 *poh = oh;
  int32_t *poi = oi;
  void *args[] = { &px, &ph, &pxi, &po, &poh, &poi };
  cce_run(rowbcast__sim, args, 1, reset, check);
  return harness_end("exec-rowbcast");
}
