/* _Bool converted to and from float in kernel scalar code.  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(float *y, float a, double d)
{
  float f = a * 2.0f - 1.0f;
  _Bool e = f / a;
  _Bool g = d;
  y[0] = f + (float)e;
  y[1] = e;
  y[2] = g * 0.5;
}
