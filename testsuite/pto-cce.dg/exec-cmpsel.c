/* exec-cmpsel.c - the 16x64 f32 pto.cmp_lt then pto.select of
   doc/cce.md's cycle comparison, against reference mode (NaN,
   infinities, signed zeros).  */
#include "harness.h"
#include <math.h>

enum { T = 16 * 64 };
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(int32_t, 16, 64) i_t;

static PTO_KERNEL void ref_cmpsel(const float *x, const float *y, float *z)
{
  f_t a, b, c;
  i_t m;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_cmp_lt(m, a, b);
  pto_select(c, m, a, b);
  pto_store(z, 64, c);
}

void cmpsel_k__sim(void *const *args);

static float x[T], y[T], z[T], wz[T];

static void reset(void) { memset(z, 0, sizeof z); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("select", z, wz, T);
}

int main(void)
{
  static const float special[] = { NAN, INFINITY, -INFINITY, 0.0f, -0.0f,
                                   1.0f, -1.0f, 3.5f };
  for (int i = 0; i < T; i++) {
    x[i] = i % 3 ? (float)(i % 29) * 0.25f - 3.0f : special[i % 8];
    y[i] = i % 7 ? (float)(i % 31) * 0.2f - 3.0f : special[(i / 8) % 8];
  }
  pto_launch(ref_cmpsel, 1, x, y, wz);
  const float *px = x, *py = y;
  float *pz = z;
  void *args[] = { &px, &py, &pz };
  cce_run(cmpsel_k__sim, args, 1, reset, check);
  return harness_end("exec-cmpsel");
}
