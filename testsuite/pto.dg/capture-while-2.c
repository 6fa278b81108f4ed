/* while (1) is while (true); a constant converted to _Bool is a bool constant. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  while (1) {
    if (n > 10)
      break;
    n = n + 1;
  }
  _Bool b = 5;
  y[0] = n + b;
}
/* { dg-final { scan-file capture-while-2.c.pto.000.capture {while \(true\) @"[^"]*":7:} } } */
/* { dg-final { scan-file capture-while-2.c.pto.000.capture {var b: bool = true;} } } */
