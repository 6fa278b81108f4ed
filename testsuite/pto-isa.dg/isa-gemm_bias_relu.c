/* isa-gemm_bias_relu.c - examples/gemm_bias_relu.c (captured by the
   plugin into isa-gemm_bias_relu.pto): the PTO-ISA rendering (the bias
   row through L1 into a Bias tile, TMATMUL_BIAS then TMATMUL_ACC, the
   fixpipe's ReLU at TSTORE; K = 0 stores relu(bias) from the scalar
   unit) against reference mode at the example's shapes.  */
#define main gemm_bias_relu_example_main
#define gemm_bias_relu ref_gemm_bias_relu
#include "../../examples/gemm_bias_relu.c"
#undef gemm_bias_relu
#undef main
#include "harness.h"

void gemm_bias_relu__sim(void *const *args);

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
  static const int shapes[][4] = { { 144, 160, 128, 4 }, { 48, 80, 32, 1 },
                                   { 96, 160, 64, 5 }, { 48, 160, 0, 2 } };
  for (int s = 0; s < 4; s++) {
    int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    int nb = shapes[s][3];
    for (int i = 0; i < m * k; i++)
      a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
    for (int i = 0; i < k * n; i++)
      b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    for (int j = 0; j < n; j++)
      bias[j] = (float)((j * 5) % 17 - 8) * 0.25f;
    for (int i = 0; i < MAXM * MAXN; i++)
      t_want[i] = -1.0f;
    pto_launch(ref_gemm_bias_relu, nb, a, b, bias, t_want, m, n, k);
    const pto_f16 *pa = a, *pb = b;
    const float *pbias = bias;
    float *pc = c;
    void *args[] = { &pa, &pb, &pbias, &pc, &m, &n, &k };
    cce_run(gemm_bias_relu__sim, args, nb, t_reset, t_check);
  }
  (void)run;
  return harness_end("isa-gemm_bias_relu");
}
