/* pto.run/static-host.c - a static PTO_HOST function with scalar control
   flow around its launches.

   plan() is static: the plugin gives its JIT definition a hidden symbol
   unique to the unit (so two units may each have a static plan()), and
   main() calls it.  Its body computes block counts with integer
   arithmetic, branches and a while loop, and launches bump() several
   times.  The output must equal reference mode's (run.exp builds both,
   at -O2, -O0 -g and -flto).  */

#include <pto.h>
#include <stdio.h>

enum { C = 16, NT = 12 };

typedef PTO_TILE(int32_t, 1, C) row_t;

/* x[t] += step for each tile t this block owns.  */
PTO_KERNEL void bump(int32_t *x, int32_t step, int ntiles)
{
  row_t t;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(t, x + i * C, C);
    pto_adds(t, t, step);
    pto_store(x + i * C, C, t);
  }
}

PTO_HOST static void plan(int32_t *x, int ntiles, int rounds)
{
  int r = 0;
  while (r < rounds) {
    int blocks = (ntiles + r) / (r + 1);
    if (blocks > 4)
      blocks = 4;
    else if (blocks < 1)
      blocks = 1;
    int step = r % 2 == 0 ? r + 1 : -(r * 3);
    pto_launch(bump, blocks, x, step, ntiles);
    r = r + 1;
  }
}

static int32_t x[NT * C];

int main(void)
{
  for (int i = 0; i < NT * C; i++)
    x[i] = i * 7 - 300;
  plan(x, NT, 5);
  long sum = 0;
  for (int i = 0; i < NT * C; i++)
    sum += (long)x[i] * (i % 5 + 1);
  printf("sum %ld first %d last %d\n", sum, (int)x[0], (int)x[NT * C - 1]);
  printf("%s: static PTO_HOST plan\n", sum != 0 ? "PASS" : "FAIL");
  return 0;
}
