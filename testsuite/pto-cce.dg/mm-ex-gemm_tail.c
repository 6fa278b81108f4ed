/* mm-ex-gemm_tail.c - examples/gemm_tail.c (captured by the plugin into
   mm-ex-gemm_tail.pto): partial cube operands and accumulator stores
   emitted as CCE vs reference mode, exactly, at M x N x K shapes that do
   not divide the 32 x 32 x 32 tiles (1 x 1 x 1 included), K = 0, exact
   tiles, on 1 to 4 blocks; the example's own check (a scalar triple
   loop, the canary after C untouched) on the simulator's output too.
   dav-c220: create_cbuf_matrix + copy_gm_to_cbuf_multi_nd2nz_b16 and
   the fixpipe of the valid region; with MM_ARCH "dav-m200" (the -m200
   test) the operands go through UB and copy_ubuf_to_cbuf, the result
   through L0C -> UB and the scalar unit.  */
#define main gemm_tail_example_main
#define gemm_tail ref_gemm_tail
#include "../../examples/gemm_tail.c"
#undef gemm_tail
#undef main
#include "harness.h"

#ifndef MM_ARCH
#define MM_ARCH "dav-c220"
#endif

void gemm_tail__sim(void *const *args);

static float t_want[MAXM * MAXN + CANARY];
static int m_now, n_now, k_now;

/* -1 everywhere: an element the kernel does not write shows.  */
static void t_reset(void)
{
  for (int i = 0; i < MAXM * MAXN + CANARY; i++)
    c[i] = -1.0f;
}

static void t_check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("c", c, t_want, MAXM * MAXN + CANARY);
  int bad = 0;
  for (int i = 0; i < m_now; i++)
    for (int j = 0; j < n_now; j++) {
      float s = 0.0f;
      for (int p = 0; p < k_now; p++)
        s += (float)a[i * k_now + p] * (float)b[p * n_now + j];
      bad += c[i * n_now + j] != s;
    }
  CHECK(bad == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  static const int shapes[][4] = { { 37, 50, 70, 3 }, { 1, 1, 1, 1 },
                                   { 33, 64, 17, 2 }, { 32, 32, 32, 1 },
                                   { 17, 40, 0, 2 }, { 40, 3, 80, 4 },
                                   { 16, 17, 33, 2 } };
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    int nb = shapes[s][3];
    m_now = m;
    n_now = n;
    k_now = k;
    for (int i = 0; i < m * k; i++)
      a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
    for (int i = 0; i < k * n; i++)
      b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    for (int i = 0; i < MAXM * MAXN + CANARY; i++)
      t_want[i] = -1.0f;
    pto_launch(ref_gemm_tail, nb, a, b, t_want, m, n, k);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &m, &n, &k };
    cce_run(gemm_tail__sim, args, nb, t_reset, t_check);
  }
  (void)run;
  return harness_end("mm-ex-gemm_tail " MM_ARCH);
}
