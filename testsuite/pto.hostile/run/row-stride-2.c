/* A pto_store with run-time row stride 0 stops the program with pto.h's
   message in every mode; sim=cce used to turn it into a broadcast
    A correct stride (16) runs first. */
#include <pto.h>
#include <stdio.h>
typedef PTO_TILE(float, 4, 8) tile_t;
PTO_KERNEL void k(const float *x, float *y, int rs)
{
  tile_t a;
  pto_load(a, x, 8);
  pto_store(y, rs, a);
}
int main(void)
{
  static float x[32], y[64];
  for (int i = 0; i < 32; i++)
    x[i] = (float)i;
  pto_launch(k, 1, x, y, 16);
  printf("%s: stride 16: y[16] = %g, y[31] = %g\n",
         y[16] == 8 && y[31] == 0 ? "PASS" : "FAIL", y[16], y[31]);
  fflush(stdout);
  pto_launch(k, 1, x, y, 0);
  printf("FAIL: the store ran\n");
  return 0;
}
