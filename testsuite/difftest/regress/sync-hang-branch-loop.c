/* sync-hang-branch-loop.c - difftest seed 1038 (minimised).  The CCE
   emit of this kernel did not terminate: pto_sync_insert (backend/cce/sync.c)
   spun on the loop after an if whose body holds another loop with a
   runtime bound.  Cause: vmul(t1, t0, t0) reads one range twice, and the
   analysis state held two records of one key, so the join was not a
   least upper bound and a state did not compare equal to itself; fixed
   by keeping one record per key (st_add).  The pipeline itself was fine
   (pto-opt --pipeline=default), and so were reference mode and sim=jit.
   Textual-IR form: sync-hang-branch-loop.pto.
   Expected on every path: one line of 64 numbers (v*v for in1[i]).  */
#include <pto.h>
#include <string.h>
#ifdef DIFFTEST_CCE
#include "cce_sim.h"
#define k1 ref_k1
void k1__sim(void *const *args);
#endif

typedef PTO_TILE(float, 1, 64) tile_t;

PTO_KERNEL void k1(const float *in1, float *out, int m)
{
  tile_t t0, t1, t2;
  pto_load(t0, in1, 64);
  pto_mul(t1, t0, t0);
  if (m == 3) {
    for (int j = 0; j < m; j += 1)
      pto_load(t2, in1, 64);
  }
  for (int k = 0; k < m; k += 1)
    pto_fill(t0, 1.0f);
  pto_store(out, 64, t1);
}

static float in1[64], out[64];

int main(void)
{
  for (int i = 0; i < 64; i++)
    in1[i] = (float)(i % 9 - 4);
#ifdef DIFFTEST_CCE
  const float *pi = in1;
  float *po = out;
  int m = 3;
  void *args[] = { &pi, &po, &m };
  pto_sim_reset();
  pto_sim_set_mode(PTO_SIM_RECORD);
  pto_sim_begin_block(0, 1);
  k1__sim(args);
  if (pto_sim_end_block())
    printf("SIMULATOR: %s\n", pto_sim_report_text());
#else
  pto_launch(k1, 1, in1, out, 3);
#endif
  for (int i = 0; i < 64; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
