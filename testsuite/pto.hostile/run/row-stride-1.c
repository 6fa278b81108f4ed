/* A pto_load whose run-time row stride (3) is less than the tile's 8
   columns stops the program with pto.h's message in reference mode,
   sim=jit and sim=cce alike; sim=cce used to overlap the rows silently
   */
#include <pto.h>
#include <stdio.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(const float *x, float *y, int rs)
{
  tile_t a;
  pto_load(a, x, rs);
  pto_store(y, 8, a);
}
int main(void)
{
  static float x[256], y[64];
  pto_launch(k, 1, x, y, 3);
  printf("FAIL: the load ran\n");
  return 0;
}
