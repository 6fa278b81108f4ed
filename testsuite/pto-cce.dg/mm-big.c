/* mm-big.c - execution test of mm-big.pto: a GEMM with a 128 x 256 f32
   accumulator (all of dav-c220's L0C) and operands of 32 KB and 64 KB,
   K = 256 and 0, two row blocks, against reference mode bit for bit
   (small integers: the sums are exact in float).  */
#include "harness.h"

enum { NT = 2, K = 256 };
typedef PTO_TILE(pto_f16, 128, 128) a_t;
typedef PTO_TILE(pto_f16, 128, 256) b_t;
typedef PTO_TILE(float, 128, 256) c_t;

static PTO_KERNEL void ref_big(const pto_f16 *a, const pto_f16 *b, float *c,
                               int n, int k)
{
  a_t ta;
  b_t tb;
  c_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int p = 0; p < k; p += 128) {
      pto_load(ta, a + i * 128 * k + p, k);
      pto_load(tb, b + p * 256, 256);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 32768, 256, tc);
  }
}

void big__sim(void *const *args);

static pto_f16 a[NT * 128 * K], b[K * 256];
static float c[NT * 32768], want[NT * 32768];

static void reset(void)
{
  for (int i = 0; i < NT * 32768; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 32768);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < NT * 128 * K; i++)
    a[i] = (pto_f16)(float)((i * 7) % 9 - 4);
  for (int i = 0; i < K * 256; i++)
    b[i] = (pto_f16)(float)((i * 5) % 11 - 5);
  const pto_f16 *pa = a, *pb = b;
  float *pc = c;
  int n = NT, k;
  void *args[] = { &pa, &pb, &pc, &n, &k };
  static const int ks[] = { K, 0 };
  for (int t = 0; t < 2; t++) {
    k = ks[t];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_big, 2, a, b, want, NT, k);
    cce_run(big__sim, args, 2, reset, check);
  }
  return harness_end("mm-big");
}
