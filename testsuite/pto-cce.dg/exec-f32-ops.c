/* exec-f32-ops.c - every element-wise f32 intrinsic, emitted CCE vs
   reference mode.  Exact except exp/log/sqrt/rsqrt/recip (relative
   1e-6, the documented transcendental tolerance).  */
#include "harness.h"

enum { N = 512, SLOTS = 20 };
typedef PTO_TILE(float, 8, 64) tile_t;

static PTO_KERNEL void ref(const float *x, const float *y, float *o, float s)
{
  tile_t a, b, t;
  pto_load(a, x, 64);
  pto_load(b, y, 64);
  pto_add(t, a, b); pto_store(o, 64, t);
  pto_sub(t, a, b); pto_store(o + 512, 64, t);
  pto_mul(t, a, b); pto_store(o + 1024, 64, t);
  pto_div(t, a, b); pto_store(o + 1536, 64, t);
  pto_max(t, a, b); pto_store(o + 2048, 64, t);
  pto_min(t, a, b); pto_store(o + 2560, 64, t);
  pto_adds(t, a, s); pto_store(o + 3072, 64, t);
  pto_muls(t, a, s); pto_store(o + 3584, 64, t);
  pto_maxs(t, a, s); pto_store(o + 4096, 64, t);
  pto_mins(t, a, s); pto_store(o + 4608, 64, t);
  pto_abs(t, a); pto_store(o + 5120, 64, t);
  pto_relu(t, a); pto_store(o + 5632, 64, t);
  pto_neg(t, a); pto_store(o + 6144, 64, t);
  pto_fill(t, s * 2.0f); pto_store(o + 6656, 64, t);
  pto_exp(t, a); pto_store(o + 7168, 64, t);
  pto_log(t, b); pto_store(o + 7680, 64, t);
  pto_sqrt(t, b); pto_store(o + 8192, 64, t);
  pto_rsqrt(t, b); pto_store(o + 8704, 64, t);
  pto_recip(t, b); pto_store(o + 9216, 64, t);
  pto_adds(a, a, 1.5f);
  pto_mul(a, a, a);
  pto_sub(a, a, b);
  pto_store(o + 9728, 64, a);
}

void f32_ops__sim(void *const *args);

static float x[N], y[N], o[SLOTS * N], want[SLOTS * N];

static void reset(void) { memset(o, 0, sizeof o); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("exact ops", o, want, 14 * N);
  CHECK_ARRAY_NEAR("exp log sqrt rsqrt recip", o + 14 * N, want + 14 * N,
                   5 * N, 1e-6);
  CHECK_ARRAY_EQ("chain", o + 19 * N, want + 19 * N, N);
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i * 37) % 61 - 30) * 0.125f;
    y[i] = (float)((i * 11) % 23 + 1) * 0.375f;
  }
  float s = -0.75f;
  pto_launch(ref, 1, x, y, want, s);
  const float *px = x, *py = y;
  float *po = o;
  void *args[] = { &px, &py, &po, &s };
  cce_run(f32_ops__sim, args, 1, reset, check);
  return harness_end("exec-f32-ops");
}
