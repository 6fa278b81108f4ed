/* Under -fno-builtin the C library's sqrtf, fminf, floor ... are still the IR's math forms (the accepted names, declared by <math.h>). */
/* { dg-do compile } */
/* { dg-options "-fno-builtin -fplugin-arg-pto-dump=capture" } */
#include <math.h>
#include <pto.h>
PTO_KERNEL void k(float *y, float a, float b)
{
  y[0] = sqrtf(a) + fminf(a, b);
  float f = floor(b);
  y[1] = f;
}
/* { dg-final { scan-file capture-libm-2.c.pto.000.capture {\*y = sqrt\(a\) \+ \(a < b \|\| b != b \? a : b\);} } } */
/* { dg-final { scan-file capture-libm-2.c.pto.000.capture {var f: f32 = floor\(b\);} } } */
