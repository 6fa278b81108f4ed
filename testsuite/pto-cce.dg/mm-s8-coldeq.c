/* mm-s8-coldeq.c - execution test of mm-s8-coldeq.pto: an int8 matmul
   whose int32 accumulator the vector core dequantizes per column (a
   dav-c220 mix kernel), for K = 32, 128 and 0, in three block orders,
   against reference mode bit for bit; and elements of block 1 against a
   loop written here (the scales have at most 10 mantissa bits, so the
   fixpipe word's truncation keeps them; sums below 2^24 are exact in
   float).  */
#include "harness.h"

enum { NT = 3 };
typedef PTO_TILE(int8_t, 16, 32) sa_t;
typedef PTO_TILE(int8_t, 32, 32) sb_t;
typedef PTO_TILE(int32_t, 16, 32) sc_t;
typedef PTO_TILE(float, 1, 32) sr_t;
typedef PTO_TILE(pto_f16, 16, 32) sh_t;

static PTO_KERNEL void ref_mms8cd(const int8_t *a, const int8_t *b,
                                  const float *r, pto_f16 *h, int n, int kk)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  sr_t tr;
  sh_t th;
  pto_load(tr, r, 32);
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 16 * 128 + k, 128);
      pto_load(tb, b + k * 32, 32);
      pto_matmul(tc, ta, tb);
    }
    pto_col_dequant(th, tc, tr);
    pto_store(h + i * 512, 32, th);
  }
}

CCE_MIX(mms8cd);

static int8_t a[NT * 16 * 128], b[128 * 32];
static float r[32];
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
  /* Column j's scale: (j - 13) / 1024 (10 mantissa bits at most).  */
  for (int j = 0; j < 32; j++)
    r[j] = (float)(j - 13) / 1024.0f;
  const int8_t *pa = a, *pb = b;
  const float *pr = r;
  pto_f16 *ph = (pto_f16 *)h;
  int n = NT, kk;
  void *args[] = { &pa, &pb, &pr, &ph, &n, &kk };
  static const int kks[] = { 32, 128, 0 };
  for (int t = 0; t < 3; t++) {
    kk = kks[t];
    reset();
    memcpy(want, h, sizeof want);
    pto_launch(ref_mms8cd, 2, a, b, r, (pto_f16 *)want, NT, kk);
    for (int row = 0; row < 16; row += 15)
      for (int col = 0; col < 32; col += 7) {
        int32_t sum = 0;
        for (int p = 0; p < kk; p++)
          sum += a[(16 + row) * 128 + p] * b[p * 32 + col];
        pto_f16 w = (pto_f16)((float)sum * r[col]);
        CHECK((float)w == (float)((pto_f16 *)want)[512 + row * 32 + col]);
      }
    cce_run_mix(CCE_MIX_ARGS(mms8cd), args, 2, reset, check);
  }
  return harness_end("mm-s8-coldeq");
}
