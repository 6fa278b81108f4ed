/* mm-ex-gemm_bf16.c - examples/gemm_bf16.c (captured by the plugin into
   mm-ex-gemm_bf16.pto): the emitted CCE of the bf16 GEMM (bf16 mads,
   the fixpipe's F322BF16 on the way to GM) vs reference mode bit for
   bit at the example's shapes and block counts, K = 0 included (the
   scalar unit stores bf16 zeros).  */
#define main gemm_bf16_example_main
#define gemm_bf16 ref_gemm_bf16
#include "../../examples/gemm_bf16.c"
#undef gemm_bf16
#undef main
#include "harness.h"

void gemm_bf16__sim(void *const *args);

static pto_bf16 t_want[MAXM * MAXN];
static void t_reset(void)
{
  for (int i = 0; i < MAXM * MAXN; i++)
    c[i] = bf16_of(-1.0);
}
static void t_check(const char *o)
{
  (void)o;
  CHECK(memcmp(c, t_want, sizeof c) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  static const int shapes[][4] = { { 96, 128, 128, 4 }, { 32, 32, 32, 1 },
                                   { 64, 96, 64, 5 }, { 32, 64, 0, 2 } };
  for (int s = 0; s < 4; s++) {
    int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    int nb = shapes[s][3];
    fill(m, n, k);
    t_reset();
    pto_launch(ref_gemm_bf16, nb, a, b, c, m, n, k);
    memcpy(t_want, c, sizeof t_want);
    const pto_bf16 *pa = a, *pb = b;
    pto_bf16 *pc = c;
    void *args[] = { &pa, &pb, &pc, &m, &n, &k };
    cce_run(gemm_bf16__sim, args, nb, t_reset, t_check);
  }
  (void)run;
  return harness_end("mm-ex-gemm_bf16");
}
