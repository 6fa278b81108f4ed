/* i32-row-max-negative.c - difftest seed 10 (minimised).  pto_row_max of
   an int32 8x32 tile whose rows are all negative gave 0 on the CCE
   simulator: vcmax's disabled lanes held INT64_MIN, which the s32 tree
   reduction wrapped to 0 (runtime/sim-vec.c reduce_lanes).  Expected on
   every path: -8 x 8.  */
#include <pto.h>
#include <string.h>
#ifdef DIFFTEST_CCE
#include "cce_sim.h"
#define k0 ref_k0
void k0__sim(void *const *args);
#endif

enum { R = 8, C = 32 };
typedef PTO_TILE(int32_t, R, C) tile_t;
typedef PTO_TILE(int32_t, R, 1) col_t;

PTO_KERNEL void k0(const int32_t *in, int32_t *ocol)
{
  tile_t t;
  col_t ct;
  pto_load(t, in, C);
  pto_row_max(ct, t);
  pto_store(ocol, 1, ct);
}

static int32_t in[R * C], ocol[R];

int main(void)
{
  for (int i = 0; i < R * C; i++)
    in[i] = -8 - i % 5 * (i % C != 7);    /* row maximum -8 at column 7 */
#ifdef DIFFTEST_CCE
  const int32_t *pi = in;
  int32_t *po = ocol;
  void *args[] = { &pi, &po };
  pto_sim_reset();
  pto_sim_set_mode(PTO_SIM_RECORD);
  pto_sim_begin_block(0, 1);
  k0__sim(args);
  if (pto_sim_end_block())
    printf("SIMULATOR: %s\n", pto_sim_report_text());
#else
  pto_launch(k0, 1, in, ocol);
#endif
  for (int i = 0; i < R; i++)
    printf("%d ", ocol[i]);
  printf("\n");
  return 0;
}
