/* test-cce.c - runs example.cce, a file in the exact form the CCE
   emitter writes (device and host paths guarded), on the simulator over
   4 blocks in shuffled order, and compares with a scalar reference that
   follows the same operation order (pairwise row sums).  Also checks
   that a scalar UB store needs an S -> V flag before vector use, and
   that a kernel that would fault on the device (an int32 vcadd, which
   the vendor does not have; a misaligned UB operand) stops under the
   sim=cce runtime with a report naming the kernel, the instruction and
   its line.  */

#include "sim-test.h"
#include "pto-rt.h"

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

/* Kernels as sim=cce runs them (runtime/rt-cce.c): an int32 vcadd, and
   a vadd whose source is 16 bytes off a 32 B block.  */
enum { LINE_VCADD = __LINE__ + 4 };
static void bad_dtype_kernel(void *const *args)
{
  (void)args;
  vcadd((__ubuf__ int32_t *)((uintptr_t)256), (__ubuf__ int32_t *)((uintptr_t)0), 1, 1, 1, 8, 0);
}
enum { LINE_VADD = __LINE__ + 5 };
static void misaligned_kernel(void *const *args)
{
  (void)args;
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  vadd(a, (__ubuf__ float *)((uintptr_t)16), a, 1, 1, 1, 1, 8, 8, 8);
}

static void test_kernel_faults(void)
{
  char where[64];
  EXPECT_ABORT(__pto_rt_cce_block("bad_dtype", "dav-m200", bad_dtype_kernel, NULL, 0, 1),
               "pto: kernel 'bad_dtype', block 0 of 1 (sim=cce):");
  snprintf(where, sizeof where, "test-cce.c:%d: error: vcadd:", (int)LINE_VCADD);
  EXPECT_ABORT(__pto_rt_cce_block("bad_dtype", "dav-c220", bad_dtype_kernel, NULL, 0, 1),
               where);
  EXPECT_ABORT(__pto_rt_cce_block("bad_dtype", "dav-c220", bad_dtype_kernel, NULL, 0, 1),
               "vcadd: element type int32_t is not supported (half and float only");
  EXPECT_ABORT(__pto_rt_cce_block("misaligned", "dav-c220", misaligned_kernel, NULL, 0, 1),
               "pto: kernel 'misaligned', block 0 of 1 (sim=cce):");
  snprintf(where, sizeof where, "test-cce.c:%d: error: vadd: src0", (int)LINE_VADD);
  EXPECT_ABORT(__pto_rt_cce_block("misaligned", "dav-c220", misaligned_kernel, NULL, 0, 1),
               where);
  EXPECT_ABORT(__pto_rt_cce_block("misaligned", "dav-c220", misaligned_kernel, NULL, 0, 1),
               "address ub+16 is not 32-byte aligned");
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  test_softmax();
  test_scalar_store();
  test_kernel_faults();
  TEST_MAIN_END("test-cce");
}
