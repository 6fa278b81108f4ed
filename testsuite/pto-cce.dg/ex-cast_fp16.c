/* ex-cast_fp16.c - examples/cast_fp16.c: f32 <-> f16 round trips,
   fp16 arithmetic and f16 -> int32, emitted CCE vs reference mode.  The
   kernel parameter named `half' (a CCE type name) is renamed in the
   .cce.  */
#define main cast_example_main
#define round_trip ref_round_trip
#define fp16_arith ref_fp16_arith
#define fp16_to_int ref_fp16_to_int
#include "../../examples/cast_fp16.c"
#undef round_trip
#undef fp16_arith
#undef fp16_to_int
#undef main
#include "harness.h"

void round_trip__sim(void *const *args);
void fp16_arith__sim(void *const *args);
void fp16_to_int__sim(void *const *args);

enum { NE = NTILES * TILE };
static float t_in[NE], t_back[NE], t_wback[NE];
static pto_f16 t_h[NE], t_wh[NE], t_a[NE], t_b[NE], t_o[NE], t_wo[NE];
static int32_t t_n[NE], t_wn[NE];
static void t_reset(void)
{
  memset(t_back, 0, sizeof t_back); memset(t_h, 0, sizeof t_h);
  memset(t_o, 0, sizeof t_o); memset(t_n, 0, sizeof t_n);
}
static void t_check1(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("half", t_h, t_wh, NE);
  CHECK_ARRAY_EQ("back", t_back, t_wback, NE);
}
static void t_check2(const char *o) { (void)o; CHECK_ARRAY_EQ("out", t_o, t_wo, NE); }
static void t_check3(const char *o) { (void)o; CHECK_ARRAY_EQ("ints", t_n, t_wn, NE); }

int main(void)
{
  for (int i = 0; i < NE; i++) {
    t_in[i] = (float)((i * 7919) % 20011 - 10005) * 0.731f;
    t_a[i] = (pto_f16)((float)((i * 13) % 97 - 48) * 0.37f);
    t_b[i] = (pto_f16)((float)((i * 29) % 89 - 44) * 0.11f);
  }
  t_in[0] = 1e6f; t_in[1] = -1e6f; t_in[2] = 65519.0f; t_in[3] = 65520.0f;
  int nt = NTILES;
  pto_launch(ref_round_trip, 4, t_in, t_wh, t_wback, nt);
  const float *pin = t_in;
  pto_f16 *ph = t_h;
  float *pb = t_back;
  void *a1[] = { &pin, &ph, &pb, &nt };
  cce_run(round_trip__sim, a1, 4, t_reset, t_check1);

  pto_launch(ref_fp16_arith, 3, t_a, t_b, t_wo, nt);
  const pto_f16 *pa = t_a, *pbb = t_b;
  pto_f16 *po = t_o;
  void *a2[] = { &pa, &pbb, &po, &nt };
  cce_run(fp16_arith__sim, a2, 3, t_reset, t_check2);

  pto_launch(ref_fp16_to_int, 2, t_a, t_wn, nt);
  int32_t *pn = t_n;
  void *a3[] = { &pa, &pn, &nt };
  cce_run(fp16_to_int__sim, a3, 2, t_reset, t_check3);
  return harness_end("ex-cast_fp16");
}
