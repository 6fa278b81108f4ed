/* Implicit and explicit conversions become casts; conversions between C types with one IR type vanish. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
#include <stdint.h>
PTO_KERNEL void k(float *y, int a, long b, int32_t c)
{
  long w = a;
  int32_t same = a;
  float f = (float)b;
  int t = (int)y[0];
  double d = c;
  y[1] = f + w + same + t + d;
}
/* { dg-final { scan-file capture-cast-1.c.pto.000.capture {var w: i64 = \(i64\)a;} } } */
/* { dg-final { scan-file capture-cast-1.c.pto.000.capture {var same: i32 = a;} } } */
/* { dg-final { scan-file capture-cast-1.c.pto.000.capture {var f: f32 = \(f32\)b;} } } */
/* { dg-final { scan-file capture-cast-1.c.pto.000.capture {var t: i32 = \(i32\)\*y;} } } */
/* { dg-final { scan-file capture-cast-1.c.pto.000.capture {var d: f64 = \(f64\)c;} } } */
