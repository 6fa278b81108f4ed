/* The conditional operator becomes a select. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int a, int b)
{
  int m = a > b ? a - b : b;
  y[0] = m;
}
/* { dg-final { scan-file capture-select-1.c.pto.000.capture {var m: i32 = a > b \? a - b : b;} } } */
