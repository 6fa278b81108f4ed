/* mm-chain.c - execution test of mm-chain.pto (and, with MM_M200, of
   mm-chain-m200.pto): a pto.matmul result, rounded to fp16 by pto.cast,
   as the operand of a second pto.matmul, with and without a ReLU on the
   first product, at 1 and 2 blocks.  Exact comparison: the first
   products are small integers (exact in fp16), so the second is exact
   in fp32 too.  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#else
#define MM_ARCH "dav-c220"
#endif

enum { NT = 3 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_f16, 32, 32) hh_t;
typedef PTO_TILE(float, 32, 16) fd_t;

static PTO_KERNEL void ref_mmc(const pto_f16 *a, const pto_f16 *b,
                               const pto_f16 *e, float *d, int n, int rl)
{
  ha_t ta, te;
  hb_t tb;
  f_t tc;
  hh_t th;
  fd_t td;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(ta, a + i * 512, 16);
    pto_load(tb, b + i * 512, 32);
    pto_load(te, e + i * 512, 16);
    pto_fill(tc, 0.0f);
    pto_matmul(tc, ta, tb);
    if (rl != 0)
      pto_relu(tc, tc);
    pto_cast(th, tc);
    pto_fill(td, 0.0f);
    pto_matmul(td, th, te);
    pto_store(d + i * 512, 16, td);
  }
}

void mmc__sim(void *const *args);

static pto_f16 a[NT * 512], b[NT * 512], e[NT * 512];
static float d[NT * 512], want[NT * 512];

static void reset(void)
{
  for (int i = 0; i < NT * 512; i++)
    d[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("d", d, want, NT * 512);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 512; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 5 - 2);
    b[i] = (pto_f16)(float)((i * 5) % 7 - 3);
    e[i] = (pto_f16)(float)((i * 7) % 5 - 2);
  }
  for (int rl = 0; rl <= 1; rl++) {
    reset();
    memcpy(want, d, sizeof want);
    pto_launch(ref_mmc, 2, a, b, e, want, NT, rl);
    CHECK(want[0] != -1.0f && want[17] != want[1]);
    const pto_f16 *pa = a, *pb = b, *pe = e;
    float *pd = d;
    int n = NT;
    void *args[] = { &pa, &pb, &pe, &pd, &n, &rl };
    for (int nb = 1; nb <= 2; nb++)
      cce_run(mmc__sim, args, nb, reset, check);
  }
  return harness_end("mm-chain " MM_ARCH);
}
