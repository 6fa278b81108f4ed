/* exec-coldeq-w.c - execution test of exec-coldeq-w.pto: pto.col_dequant
   and pto.deq_scale with deq words (pto_deq_word) as the scales, on the
   vector unit, against reference mode bit for bit and against the fp16
   bit patterns exec-coldeq.c checks by hand for the same accumulators
   and scales (a word stands for its float, 13 low mantissa bits
   dropped); the words and the deq scales against IEEE 754 encodings
   computed outside the project.  */
#include "harness.h"

typedef PTO_TILE(int32_t, 8, 8) ct_t;
typedef PTO_TILE(uint64_t, 1, 8) wt_t;
typedef PTO_TILE(pto_f16, 8, 8) ht_t;
typedef PTO_TILE(float, 1, 8) qt_t;

static PTO_KERNEL void ref_coldeqw(const int32_t *c, const uint64_t *w,
                                   pto_f16 *h, float *q)
{
  ct_t tc;
  wt_t tw;
  ht_t th;
  qt_t tq;
  pto_load(tc, c, 8);
  pto_load(tw, w, 8);
  pto_col_dequant(th, tc, tw);
  pto_store(h, 8, th);
  pto_deq_scale(tq, tw);
  pto_store(q, 8, tq);
}

void coldeqw__sim(void *const *args);

static int32_t c[64];
static uint64_t w[8];
static uint16_t h[64], want[64];
static uint32_t q[8], wantq[8];

static const int32_t accs[8] = { 2049, -2049, 5, -5, 65535, 1000000, 3, -7 };
static const float scales[8] = { 1.0009766f, 1.00048828f, 0.0123f, -0.37f,
                                 -1e-40f, -0.0f, 1.5f, 7.99951171875f };
/* exec-coldeq.c's table: fp16(clamp(float(accs[i]) * trunc(scales[j]))).  */
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
/* The words and the scales they stand for (IEEE 754 encodings, computed
   outside the project: the float's bits, then bits [12:0] cleared, a
   cleared -0 read as +0; the subnormal -1e-40 keeps a mantissa bit).  */
static const uint64_t words[8] = {
  0x3f802000u, 0x3f801000u, 0x3c4985f0u, 0xbebd70a4u,
  0x800116c2u, 0x80000000u, 0x3fc00000u, 0x40fffc00u,
};
static const uint32_t qbits[8] = {
  0x3f802000u, 0x3f800000u, 0x3c498000u, 0xbebd6000u,
  0x80010000u, 0x00000000u, 0x3fc00000u, 0x40ffe000u,
};

static void reset(void)
{
  memset(h, 0x55, sizeof h);
  memset(q, 0x77, sizeof q);
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
  CHECK(memcmp(q, wantq, sizeof q) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < 64; i++)
    c[i] = accs[i / 8];
  for (int j = 0; j < 8; j++) {
    w[j] = pto_deq_word(scales[j]);
    CHECK(w[j] == words[j]);
  }
  const int32_t *pc = c;
  const uint64_t *pw = w;
  pto_f16 *ph = (pto_f16 *)h;
  float *pq = (float *)q;
  void *args[] = { &pc, &pw, &ph, &pq };
  reset();
  memcpy(want, h, sizeof want);
  memcpy(wantq, q, sizeof wantq);
  pto_launch(ref_coldeqw, 1, c, w, (pto_f16 *)want, (float *)wantq);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      CHECK(want[i * 8 + j] == bits[i][j]);
  for (int j = 0; j < 8; j++)
    CHECK(wantq[j] == qbits[j]);
  cce_run(coldeqw__sim, args, 1, reset, check);
  return harness_end("exec-coldeq-w");
}
