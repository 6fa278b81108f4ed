/* exec-deq.c - execution test of exec-deq.pto (and of
   exec-deq-m200.pto, which includes this file with DEQ_ARCH
   "dav-m200"): pto.dequant on the vector unit against reference mode
   bit for bit, and against fp16 bit patterns checked by hand for edge
   values: fp16 ties (2049 and 2051 to even, 65520 * 0.5 to 32768), the
   clamp (65519, 65520, INT32_MAX, INT32_MIN to +-65504, not inf), a
   negative scale (0 to -0), int32 values an f32 cannot hold (2^24 + 1),
   and a scale of 1 + 2^-23 that moves 2049 off its tie.  */
#include "harness.h"

#ifndef DEQ_ARCH
#define DEQ_ARCH "dav-c220"
#endif

enum { R = 3, C = 80, N = R * C, NE = 16 };
typedef PTO_TILE(int32_t, R, C) ct_t;
typedef PTO_TILE(pto_f16, R, C) ht_t;

static PTO_KERNEL void ref_deq(const int32_t *c, pto_f16 *h, float s)
{
  ct_t tc;
  ht_t th;
  pto_load(tc, c, C);
  pto_dequant(th, tc, s);
  pto_store(h, C, th);
}

void deq__sim(void *const *args);

static int32_t c[N];
static uint16_t h[N], want[N];

static const int32_t edge[NE] = {
  0, 1, -1, 2049, 2050, 2051, -2051, 65504, 65519, 65520, -65520,
  INT32_MAX, INT32_MIN, 16777217, 4097, -3
};
/* The fp16 bits of float(edge[i]) * scale rounded to float, clamped to
   +-65504, rounded to fp16 (ties to even), by hand (doc: pto.h
   pto_dequant).  */
static const float scales[4] = { 1.0f, 1.00000012f, -1.0f, 0.5f };
static const uint16_t bits[4][NE] = {
  { 0x0000, 0x3c00, 0xbc00, 0x6800, 0x6801, 0x6802, 0xe802, 0x7bff,
    0x7bff, 0x7bff, 0xfbff, 0x7bff, 0xfbff, 0x7bff, 0x6c00, 0xc200 },
  { 0x0000, 0x3c00, 0xbc00, 0x6801, 0x6801, 0x6802, 0xe802, 0x7bff,
    0x7bff, 0x7bff, 0xfbff, 0x7bff, 0xfbff, 0x7bff, 0x6c00, 0xc200 },
  { 0x8000, 0xbc00, 0x3c00, 0xe800, 0xe801, 0xe802, 0x6802, 0xfbff,
    0xfbff, 0xfbff, 0x7bff, 0xfbff, 0x7bff, 0xfbff, 0xec00, 0x4200 },
  { 0x0000, 0x3800, 0xb800, 0x6400, 0x6401, 0x6402, 0xe402, 0x77ff,
    0x77ff, 0x7800, 0xf800, 0x7bff, 0xfbff, 0x7bff, 0x6800, 0xbe00 },
};

static void reset(void)
{
  for (int i = 0; i < N; i++)
    h[i] = 0x5555;
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch(DEQ_ARCH) == 0);
  for (int i = 0; i < N; i++)
    c[i] = i < NE ? edge[i] : (int32_t)((uint32_t)i * 2654435761u) >> (i % 17);
  const int32_t *pc = c;
  pto_f16 *ph = (pto_f16 *)h;
  float s;
  void *args[] = { &pc, &ph, &s };
  static const float more[] = { 0.0123f, -3.0517578e-05f, 7.5f };
  for (int t = 0; t < 7; t++) {
    s = t < 4 ? scales[t] : more[t - 4];
    reset();
    memcpy(want, h, sizeof want);
    pto_launch(ref_deq, 1, c, (pto_f16 *)want, s);
    if (t < 4)
      for (int i = 0; i < NE; i++)
        CHECK(want[i] == bits[t][i]);
    cce_run(deq__sim, args, 1, reset, check);
  }
  return harness_end("exec-deq");
}
