/* Integer arithmetic, bitwise and unary operators are captured with their IR operators. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int a, int b, unsigned u)
{
  int s = a - b;
  int q = a / b;
  int r = a % b;
  int n = -a;
  int m = ~b;
  unsigned v = u >> 2;
  int w = (a << 3) | (b & 12);
  y[0] = s + q + r + n + m + (int)v + w;
}
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var s: i32 = a - b;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var q: i32 = a / b;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var r: i32 = a % b;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var n: i32 = -a;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var m: i32 = ~b;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var v: u32 = u >> 2:u32;} } } */
/* { dg-final { scan-file capture-arith-int-1.c.pto.000.capture {var w: i32 = a << 3 \| b & 12;|var w: i32 = b & 12 \| a << 3;} } } */
