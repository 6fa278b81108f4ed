/* The C library's math functions on scalars become the IR's function forms: sqrtf, expf, logf, floorf, ceilf (also spelled __builtin_) are sqrt() ... ceil() of f32, fabsf is abs(), fminf/fmaxf a select with their NaN rule, and a double form on a float is the float form when that is exact (sqrt, floor, fmin), while exp of a promoted float stays in f64. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <math.h>
#include <pto.h>
PTO_KERNEL void k(float *y, double *z, float a, float b)
{
  y[0] = sqrtf(a);
  y[1] = expf(a) + logf(b);
  y[2] = floorf(a) - __builtin_ceilf(b);
  y[3] = fabsf(a);
  y[4] = fminf(a, b);
  y[5] = fmaxf(a, 1.5f);
  float s = sqrt(a);
  float f = floor(b);
  float m = fmin(a, b);
  y[6] = s + f + m;
  float e = exp(a); /* { dg-warning "no CCE is written.*'exp' of a double: the CCE back end lowers the float forms only" } */
  y[7] = e;
  z[0] = sqrt(a); /* { dg-message "also not supported by the CCE back end: 'sqrt' of a double" } */
}
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {\*y = sqrt\(a\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {y\[1\] = exp\(a\) \+ log\(b\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {y\[2\] = floor\(a\) - ceil\(b\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {y\[3\] = abs\(a\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {y\[4\] = a < b \|\| b != b \? a : b;} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {y\[5\] = a > 1.5 \|\| 1.5 != 1.5 \? a : 1.5;} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {var s: f32 = sqrt\(a\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {var f: f32 = floor\(b\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {var m: f32 = a < b \|\| b != b \? a : b;} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {var e: f32 = \(f32\)exp\(\(f64\)a\);} } } */
/* { dg-final { scan-file capture-libm-1.c.pto.000.capture {\*z = sqrt\(\(f64\)a\);} } } */
