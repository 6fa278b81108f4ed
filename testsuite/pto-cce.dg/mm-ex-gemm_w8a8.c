/* mm-ex-gemm_w8a8.c - examples/gemm_w8a8.c (captured by the plugin into
   mm-ex-gemm_w8a8.pto): the emitted CCE of its two kernels, the int8
   GEMM (int32 mads, load_cbuf_to_cb_transpose, the fixpipe's int32
   store) and the vector dequantization (int32 -> f32, per-channel
   scale, -> fp16), vs reference mode bit for bit at the example's
   shapes and block counts, K = 0 included (the scalar unit stores the
   int32 zeros); and (the CCE back end's harness) the fused kernel and
   the fixpipe's per-channel dequantization (VDEQF16 by deq words).  */
#define main gemm_w8a8_example_main
#define gemm_w8a8_mm ref_gemm_w8a8_mm
#define w8a8_dequant ref_w8a8_dequant
#define gemm_w8a8 ref_gemm_w8a8
#define gemm_w8a8_fixpipe ref_gemm_w8a8_fixpipe
#include "../../examples/gemm_w8a8.c"
#undef gemm_w8a8_mm
#undef w8a8_dequant
#undef gemm_w8a8
#undef gemm_w8a8_fixpipe
#undef main
#include "harness.h"

void gemm_w8a8_mm__sim(void *const *args);
void w8a8_dequant__sim(void *const *args);
#ifdef CCE_MIX
/* The CCE back end's harness; PTO-ISA's runs the first two kernels
   (testsuite/pto-isa.dg/mm-ex-gemm_w8a8.pto: it does not split).  */
CCE_MIX(gemm_w8a8);
void gemm_w8a8_fixpipe__sim(void *const *args);
#endif

static int32_t t_want[MAXM * MAXN];
static pto_f16 t_wanty[MAXM * MAXN];
static void t_reset(void)
{
  for (int i = 0; i < MAXM * MAXN; i++)
    c[i] = -7;
}
static void t_check(const char *o)
{
  (void)o;
  CHECK(memcmp(c, t_want, sizeof c) == 0);
}
static void t_resety(void)
{
  for (int i = 0; i < MAXM * MAXN; i++)
    y[i] = (pto_f16)-3.0f;
}
static void t_checky(const char *o)
{
  (void)o;
  CHECK(memcmp(y, t_wanty, sizeof y) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  static const int shapes[][4] = { { 96, 192, 128, 4 }, { 32, 64, 64, 1 },
                                   { 64, 128, 128, 5 }, { 32, 128, 0, 2 } };
  for (int s = 0; s < 4; s++) {
    int m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    int nb = shapes[s][3];
    fill(m, n, k);
    t_reset();
    pto_launch(ref_gemm_w8a8_mm, nb, a, w, c, m, n, k);
    memcpy(t_want, c, sizeof t_want);
    t_resety();
    pto_launch(ref_w8a8_dequant, nb, c, scale, y, m, n);
    memcpy(t_wanty, y, sizeof t_wanty);
    const int8_t *pa = a, *pw = w;
    const int32_t *pcc = c;
    int32_t *pc = c;
    const float *ps = scale;
    pto_f16 *py = y;
    void *args[] = { &pa, &pw, &pc, &m, &n, &k };
    cce_run(gemm_w8a8_mm__sim, args, nb, t_reset, t_check);
    /* The dequantization reads the reference int32 result.  */
    memcpy(c, t_want, sizeof c);
    void *dargs[] = { &pcc, &ps, &py, &m, &n };
    cce_run(w8a8_dequant__sim, dargs, nb, t_resety, t_checky);
#ifdef CCE_MIX
    /* The fused kernel gives the same fp16 bits.  */
    void *fargs[] = { &pa, &pw, &ps, &py, &m, &n, &k };
    cce_run_mix(CCE_MIX_ARGS(gemm_w8a8), fargs, nb, t_resety, t_checky);
    /* The fixpipe's dequantization by deq words, against reference
       mode's.  */
    t_resety();
    pto_launch(ref_gemm_w8a8_fixpipe, nb, a, w, deq, y, m, n, k);
    memcpy(t_wanty, y, sizeof t_wanty);
    const uint64_t *pq = deq;
    void *qargs[] = { &pa, &pw, &pq, &py, &m, &n, &k };
    cce_run(gemm_w8a8_fixpipe__sim, qargs, nb, t_resety, t_checky);
#endif
  }
  (void)run;
  return harness_end("mm-ex-gemm_w8a8");
}
