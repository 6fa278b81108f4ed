/* mm-16.c - execution test of mm-16.pto (and, with MM_ARCH, of
   mm-16-m200.pto): NT independent fp16 16x16x16 products with fp32
   results, compared exactly with reference mode (small integers: every
   product and sum is exact in fp32).  */
#include "harness.h"

#ifndef MM_ARCH
#define MM_ARCH "dav-c220"
#endif

enum { NT = 5 };
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(float, 16, 16) f_t;

static PTO_KERNEL void ref_mm16(const pto_f16 *a, const pto_f16 *b, float *c,
                                int n)
{
  h_t ta, tb;
  f_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(ta, a + i * 256, 16);
    pto_load(tb, b + i * 256, 16);
    pto_fill(tc, 0.0f);
    pto_matmul(tc, ta, tb);
    pto_store(c + i * 256, 16, tc);
  }
}

void mm16__sim(void *const *args);

static pto_f16 a[NT * 256], b[NT * 256];
static float c[NT * 256], want[NT * 256];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 256; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 256);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NT * 256; i++) {
    a[i] = (pto_f16)(float)(i % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  pto_launch(ref_mm16, 2, a, b, want, NT);
  /* Not all zero, and asymmetric: a transposed operand would differ.  */
  CHECK(want[1] != want[16]);
  const pto_f16 *pa = a, *pb = b;
  float *pc = c;
  int n = NT;
  void *args[] = { &pa, &pb, &pc, &n };
  for (int nb = 1; nb <= 3; nb += 2)
    cce_run(mm16__sim, args, nb, reset, check);
  return harness_end("mm-16 " MM_ARCH);
}
