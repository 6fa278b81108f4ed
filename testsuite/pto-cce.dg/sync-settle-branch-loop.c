/* sync-settle-branch-loop.c - the kernel of difftest seed 1038 (a loop
   after an if that holds a loop with a runtime bound; the sync analysis
   once never settled on it): the emitted CCE, with its loops analysed
   (not fenced), runs race-free in the simulator and computes what
   reference mode computes, for m = 0, 1, 3 (the branch taken) and 5.  */
#include "harness.h"

typedef PTO_TILE(float, 1, 64) tile_t;

static PTO_KERNEL void ref_k1(const float *in1, float *out, int m)
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

void k1__sim(void *const *args);

static float in1[64], out[64], want[64];

static void reset(void) { memset(out, 0, sizeof out); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("out", out, want, 64);
}

int main(void)
{
  static const int ms[] = { 0, 1, 3, 5 };
  for (int i = 0; i < 64; i++)
    in1[i] = (float)(i % 9 - 4);
  const float *pi = in1;
  float *po = out;
  int m = 0;
  void *args[] = { &pi, &po, &m };
  for (unsigned c = 0; c < sizeof ms / sizeof ms[0]; c++) {
    m = ms[c];
    memset(want, 0, sizeof want);
    pto_launch(ref_k1, 1, in1, want, m);
    cce_run(k1__sim, args, 1, reset, check);
  }
  return harness_end("sync-settle-branch-loop");
}
