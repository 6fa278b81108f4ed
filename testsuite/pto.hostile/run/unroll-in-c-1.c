/* pto_unroll in an ordinary C function has no effect, as in reference
   mode: the program links and runs the same under sim=jit and sim=cce
   (the object used to call an undefined __pto_unroll), next to a kernel
   whose own pto_unroll still applies. */
#include <pto.h>
#include <stdio.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(const float *x, float *y, int n)
{
  tile_t a;
  for (int i = 0; i < n; i++) {
    pto_unroll(2);
    pto_load(a, x + i * 64, 8);
    pto_adds(a, a, 1.0f);
    pto_store(y + i * 64, 8, a);
  }
}
static int fill(float *x, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(4, 2);
    x[i] = (float)i;
  }
  return n;
}
int main(void)
{
  static float x[256], y[256];
  int n = fill(x, 256), bad = 0;
  pto_launch(k, 1, x, y, 4);
  for (int i = 0; i < n; i++)
    bad += y[i] != (float)i + 1.0f;
  printf("%s: pto_unroll in C code and in a kernel\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
