/* exec-coldeq.c - execution test of exec-coldeq.pto (and of
   exec-coldeq-m200.pto: DEQ_ARCH "dav-m200"): pto.col_dequant on the
   vector unit against reference mode bit for bit, and on 8 x 8 against
   fp16 bit patterns checked by hand: per-channel scales whose low
   mantissa bits are dropped (1 + 2^-11 acts as 1, so 2049 ties down to
   2048 instead of rounding up to 2050; 7.99951171875 acts as 7.99609375),
   kept (1 + 2^-10, 1.5), negative, subnormal (a result of +-0) and -0
   (read as +0: 5 * -0 gives +0, -5 * -0 gives -0), fp16 ties and the
   clamp; then a 4 x 48 tile of patterns.  */
#include "harness.h"

#ifndef DEQ_ARCH
#define DEQ_ARCH "dav-c220"
#endif

typedef PTO_TILE(int32_t, 8, 8) ct_t;
typedef PTO_TILE(float, 1, 8) rt_t;
typedef PTO_TILE(pto_f16, 8, 8) ht_t;
typedef PTO_TILE(int32_t, 4, 48) cu_t;
typedef PTO_TILE(float, 1, 48) ru_t;
typedef PTO_TILE(pto_f16, 4, 48) hu_t;

static PTO_KERNEL void ref_coldeq(const int32_t *c, const float *r,
                                  pto_f16 *h, const int32_t *c2,
                                  const float *r2, pto_f16 *h2)
{
  ct_t tc;
  rt_t tr;
  ht_t th;
  cu_t uc;
  ru_t ur;
  hu_t uh;
  pto_load(tc, c, 8);
  pto_load(tr, r, 8);
  pto_col_dequant(th, tc, tr);
  pto_store(h, 8, th);
  pto_load(uc, c2, 48);
  pto_load(ur, r2, 48);
  pto_col_dequant(uh, uc, ur);
  pto_store(h2, 48, uh);
}

void coldeq__sim(void *const *args);

static int32_t c[64], c2[192];
static float r[8], r2[48];
static uint16_t h[64], want[64], h2[192], want2[192];

static const int32_t accs[8] = { 2049, -2049, 5, -5, 65535, 1000000, 3, -7 };
static const float scales[8] = { 1.0009766f, 1.00048828f, 0.0123f, -0.37f,
                                 -1e-40f, -0.0f, 1.5f, 7.99951171875f };
/* fp16(clamp(float(accs[i]) * trunc(scales[j]))), by hand.  */
static const uint16_t bits[8][8] = {
  { 0x6802, 0x6800, 0x4e4d, 0xe1ec, 0x8000, 0x0000, 0x6a01, 0x7400 },
  { 0xe802, 0xe800, 0xce4d, 0x61ec, 0x0000, 0x8000, 0xea01, 0xf400 },
  { 0x4501, 0x4500, 0x2bdf, 0xbf66, 0x8000, 0x0000, 0x4780, 0x50ff },
  { 0xc501, 0xc500, 0xabdf, 0x3f66, 0x0000, 0x8000, 0xc780, 0xd0ff },
  { 0x7bff, 0x7bff, 0x624c, 0xf5eb, 0x8000, 0x0000, 0x7bff, 0x7bff },
  { 0x7bff, 0x7bff, 0x7201, 0xfbff, 0x8000, 0x0000, 0x7bff, 0x7bff },
  { 0x4202, 0x4200, 0x28b9, 0xbc70, 0x8000, 0x0000, 0x4480, 0x4dff },
  { 0xc702, 0xc700, 0xad82, 0x412e, 0x0000, 0x8000, 0xc940, 0xd2ff },
};

static void reset(void)
{
  memset(h, 0x55, sizeof h);
  memset(h2, 0x66, sizeof h2);
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
  CHECK(memcmp(h2, want2, sizeof h2) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch(DEQ_ARCH) == 0);
  for (int i = 0; i < 64; i++)
    c[i] = accs[i / 8];
  memcpy(r, scales, sizeof r);
  for (int i = 0; i < 192; i++)
    c2[i] = (int32_t)((uint32_t)i * 2654435761u) >> (i % 19);
  for (int j = 0; j < 48; j++)
    r2[j] = (float)((j * 7919) % 1000 - 500) * 1.2345e-5f;
  const int32_t *pc = c, *pc2 = c2;
  const float *pr = r, *pr2 = r2;
  pto_f16 *ph = (pto_f16 *)h, *ph2 = (pto_f16 *)h2;
  void *args[] = { &pc, &pr, &ph, &pc2, &pr2, &ph2 };
  reset();
  memcpy(want, h, sizeof want);
  memcpy(want2, h2, sizeof want2);
  pto_launch(ref_coldeq, 1, c, r, (pto_f16 *)want, c2, r2,
             (pto_f16 *)want2);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      CHECK(want[i * 8 + j] == bits[i][j]);
  cce_run(coldeq__sim, args, 1, reset, check);
  return harness_end("exec-coldeq");
}
