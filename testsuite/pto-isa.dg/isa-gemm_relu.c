/* isa-gemm_relu.c - examples/gemm_relu.c (captured by the plugin into
   isa-gemm_relu.pto): the PTO-ISA rendering (TMATMUL / TMATMUL_ACC, the
   fixpipe's ReLU at TSTORE) against reference mode at the example's
   shapes, K = 0 included.  */
#define main gemm_relu_example_main
#define gemm_relu ref_gemm_relu
#include "../../examples/gemm_relu.c"
#undef gemm_relu
#undef main
#include "harness.h"

void gemm_relu__sim(void *const *args);

static float t_want[MAXM * MAXN];
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
    pto_launch(ref_gemm_relu, nb, a, b, t_want, m, n, k);
    const pto_f16 *pa = a, *pb = b;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &m, &n, &k };
    cce_run(gemm_relu__sim, args, nb, t_reset, t_check);
  }
  (void)run;
  return harness_end("isa-gemm_relu");
}
