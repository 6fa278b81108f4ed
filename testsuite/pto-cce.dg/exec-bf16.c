/* exec-bf16.c - bf16 casts (vconv_f322bf16r, vconv_bf162f32) and bf16
   loads and stores, emitted CCE on the simulator vs reference mode, bit
   for bit, on inputs with ties, overflow, infinities, NaNs and
   subnormals.  */
#include "harness.h"

typedef PTO_TILE(float, 4, 40) f_t;
typedef PTO_TILE(pto_bf16, 4, 40) b_t;

static PTO_KERNEL void ref_casts(const float *x, pto_bf16 *h, const pto_bf16 *g,
                                 float *y, float *r)
{
  f_t a, f;
  b_t b, c;
  pto_load(a, x, 40);
  pto_cast(b, a);
  pto_store(h, 40, b);
  pto_load(c, g, 40);
  pto_cast(f, c);
  pto_store(y, 40, f);
  pto_cast(f, b);
  pto_store(r, 40, f);
}

void bf16_casts__sim(void *const *args);

enum { N = 160 };
static float x[N], y[N], r[N], wy[N], wr[N];
static pto_bf16 h[N], g[N], wh[N];
static uint16_t hb[N], whb[N];

static void reset(void)
{
  memset(h, 0, sizeof h); memset(y, 0, sizeof y); memset(r, 0, sizeof r);
}
static void check(const char *o)
{
  (void)o;
  for (int i = 0; i < N; i++) {
    hb[i] = h[i].bits;
    whb[i] = wh[i].bits;
  }
  CHECK_ARRAY_EQ("f32->bf16 bits", hb, whb, N);
  CHECK(memcmp(y, wy, sizeof y) == 0);
  CHECK(memcmp(r, wr, sizeof r) == 0);
}

int main(void)
{
  static const uint32_t edge[] = {
    0x3f808000, 0x3f818000, 0x3f808001, 0x3f807fff, 0x7f7fffff, 0xff7f8000,
    0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00000, 0x00008000, 0x00018000,
    0x80008001, 0x007fffff, 0x80000000, 0x00000001,
  };
  for (int i = 0; i < N; i++) {
    uint32_t b = i < 16 ? edge[i] : (uint32_t)i * 2654435761u;
    memcpy(&x[i], &b, 4);
    g[i].bits = (uint16_t)(i * 40503u);
  }
  pto_launch(ref_casts, 1, x, wh, g, wy, wr);
  const float *px = x;
  pto_bf16 *ph = h;
  const pto_bf16 *pg = g;
  float *py = y, *pr = r;
  void *args[] = { &px, &ph, &pg, &py, &pr };
  cce_run(bf16_casts__sim, args, 1, reset, check);
  return harness_end("exec-bf16");
}
