/* while loops with break and continue are captured. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = n;
  while (s > 1) {
    if (s % 2 == 0) {
      s = s / 2;
      continue;
    }
    if (s == 7)
      break;
    s = 3 * s + 1;
  }
  y[0] = s;
}
/* { dg-final { scan-file capture-while-1.c.pto.000.capture {while \(s > 1\) @"[^"]*":8:} } } */
/* { dg-final { scan-file capture-while-1.c.pto.000.capture {continue;} } } */
/* { dg-final { scan-file capture-while-1.c.pto.000.capture {break;} } } */
