/* ex-reduce.c - examples/reduce.c: int32 row sums/maxes (wrapping) and
   f32 abs/relu row sums and row max, emitted CCE vs reference mode.  */
#define main reduce_example_main
#define reduce_i32 ref_reduce_i32
#define reduce_f32 ref_reduce_f32
#include "../../examples/reduce.c"
#undef reduce_i32
#undef reduce_f32
#undef main
#include "harness.h"

void reduce_i32__sim(void *const *args);
void reduce_f32__sim(void *const *args);

static int32_t t_xi[ROWS * C], t_s[ROWS], t_m[ROWS], t_ws[ROWS], t_wm[ROWS];
static float t_xf[ROWS * C], t_a[ROWS], t_r[ROWS], t_mx[ROWS];
static float t_wa[ROWS], t_wr[ROWS], t_wmx[ROWS];
static void t_reset(void)
{
  memset(t_s, 0, sizeof t_s); memset(t_m, 0, sizeof t_m);
  memset(t_a, 0, sizeof t_a); memset(t_r, 0, sizeof t_r);
  memset(t_mx, 0, sizeof t_mx);
}
static void t_check_i(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("isum", t_s, t_ws, ROWS);
  CHECK_ARRAY_EQ("imax", t_m, t_wm, ROWS);
}
static void t_check_f(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("abs sum", t_a, t_wa, ROWS);
  CHECK_ARRAY_EQ("relu sum", t_r, t_wr, ROWS);
  CHECK_ARRAY_EQ("max", t_mx, t_wmx, ROWS);
}

int main(void)
{
  for (int i = 0; i < ROWS * C; i++) {
    t_xi[i] = (int32_t)((uint32_t)i * 2654435761u);
    t_xf[i] = (float)((i * 13) % 41 - 20) * 0.5f;
  }
  int rows = ROWS;
  pto_launch(ref_reduce_i32, 3, t_xi, t_ws, t_wm, rows);
  const int32_t *pxi = t_xi;
  int32_t *ps = t_s, *pm = t_m;
  void *ai[] = { &pxi, &ps, &pm, &rows };
  cce_run(reduce_i32__sim, ai, 3, t_reset, t_check_i);
  pto_launch(ref_reduce_f32, 4, t_xf, t_wa, t_wr, t_wmx, rows);
  const float *pxf = t_xf;
  float *pa = t_a, *pr = t_r, *pmx = t_mx;
  void *af[] = { &pxf, &pa, &pr, &pmx, &rows };
  cce_run(reduce_f32__sim, af, 4, t_reset, t_check_f);
  return harness_end("ex-reduce");
}
