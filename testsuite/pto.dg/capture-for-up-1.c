/* An increasing loop with constant bounds is captured as i < stop with its step. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y)
{
  int s = 0;
  for (int i = 0; i < 16; i += 4)
    s = s + i;
  y[0] = s;
}
/* { dg-final { scan-file capture-for-up-1.c.pto.000.capture {for \(i: i32 = 0; i < 16; i \+= 4\) @"[^"]*":8:3 .} } } */
