/* exec-cmpv-m200.c - pto.cmp_lt and pto.cmp_ne on 16x64 f32 tiles (vcmpv into
   a bit mask, vsel mode 2, vconv to the int32 mask) and the select that
   reads the mask, against reference mode: NaN (unordered: lt false, ne
   true), infinities, signed zeros, equal values.  */
#include "harness.h"
#include <math.h>

enum { T = 16 * 64 };
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(int32_t, 16, 64) i_t;

static PTO_KERNEL void ref_cmpv(const float *x, const float *y, int32_t *o,
                                int32_t *p, float *z)
{
  f_t a, b, c;
  i_t m, q;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_cmp_lt(m, a, b);
  pto_cmp_ne(q, a, b);
  pto_select(c, m, a, b);
  pto_store(o, 64, m);
  pto_store(p, 64, q);
  pto_store(z, 64, c);
}

void cmpv_m200_k__sim(void *const *args);

static float x[T], y[T], z[T], wz[T];
static int32_t o[T], p[T], wo[T], wp[T];

static void reset(void)
{
  memset(z, 0, sizeof z);
  memset(o, 0x55, sizeof o);
  memset(p, 0x55, sizeof p);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("cmp_lt", o, wo, T);
  CHECK_ARRAY_EQ("cmp_ne", p, wp, T);
  CHECK_ARRAY_EQ("select", z, wz, T);
}

int main(void)
{
  static const float special[] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f,
                                   1.0f, -1.0f, 3.5f };
  for (int i = 0; i < T; i++) {
    x[i] = special[i % 8];
    y[i] = special[(i / 8) % 8];
    if (i % 5 == 0)
      y[i] = (float)(i % 23) - 11.0f;
  }
  pto_launch(ref_cmpv, 1, x, y, wo, wp, wz);
  const float *px = x, *py = y;
  int32_t *po = o, *pp = p;
  float *pz = z;
  void *args[] = { &px, &py, &po, &pp, &pz };
  cce_run(cmpv_m200_k__sim, args, 1, reset, check);
  return harness_end("exec-cmpv-m200");
}
