/* pto.run/multi-a.c - with multi-b.c and multi-main.c: a program of three
   units.  Kernel registration is per module: both kernel units register
   the same pto_kernels section (idempotent), and each unit's static
   PTO_HOST function `step' gets its own hidden symbol.  */

#include <pto.h>

typedef PTO_TILE(float, 1, 16) row_t;

PTO_KERNEL void ka(float *x, float s)
{
  row_t t;
  pto_load(t, x + pto_block_idx() * 16, 16);
  pto_muls(t, t, s);
  pto_store(x + pto_block_idx() * 16, 16, t);
}

PTO_HOST static void step(float *x)
{
  pto_launch(ka, 2, x, 3.0f);
}

void run_a(float *x)
{
  step(x);
}
