/* #pragma GCC unroll N becomes unroll=[N] on the loop. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
#pragma GCC unroll 8
  for (int i = 0; i < n; i++)
    s = s + i;
  y[0] = s;
}
/* { dg-final { scan-file capture-pragma-unroll-1.c.pto.000.capture {for \(i: i32 = 0; i < n; i \+= 1\) \[unroll=\[8\]\]} } } */
