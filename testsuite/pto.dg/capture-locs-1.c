/* Every statement of the dump carries file:line:col of its source. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int a = n;
  a = a + 1;
  if (a > 2)
    a = 0;
  y[0] = a;
}
/* { dg-final { scan-file capture-locs-1.c.pto.000.capture {var a: i32 = n; @"[^"]*capture-locs-1.c":7:7} } } */
/* { dg-final { scan-file capture-locs-1.c.pto.000.capture {a = a \+ 1; @"[^"]*":8:5} } } */
/* { dg-final { scan-file capture-locs-1.c.pto.000.capture {if \(a > 2\) @"[^"]*":9:6} } } */
/* { dg-final { scan-file capture-locs-1.c.pto.000.capture {a = 0; @"[^"]*":10:7} } } */
/* { dg-final { scan-file capture-locs-1.c.pto.000.capture {\*y = a; @"[^"]*":11:8} } } */
