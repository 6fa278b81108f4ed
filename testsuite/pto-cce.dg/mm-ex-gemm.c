/* mm-ex-gemm.c - examples/gemm.c (captured by the plugin into
   mm-ex-gemm.pto): the emitted CCE of gemm vs reference mode at several
   shapes and block counts, K = 0 included; with MM_ARCH "dav-m200" the
   same for mm-ex-gemm-m200.pto.  */
#define main gemm_example_main
#define gemm ref_gemm
#include "../../examples/gemm.c"
#undef gemm
#undef main
#include "harness.h"

#ifndef MM_ARCH
#define MM_ARCH "dav-c220"
#endif

void gemm__sim(void *const *args);

static float t_want[MAXM * MAXN];
/* -1 everywhere: an element the kernel does not write shows.  */
static void t_reset(void)
{
  for (int i = 0; i < MAXM * MAXN; i++)
    c[i] = -1.0f;
}
static void t_check(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("c", c, t_want, MAXM * MAXN);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  static const int shapes[][4] = { { 96, 128, 128, 4 }, { 32, 32, 32, 1 },
                                   { 64, 96, 64, 5 }, { 32, 64, 0, 2 } };
  for (int s = 0; s < 4; s++) {
    int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    int nb = shapes[s][3];
    for (int i = 0; i < m * k; i++)
      a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
    for (int i = 0; i < k * n; i++)
      b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    for (int i = 0; i < MAXM * MAXN; i++)
      t_want[i] = -1.0f;
    pto_launch(ref_gemm, nb, a, b, t_want, m, n, k);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &m, &n, &k };
    cce_run(gemm__sim, args, nb, t_reset, t_check);
  }
  (void)run;
  return harness_end("mm-ex-gemm " MM_ARCH);
}
