/* pto.run/multi-b.c - see multi-a.c.  */

#include <pto.h>

typedef PTO_TILE(float, 1, 16) row_t;

PTO_KERNEL void kb(float *x, float s)
{
  row_t t;
  pto_load(t, x + pto_block_idx() * 16, 16);
  pto_adds(t, t, s);
  pto_store(x + pto_block_idx() * 16, 16, t);
}

PTO_HOST static void step(float *x)
{
  pto_launch(kb, 2, x, -1.5f);
}

void run_b(float *x)
{
  step(x);
}
