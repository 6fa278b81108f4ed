/* Float, double and _Float16 arithmetic keep their types; C conversions are explicit casts. */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(float *y, float a, double d, _Float16 h)
{
  float f = a * 2.0f - 1.0f;
  double e = d / a;
  _Float16 g = h + h;
  float q = f / a;
  y[0] = f + (float)e + g + q;
}
/* { dg-final { scan-file capture-arith-float-1.c.pto.000.capture {var f: f32 = a \* 2.0 - 1.0;} } } */
/* { dg-final { scan-file capture-arith-float-1.c.pto.000.capture {var e: f64 = d / \(f64\)a;} } } */
/* { dg-final { scan-file capture-arith-float-1.c.pto.000.capture {var g: f16 = } } } */
/* { dg-final { scan-file capture-arith-float-1.c.pto.000.capture {var q: f32 = f / a;} } } */
