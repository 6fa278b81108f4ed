/* mm-acc.c - execution test of mm-acc.pto (and, with MM_M200, of
   mm-acc-m200.pto): pto.matmul accumulators loaded from GM at a
   run-time row stride, K = 32, 64 and 0 (the loaded value stored as
   is), with and without a ReLU epilogue; a loaded accumulator then a
   new product after pto.fill.  Exact comparison: small integers.  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#else
#define MM_ARCH "dav-c220"
#endif

enum { NT = 3, LD = 120 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(float, 16, 16) f2_t;

static PTO_KERNEL void ref_mma(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c, int n, int kk,
                               int ld, int rl)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(tc, c0 + i * 32, ld);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 2048 + k, 64);
      pto_load(tb, b + i * 2048 + k * 32, 32);
      pto_matmul(tc, ta, tb);
    }
    if (rl != 0)
      pto_relu(tc, tc);
    pto_store(c + i * 32, ld, tc);
  }
}

static PTO_KERNEL void ref_mmb(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c)
{
  h_t ta, tb;
  f2_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_load(tc, c0, 16);
  pto_matmul(tc, ta, tb);
  pto_store(c, 16, tc);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c + 256, 16, tc);
}

void mma__sim(void *const *args);
void mmb__sim(void *const *args);

enum { CN = 32 * LD };
static pto_f16 a[NT * 2048], b[NT * 2048];
static float c0[CN], c[CN], want[CN];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < CN; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, CN);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 2048; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  for (int i = 0; i < CN; i++)
    c0[i] = (float)((i * 7) % 13 - 6) * 0.5f;
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++)
    for (int rl = 0; rl <= 1; rl++) {
      int kk = kks[t];
      reset();
      memcpy(want, c, sizeof want);
      pto_launch(ref_mma, 2, a, b, c0, want, NT, kk, LD, rl);
      /* The initial value counts: C differs from A * B alone.  */
      CHECK(want[0] != -1.0f && want[LD + 1] != -1.0f);
      const pto_f16 *pa = a, *pb = b;
      const float *pc0 = c0;
      float *pc = c;
      int n = NT, ld = LD;
      void *args[] = { &pa, &pb, &pc0, &pc, &n, &kk, &ld, &rl };
      for (int nb = 1; nb <= 2; nb++)
        cce_run(mma__sim, args, nb, reset, check);
    }
  reset();
  memcpy(want, c, sizeof want);
  pto_launch(ref_mmb, 1, a, b, c0, want);
  CHECK(want[0] != want[256]);
  const pto_f16 *pa = a, *pb = b;
  const float *pc0 = c0;
  float *pc = c;
  void *args[] = { &pa, &pb, &pc0, &pc };
  cce_run(mmb__sim, args, 1, reset, check);
  return harness_end("mm-acc " MM_ARCH);
}
