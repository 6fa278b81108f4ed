/* An assignment used as a value becomes a statement ahead of the one that uses it: `s = (n += 2) * 3' is n = n + 2 then s = n * 3, and `t = n++ + 1' copies n into a fresh variable before incrementing it. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s;
  s = (n += 2) * 3;
  int t = n++ + 1;
  y[0] = s + t;
}
/* { dg-final { scan-file capture-inner-assign-1.c.pto.000.capture {n = n \+ 2;[^\n]*\n *s = n \* 3;} } } */
/* { dg-final { scan-file capture-inner-assign-1.c.pto.000.capture {var old: i32 = n;[^\n]*\n *n = n \+ 1;[^\n]*\n *var t: i32 = old \+ 1;} } } */
