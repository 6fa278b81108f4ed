/* sync-slow-nested-if.c - difftest seed 1001 (minimised).  The CCE
   emit of this kernel did not finish in minutes: pto_sync_insert
   (backend/cce/sync.c) on a loop whose body holds an if with a nested if (a
   load) followed by a runtime-bound loop.  Cause: an instruction reading
   one range twice gave the analysis state two records of one key, so the
   join was not a least upper bound and the loop state never compared
   equal to itself; fixed by keeping one record per key (st_add).
   Reference mode and sim=jit were fine.  Textual-IR form:
   sync-slow-nested-if.pto.
   Expected on every path: 2 * in1[i] for 32 elements.  */
#include <pto.h>
#include <string.h>
#ifdef DIFFTEST_CCE
#include "cce_sim.h"
#define k0 ref_k0
void k0__sim(void *const *args);
#endif

typedef PTO_TILE(float, 1, 32) tile_t;

PTO_KERNEL void k0(const float *in1, float *out, int n, int m)
{
  tile_t t0, t1, t3, t4;
  pto_load(t0, in1, 32);
  pto_fill(t4, 0.0f);
  for (int w = 0; w < n; w += 1) {
    pto_add(t1, t0, t0);
    pto_fill(t3, 0.0f);
    if (pto_block_idx() == 0) {
      if (n > w)
        pto_load(t3, in1, 32);
      for (int j = m; j > 2; j -= 1)
        pto_maxs(t4, t4, -100.0f);
    }
  }
  pto_store(out, 32, t1);
}

static float in1[32], out[32];

int main(void)
{
  for (int i = 0; i < 32; i++)
    in1[i] = (float)(i % 9 - 4);
#ifdef DIFFTEST_CCE
  const float *pi = in1;
  float *po = out;
  int n = 3, m = 5;
  void *args[] = { &pi, &po, &n, &m };
  pto_sim_reset();
  pto_sim_set_mode(PTO_SIM_RECORD);
  pto_sim_begin_block(0, 1);
  k0__sim(args);
  if (pto_sim_end_block())
    printf("SIMULATOR: %s\n", pto_sim_report_text());
#else
  pto_launch(k0, 1, in1, out, 3, 5);
#endif
  for (int i = 0; i < 32; i++)
    printf("%g ", out[i]);
  printf("\n");
  return 0;
}
