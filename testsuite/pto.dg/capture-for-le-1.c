/* i <= n is normalised to i < n + 1 (and a constant bound is folded). */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  for (int i = 1; i <= n; i++)
    s = s + i;
  for (int j = 0; j <= 9; ++j)
    s = s + j;
  y[0] = s;
}
/* { dg-final { scan-file capture-for-le-1.c.pto.000.capture {for \(i: i32 = 1; i < n \+ 1; i \+= 1\)} } } */
/* { dg-final { scan-file capture-for-le-1.c.pto.000.capture {for \(j: i32 = 0; j < 10; j \+= 1\)} } } */
