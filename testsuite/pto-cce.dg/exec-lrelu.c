/* exec-lrelu.c - pto.lrelu (d = a > 0 ? a : a * s) on a 16x64 f32 tile
   in place and on a 16x32 fp16 tile, against reference mode: positive,
   negative and zero values, signed zero (-0 * s keeps its sign), the
   infinities and NaN, the slope 0.1 (not exact in fp16, converted
   first).  */
#include "harness.h"
#include <math.h>

enum { T = 16 * 64, H = 16 * 32 };
typedef PTO_TILE(float, 16, 64) f_t;
typedef PTO_TILE(_Float16, 16, 32) h_t;

static PTO_KERNEL void ref_lrelu(const float *x, const _Float16 *g, float s,
                                 float *o, _Float16 *r)
{
  f_t a;
  h_t h;
  pto_load(a, x, 64);
  pto_load(h, g, 32);
  pto_lrelu(a, a, s);
  pto_lrelu(h, h, s);
  pto_store(o, 64, a);
  pto_store(r, 32, h);
}

void lrelu_k__sim(void *const *args);

static float x[T], o[T], wo[T];
static _Float16 g[H], r[H], wr[H];

static void reset(void)
{
  memset(o, 0, sizeof o);
  memset(r, 0, sizeof r);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("lrelu f32", o, wo, T);
  CHECK_ARRAY_EQ("lrelu f16", r, wr, H);
}

int main(void)
{
  float s = 0.1f;
  static const float special[] = { INFINITY, -INFINITY, 0.0f, -0.0f, NAN,
                                   3.0f, -3.0f, -1e-3f };
  for (int i = 0; i < T; i++)
    x[i] = i % 4 ? (float)(i % 37 - 18) / 7.0f : special[(i / 4) % 8];
  for (int i = 0; i < H; i++)
    g[i] = (_Float16)(i % 3 ? (float)(i % 23 - 11) / 5.0f : special[i % 8]);
  pto_launch(ref_lrelu, 1, x, g, s, wo, wr);
  const float *px = x;
  const _Float16 *pg = g;
  float *po = o;
  _Float16 *pr = r;
  void *args[] = { &px, &pg, &s, &po, &pr };
  cce_run(lrelu_k__sim, args, 1, reset, check);
  return harness_end("exec-lrelu");
}
