/* sync-settle-nested-if.c - the kernel of difftest seed 1001 (loops in
   branches within a loop; the sync analysis once never settled on it):
   the emitted CCE, with every loop analysed (not fenced), runs without
   a simulator report (race, unpaired flag) for n = 0, 1, 3 and m = 2,
   3, 5, on 1 and 2 blocks (block 0 takes the branch).  The kernel has
   no output: the check is the race detector's.  */
#include "harness.h"

void k0__sim(void *const *args);

static float in1[32];

int main(void)
{
  static const int ns[] = { 0, 1, 3 }, ms[] = { 2, 3, 5 };
  for (int i = 0; i < 32; i++)
    in1[i] = (float)i;
  const float *pi = in1;
  int n = 0, m = 0;
  void *args[] = { &pi, &n, &m };
  for (unsigned a = 0; a < sizeof ns / sizeof ns[0]; a++)
    for (unsigned b = 0; b < sizeof ms / sizeof ms[0]; b++)
      for (int blocks = 1; blocks <= 2; blocks++) {
        n = ns[a];
        m = ms[b];
        cce_run(k0__sim, args, blocks, NULL, NULL);
      }
  return harness_end("sync-settle-nested-if");
}
