/* mm-s8-deq-vfill.c - execution test of mm-s8-deq-vfill.pto: the two
   dequantizations of an accumulator that pto.fill(tc, 8) starts, as
   vector work of a dav-c220 mix kernel, for K = 0, 32 and 128, against
   reference mode bit for bit, and element (3, 5) against a loop here
   (the scale 1/64 and the deq word's scale are exact, the sums small:
   the fp16 results are exact).  */
#include "harness.h"

typedef PTO_TILE(int8_t, 16, 32) sa_t;
typedef PTO_TILE(int8_t, 32, 32) sb_t;
typedef PTO_TILE(int32_t, 16, 32) sc_t;
typedef PTO_TILE(uint64_t, 1, 32) sw_t;
typedef PTO_TILE(pto_f16, 16, 32) sh_t;

static PTO_KERNEL void ref_mms8dvf(const int8_t *a, const int8_t *b,
                                   const uint64_t *w, pto_f16 *h, int kk,
                                   float s)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  sw_t tw;
  sh_t th;
  pto_load(tw, w, 32);
  pto_fill(tc, 8);
  for (int k = 0; k < kk; k += 32) {
    pto_load(ta, a + k, 128);
    pto_load(tb, b + k * 32, 32);
    pto_matmul(tc, ta, tb);
  }
  pto_col_dequant(th, tc, tw);
  pto_store(h, 32, th);
  pto_dequant(th, tc, s);
  pto_store(h + 512, 32, th);
}

CCE_MIX(mms8dvf);

static int8_t a[16 * 128], b[128 * 32];
static uint64_t w[32];
static uint16_t h[1024], want[1024];

static void reset(void)
{
  for (int i = 0; i < 1024; i++)
    h[i] = 0x2468;
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < 16 * 128; i++)
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
  for (int i = 0; i < 128 * 32; i++)
    b[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  for (int j = 0; j < 32; j++)
    w[j] = pto_deq_word((float)(j - 7) / 256.0f);
  const int8_t *pa = a, *pb = b;
  const uint64_t *pw = w;
  pto_f16 *ph = (pto_f16 *)h;
  int kk;
  float s = 1.0f / 64.0f;
  void *args[] = { &pa, &pb, &pw, &ph, &kk, &s };
  static const int kks[] = { 0, 32, 128 };
  for (int t = 0; t < 3; t++) {
    kk = kks[t];
    reset();
    memcpy(want, h, sizeof want);
    pto_launch(ref_mms8dvf, 1, a, b, w, (pto_f16 *)want, kk, s);
    int32_t sum = 8;
    for (int p = 0; p < kk; p++)
      sum += a[3 * 128 + p] * b[p * 32 + 5];
    CHECK((float)((pto_f16 *)want)[3 * 32 + 5] == (float)sum * (-2.0f / 256.0f));
    CHECK((float)((pto_f16 *)want)[512 + 3 * 32 + 5] == (float)sum / 64.0f);
    cce_run_mix(CCE_MIX_ARGS(mms8dvf), args, 1, reset, check);
  }
  return harness_end("mm-s8-deq-vfill");
}
