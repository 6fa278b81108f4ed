/* if, if/else and else-if chains are captured with their blocks. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int a)
{
  int r = 0;
  if (a > 0)
    r = 1;
  if (a == 2) {
    r = 2;
  } else {
    r = 3;
  }
  if (a < 0)
    r = 4;
  else if (a > 10)
    r = 5;
  else
    r = 6;
  y[0] = r;
}
/* { dg-final { scan-file capture-if-1.c.pto.000.capture {if \(a > 0\) @"[^"]*":8:6 .\n    r = 1;} } } */
/* { dg-final { scan-file capture-if-1.c.pto.000.capture {if \(a == 2\) @[^\n]*.\n    r = 2;[^\n]*\n  . else .\n    r = 3;} } } */
/* { dg-final { scan-file capture-if-1.c.pto.000.capture {. else if \(a > 10\)} } } */
