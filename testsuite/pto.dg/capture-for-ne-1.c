/* A != condition with a unit step becomes < or > by the step direction. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  for (int i = 0; i != n; i++)
    s = s + i;
  for (int j = n; j != 0; j--)
    s = s + j;
  y[0] = s;
}
/* { dg-final { scan-file capture-for-ne-1.c.pto.000.capture {for \(i: i32 = 0; i < n; i \+= 1\)} } } */
/* { dg-final { scan-file capture-for-ne-1.c.pto.000.capture {for \(j: i32 = n; j > 0; j \+= -1\)} } } */
