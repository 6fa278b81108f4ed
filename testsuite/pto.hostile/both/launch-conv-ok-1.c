/* Conversions C does silently stay silent in both modes: an int to a
   float parameter, a double to an int one, a _Complex to an int one (its
   imaginary part dropped, as C does), a non-const pointer to a const one.
   (Issue 20 item 1.) */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void kf(const float *x, float *y, float a, int n) { y[0] = x[0] * a + (float)n; }
PTO_HOST void run(float *y, int i, double d, short h)
{
  pto_launch(kf, 1, y, y, i, d);
  pto_launch(kf, 1, y, y, h, h);
}
void run_c(float *y, int i, double d, _Complex double z)
{
  pto_launch(kf, 1, y, y, i, d);
  pto_launch(kf, 1, y, y, d, z);
}
