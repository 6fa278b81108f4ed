/* A _Bool given for a kernel's pointer parameter.  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(const float *x, float *y)
{ y[0] = x[0]; }
int main(void)
{
  float x[4] = {1}, y[4];
  pto_launch(k, 1, (_Bool) x, y);
  pto_launch(k, 1, (_Bool) 1, y);
  return 0;
}
