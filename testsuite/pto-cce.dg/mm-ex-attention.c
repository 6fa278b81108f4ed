/* mm-ex-attention.c - examples/attention.c (captured by the plugin
   into mm-ex-attention.pto) on dav-c220, where the back end splits it
   between the cube core and the vector cores (backend/cce/split.c),
   and with MM_M200 (mm-ex-attention-m200.c) on dav-m200, one core:
   the emitted CCE of the online-softmax attention head vs reference
   mode at the example's five shapes (two not multiples of the tiles)
   and 1 to 3 blocks.  exp comes from libm on both sides but the vector
   unit's order of operations differs from reference mode (the scores,
   fp16 rounding of P after exp): 1e-5 relative.  */
#define main attention_example_main
#define attention ref_attention
#include "../../examples/attention.c"
#undef attention
#undef main
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#define MM_NAME "mm-ex-attention-m200"
void attention__sim(void *const *args);
#define RUN(args, nb) cce_run(attention__sim, args, nb, t_reset, t_check)
#else
#define MM_ARCH "dav-c220"
#define MM_NAME "mm-ex-attention"
CCE_MIX(attention);
#define RUN(args, nb) \
  cce_run_mix(CCE_MIX_ARGS(attention), args, nb, t_reset, t_check)
#endif

static float t_want[MAXQ * D];
/* -1 everywhere: an element the kernel does not write shows.  */
static void t_reset(void)
{
  for (int i = 0; i < MAXQ * D; i++)
    o[i] = -1.0f;
}
static void t_check(const char *ord)
{
  (void)ord;
  CHECK_ARRAY_NEAR("o", o, t_want, MAXQ * D, 1e-5);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  static const int shapes[][3] = { { 64, 128, 3 }, { 32, 64, 1 }, { 16, 32, 2 },
                                   { 40, 72, 2 }, { 7, 5, 1 } };
  for (int t = 0; t < 5; t++) {
    int sq = shapes[t][0], sk = shapes[t][1], nb = shapes[t][2];
    for (int i = 0; i < sq * D; i++)
      q[i] = (pto_f16)(float)((i * 7 + t) % 13 - 6) * (pto_f16)0.25f;
    for (int i = 0; i < D * sk; i++)
      kt[i] = (pto_f16)(float)((i * 5 + t) % 11 - 5) * (pto_f16)0.25f;
    for (int i = 0; i < sk * D; i++)
      v[i] = (pto_f16)(float)((i * 3 + t) % 9 - 4) * (pto_f16)0.5f;
    t_reset();
    pto_launch(ref_attention, nb, q, kt, v, o, sq, sk);
    memcpy(t_want, o, sizeof t_want);
    CHECK(check(sq, sk, nb));
    const pto_f16 *pq = q, *pk = kt, *pv = v;
    float *po = o;
    void *args[] = { &pq, &pk, &pv, &po, &sq, &sk };
    RUN(args, nb);
  }
  return harness_end(MM_NAME);
}
