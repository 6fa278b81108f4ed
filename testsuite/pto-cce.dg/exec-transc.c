/* exec-transc.c - tanh, sigmoid, exp2, gelu, pow and pows, emitted CCE
   vs reference mode, within include/pto.h's documented bounds
   ("Transcendentals"): f32 tanh/sigmoid/gelu 2^-22 absolute (gelu
   times |x| above 1, checked as 5e-7 relative above magnitude 1), exp2
   and pow 2^-23 (2 + |exponent of e|) relative (below 1e-5 here: exp2(100)), fp16
   one ulp more (2e-3).  Inputs include |x| = 100, where a naive e^x
   overflows.  */
#include "harness.h"

enum { N = 320 };
typedef PTO_TILE(float, 8, 40) f_t;
typedef PTO_TILE(pto_f16, 8, 40) h_t;

static PTO_KERNEL void ref(const float *x, const float *y, float *o, float s,
                           const pto_f16 *hx, const pto_f16 *hy, pto_f16 *ho,
                           pto_f16 hs)
{
  f_t a, b, t;
  h_t ha, hb, ht;
  pto_load(a, x, 40);
  pto_load(b, y, 40);
  pto_tanh(t, a); pto_store(o, 40, t);
  pto_sigmoid(t, a); pto_store(o + 320, 40, t);
  pto_exp2(t, a); pto_store(o + 640, 40, t);
  pto_pow(t, b, a); pto_store(o + 960, 40, t);
  pto_pows(t, b, s); pto_store(o + 1280, 40, t);
  pto_gelu(a, a); pto_store(o + 1600, 40, a);
  pto_load(ha, hx, 40);
  pto_load(hb, hy, 40);
  pto_tanh(ht, ha); pto_store(ho, 40, ht);
  pto_sigmoid(ht, ha); pto_store(ho + 320, 40, ht);
  pto_exp2(ht, ha); pto_store(ho + 640, 40, ht);
  pto_pow(ht, hb, ha); pto_store(ho + 960, 40, ht);
  pto_pows(ht, hb, hs); pto_store(ho + 1280, 40, ht);
  pto_gelu(ha, ha); pto_store(ho + 1600, 40, ha);
}

void transc__sim(void *const *args);

static float x[N], y[N], o[6 * N], want[6 * N];
static pto_f16 hx[N], hy[N], ho[6 * N], hwant[6 * N];

static void reset(void)
{
  memset(o, 0, sizeof o);
  memset(ho, 0, sizeof ho);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_NEAR("f32 tanh sigmoid", o, want, 2 * N, 5e-7);
  CHECK_ARRAY_NEAR("f32 exp2 pow pows", o + 2 * N, want + 2 * N, 3 * N, 1e-5);
  CHECK_ARRAY_NEAR("f32 gelu", o + 5 * N, want + 5 * N, N, 5e-7);
  CHECK_ARRAY_NEAR("f16", ho, hwant, 6 * N, 2e-3);
  CHECK(o[0] == 1.0f && o[1] == -1.0f);   /* tanh(+-100) */
}

int main(void)
{
  for (int i = 0; i < N; i++) {
    x[i] = (float)((i * 37) % 257 - 128) * 0.0625f;       /* [-8, 8] */
    y[i] = (float)((i * 11) % 89 + 1) * 0.03125f;         /* (0, 2.8] */
    hx[i] = (pto_f16)x[i];
    hy[i] = (pto_f16)y[i];
  }
  x[0] = 100.0f;
  x[1] = -100.0f;
  float s = 1.75f;
  pto_f16 hs = (pto_f16)-0.3f;
  pto_launch(ref, 1, x, y, want, s, hx, hy, hwant, hs);
  const float *px = x, *py = y;
  float *po = o;
  const pto_f16 *phx = hx, *phy = hy;
  pto_f16 *pho = ho;
  void *args[] = { &px, &py, &po, &s, &phx, &phy, &pho, &hs };
  cce_run(transc__sim, args, 1, reset, check);
  return harness_end("exec-transc");
}
