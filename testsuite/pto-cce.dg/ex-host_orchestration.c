/* ex-host_orchestration.c - examples/host_orchestration.c: the two
   kernels relax (in-place load/compute/store on one GM tensor) and
   row_totals, emitted CCE vs reference mode.  */
#define main host_example_main
#define relax ref_relax
#define row_totals ref_row_totals
#include "../../examples/host_orchestration.c"
#undef relax
#undef row_totals
#undef main
#include "harness.h"

void relax__sim(void *const *args);
void row_totals__sim(void *const *args);

enum { NE = NTILES * TILE };
static float t_x[NE], t_x0[NE], t_wx[NE], t_s[NTILES * R], t_ws[NTILES * R];
static void t_reset(void) { memcpy(t_x, t_x0, sizeof t_x); memset(t_s, 0, sizeof t_s); }
static void t_check1(const char *o) { (void)o; CHECK_ARRAY_EQ("x", t_x, t_wx, NE); }
static void t_check2(const char *o) { (void)o; CHECK_ARRAY_EQ("sums", t_s, t_ws, NTILES * R); }

int main(void)
{
  for (int i = 0; i < NE; i++)
    t_x0[i] = (float)(i % 37) * 0.25f;
  int nt = NTILES;
  memcpy(t_wx, t_x0, sizeof t_wx);
  pto_launch(ref_relax, 4, t_wx, nt);
  float *px = t_x;
  void *a1[] = { &px, &nt };
  cce_run(relax__sim, a1, 4, t_reset, t_check1);
  pto_launch(ref_row_totals, 3, t_x0, t_ws, nt);
  const float *pcx = t_x;
  float *ps = t_s;
  void *a2[] = { &pcx, &ps, &nt };
  cce_run(row_totals__sim, a2, 3, t_reset, t_check2);
  return harness_end("ex-host_orchestration");
}
