/* mm-s8-deq-vec.c - execution test of mm-s8-deq-vec.pto: an int8
   matmul dequantized by the fixpipe of the cube core into the GM
   workspace, a bias added on the vector core (a dav-c220 mix kernel),
   for K = 32, 128 and 0 (no mad: 0 * scale), in three block orders,
   against reference mode bit for bit.  */
#include "harness.h"

enum { NT = 3 };
typedef PTO_TILE(int8_t, 16, 32) sa_t;
typedef PTO_TILE(int8_t, 32, 32) sb_t;
typedef PTO_TILE(int32_t, 16, 32) sc_t;
typedef PTO_TILE(pto_f16, 16, 32) sh_t;

static PTO_KERNEL void ref_mms8dv(const int8_t *a, const int8_t *b,
                                  pto_f16 *h, int n, int kk, float s,
                                  pto_f16 bias)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  sh_t th;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 16 * 128 + k, 128);
      pto_load(tb, b + k * 32, 32);
      pto_matmul(tc, ta, tb);
    }
    pto_dequant(th, tc, s);
    pto_adds(th, th, bias);
    pto_store(h + i * 512, 32, th);
  }
}

CCE_MIX(mms8dv);

static int8_t a[NT * 16 * 128], b[128 * 32];
static uint16_t h[NT * 512], want[NT * 512];

static void reset(void)
{
  for (int i = 0; i < NT * 512; i++)
    h[i] = 0x1234;
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < NT * 16 * 128; i++)
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
  for (int i = 0; i < 128 * 32; i++)
    b[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  const int8_t *pa = a, *pb = b;
  pto_f16 *ph = (pto_f16 *)h;
  int n = NT, kk;
  float s;
  pto_f16 bias;
  void *args[] = { &pa, &pb, &ph, &n, &kk, &s, &bias };
  static const int kks[] = { 32, 128, 0 };
  static const float ss[] = { 0.0123f, -0.002f, 0.5f };
  static const float bs[] = { 1.0f, -3.5f, 0.25f };
  for (int t = 0; t < 3; t++) {
    kk = kks[t];
    s = ss[t];
    bias = (pto_f16)bs[t];
    reset();
    memcpy(want, h, sizeof want);
    pto_launch(ref_mms8dv, 2, a, b, (pto_f16 *)want, NT, kk, s, bias);
    /* Element (0, 0) of block 1 against a loop written here: fp16
       arithmetic, exact for these operands below 2048.  */
    int32_t sum = 0;
    for (int p = 0; p < kk; p++)
      sum += a[16 * 128 + p] * b[p * 32];
    CHECK((float)(pto_f16)((float)(pto_f16)((float)sum * s) + bs[t])
          == (float)((pto_f16 *)want)[512]);
    cce_run_mix(CCE_MIX_ARGS(mms8dv), args, 2, reset, check);
  }
  return harness_end("mm-s8-deq-vec");
}
