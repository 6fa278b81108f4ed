/* ex-gelu_mlp.c - examples/gelu_mlp.c (captured by the plugin into
   ex-gelu_mlp.pto: a GEMM kernel and an epilogue kernel, the bias as a
   column broadcast, a cast to fp16, GELU in f32 and in fp16) with the
   epilogue kernel emitted vs reference mode on 3 blocks, its input the
   reference GEMM's: f32 outputs within pto.h's GELU bound (2^-22
   max(1, |x|), checked as 1e-6 relative above magnitude 1), fp16 within
   one fp16 ulp more.  */
#define main gelu_mlp_example_main
#define gemm ref_gemm
#define bias_gelu ref_bias_gelu
#include "../../examples/gelu_mlp.c"
#undef gemm
#undef bias_gelu
#undef main
#include "harness.h"

void bias_gelu__sim(void *const *args);

static float want[M * N];
static pto_f16 want16[M * N];

static void reset(void)
{
  for (int i = 0; i < M * N; i++) {
    h[i] = -7.0f;
    h16[i] = (pto_f16)-7.0f;
  }
}
static void check_h(const char *o)
{
  (void)o;
  CHECK_ARRAY_NEAR("bias gelu f32", h, want, M * N, 1e-6);
  CHECK_ARRAY_NEAR("bias gelu f16", h16, want16, M * N, 2e-3);
}

int main(void)
{
  for (int i = 0; i < M * K; i++)
    x[i] = (pto_f16)((float)((i * 7) % 11 - 5) * 0.125f);
  for (int i = 0; i < K * N; i++)
    w[i] = (pto_f16)((float)((i * 3) % 7 - 3) * 0.25f);
  for (int j = 0; j < N; j++)
    bias[j] = (float)((j * 5) % 17 - 8) * 0.25f;
  pto_launch(ref_gemm, 3, x, w, c, M, N, K);
  reset();
  pto_launch(ref_bias_gelu, 3, c, bias, h, h16, M, N);
  memcpy(want, h, sizeof want);
  memcpy(want16, h16, sizeof want16);
  int m = M, n = N;
  const float *pc = c, *pb = bias;
  float *ph = h;
  pto_f16 *ph16 = h16;
  void *args[] = { &pc, &pb, &ph, &ph16, &m, &n };
  cce_run(bias_gelu__sim, args, 3, reset, check_h);
  return harness_end("ex-gelu_mlp");
}
