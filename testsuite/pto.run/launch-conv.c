/* pto.run/launch-conv.c - pto_launch arguments get C's conversions to
   the kernel's parameter types, in main() (frontend/launch.cc's rewrite:
   int -> float, int -> _Bool, char -> short, double -> long long by
   truncation; bit-fields, a const-qualified short) and in a PTO_HOST
   function (the front end's capture), and
   a PTO_HOST function returns a value.  Output compared with reference
   mode by run.exp.  */
#include <pto.h>
#include <stdio.h>
typedef PTO_TILE(float, 1, 8) row_t;
PTO_KERNEL void k(const float *x, float *y, float a, _Bool neg, short sh, long long big)
{
  row_t t;
  pto_load(t, x, 8);
  float f = neg ? -a : a;
  pto_muls(t, t, f + (float)sh + (float)(big % 7));
  pto_store(y + pto_block_idx() * 8, 8, t);
}
PTO_HOST int twice(const float *x, float *y, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++) {
    pto_launch(k, 2, x, y + 16 * i, i + 1, i % 2, i * 100, 10000000000LL + i);
    s += i * 2;
  }
  return s;
}
int main(void)
{
  float x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[64];
  char c = 3;
  pto_launch(k, 1, x, y, 2, 7, c, 123.9);
  printf("%g %g\n", (double)y[0], (double)y[7]);
  struct { unsigned three : 3; int neg : 2; } bits = {5, -1};
  const short cs = 4;
  pto_launch(k, 1, x, y + 56, bits.three, bits.neg, cs, bits.three * 4);
  printf("%g %g\n", (double)y[56], (double)y[63]);
  printf("%d\n", twice(x, y, 3));
  for (int i = 0; i < 48; i++) printf("%g ", (double)y[i]);
  printf("\nPASS: launch conversions\n");
  return 0;
}
