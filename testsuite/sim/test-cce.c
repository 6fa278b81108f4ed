/* test-cce.c - runs example.cce, a file in the exact form the CCE
   emitter writes (device and host paths guarded), on the simulator over
   4 blocks in shuffled order, and compares with a scalar reference that
   follows the same operation order (pairwise row sums).  Also checks
   that a scalar UB store needs an S -> V flag before vector use.  */

#include "sim-test.h"

#include "example.cce"

#define NB 4
#define NROWS (NB * ROWS_PER_BLOCK)

static float X[NROWS * 64], Y[NROWS * 64];

static void run_softmax(void *ctx)
{
  (void)ctx;
  softmax64_kernel(X, Y);
}

static float pairwise_sum(float *v, int n)
{
  for (int w = n; w > 1; w /= 2)
    for (int i = 0; i < w / 2; i++)
      v[i] = v[2 * i] + v[2 * i + 1];
  return v[0];
}

static void test_softmax(void)
{
  for (int i = 0; i < NROWS * 64; i++)
    X[i] = (float)((i * 37) % 101) / 10.0f - 5.0f;
  t_begin();
  CHECK_EQ_I(pto_sim_run_blocks(run_softmax, NULL, NB, PTO_SIM_SHUFFLED, 3), 0);
  int bad = 0;
  for (int r = 0; r < NROWS; r++) {
    float m = -INFINITY, e[64], t[64];
    for (int i = 0; i < 64; i++)
      m = X[r * 64 + i] > m ? X[r * 64 + i] : m;
    for (int i = 0; i < 64; i++)
      t[i] = e[i] = expf(X[r * 64 + i] + -m);
    float inv = 1.0f / pairwise_sum(t, 64);
    for (int i = 0; i < 64; i++)
      bad += Y[r * 64 + i] != e[i] * inv;
  }
  CHECK_EQ_I(bad, 0);
  printf("softmax64, %d blocks: %llu estimated cycles per block (max)\n", NB,
         (unsigned long long)pto_sim_cycles_max());
}

/* A scalar store to UB read by a vector op: needs S -> V.  */
static void scalar_store_kernel(int fixed)
{
  __ubuf__ float *p = (__ubuf__ float *)((uintptr_t)64);
  PTO_UB_STORE(p, 2.5f);
  if (fixed) {
    set_flag(PIPE_S, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_S, PIPE_V, EVENT_ID0);
  }
  vmuls((__ubuf__ float *)((uintptr_t)0), (__ubuf__ float *)((uintptr_t)0), 2.0f,
        1, 1, 1, 8, 8);
}

static void test_scalar_store(void)
{
  t_begin();
  scalar_store_kernel(0);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("race: vmuls (V) reads ub[0,256) written by ");
  CHECK_REPORT("PTO_UB_STORE (S) ub[64,68) with no set_flag/wait_flag(S,V)");
  t_begin();
  scalar_store_kernel(1);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  CHECK_EQ_F(UBF(0)[16], 5.0f);
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  test_softmax();
  test_scalar_store();
  TEST_MAIN_END("test-cce");
}
