/* Compound assignments and ++/-- become plain assignments x = x OP e. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int a = 0;
  a += n;
  a -= 2;
  a *= n;
  a /= 3;
  a %= 5;
  a <<= 1;
  a >>= 1;
  a &= 7;
  a |= 8;
  a ^= n;
  a++;
  --a;
  y[0] = a;
}
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a \+ n;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a - 2;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a \* n;|a = n \* a;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a / 3;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a % 5;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a << 1;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a >> 1;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a & 7;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a \| 8;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a \^ n;|a = n \^ a;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a \+ 1;} } } */
/* { dg-final { scan-file capture-assign-1.c.pto.000.capture {a = a - 1;} } } */
