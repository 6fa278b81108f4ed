/* mm-k32.c - execution test of mm-k32.pto (and, with MM_M200, of
   mm-k32-m200.pto, which adds 0.5 to the result on the vector unit):
   32x32 fp32 results of fp16 products with K = 32 (two accumulating
   steps) and K = 64 (four), GM row stride ld as a run-time value, and
   K = 0 (the accumulator stays zero).  Exact comparison: small
   integers.  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#define MM_BIAS 0.5f
#else
#define MM_ARCH "dav-c220"
#define MM_BIAS 0.0f
#endif

enum { NT = 3, LD = 64 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;

static PTO_KERNEL void ref_mmk(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n, int kk, int ld)
{
  ha_t ta;
  hb_t tb;
  f_t tc, td;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_adds(td, tc, MM_BIAS);
    pto_store(c + i * 1024, 32, td);
  }
}

void mmk__sim(void *const *args);

static pto_f16 a[NT * 32 * LD * 2], b[NT * 32 * LD * 2];
static float c[NT * 1024], want[NT * 1024];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 1024; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 1024);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 32 * LD * 2; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++) {
    int kk = kks[t];
    pto_launch(ref_mmk, 2, a, b, want, NT, kk, LD);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    int n = NT, ld = LD;
    void *args[] = { &pa, &pb, &pc, &n, &kk, &ld };
    for (int nb = 1; nb <= 2; nb++)
      cce_run(mmk__sim, args, nb, reset, check);
  }
  return harness_end("mm-k32 " MM_ARCH);
}
