/* pto.run/err-launch.c - pto_launch misuse in ordinary C code
   (frontend/launch.cc): a wrong argument count and a first argument that
   is not a PTO_KERNEL are located errors (run.exp checks both lines).  */

#include <pto.h>

typedef PTO_TILE(float, 1, 8) row_t;

PTO_KERNEL void k(float *x, float s)
{
  row_t t;
  pto_load(t, x, 8);
  pto_muls(t, t, s);
  pto_store(x, 8, t);
}

static void not_a_kernel(float *x, float s) { x[0] = s; }

int main(void)
{
  float x[8] = {0};
  pto_launch(k, 1, x);
  pto_launch(not_a_kernel, 1, x, 2.0f);
  return 0;
}
