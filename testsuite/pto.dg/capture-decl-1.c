/* Scalar declarations with and without initialisers keep their C names and get IR types. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(float *y, int n)
{
  int a = n + 1;
  long b = 7;
  unsigned c;
  float f = 2.5f;
  double d = 1.0;
  _Bool ok = n > 0;
  short s = 3;
  c = 4u;
  y[0] = a + b + c + f + d + ok + s;
}
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var a: i32 = n \+ 1;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var b: i64 = 7:i64;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var c: u32;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var f: f32 = 2.5;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var d: f64 = 1.0:f64;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var ok: bool = n > 0;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {var s: i16 = 3:i16;} } } */
/* { dg-final { scan-file capture-decl-1.c.pto.000.capture {c = 4:u32;} } } */
