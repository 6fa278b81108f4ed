/* Calls to PTO_INLINE functions are @name calls; &scalar may be passed to a pointer parameter; helpers disappear from the object. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_INLINE static void bump(int *p, int by)
{
  *p = *p + by;
}

PTO_INLINE static int sq(int v) { return v * v; }

PTO_KERNEL void k(int *y, int n)
{
  int acc = 1;
  bump(&acc, n);
  y[0] = sq(acc) + sq(2);
}
/* { dg-final { scan-file capture-inline-call-1.c.pto.000.capture {inline bump\(p: ptr<i32>, by: i32\)} } } */
/* { dg-final { scan-file capture-inline-call-1.c.pto.000.capture {\*p = \*p \+ by;} } } */
/* { dg-final { scan-file capture-inline-call-1.c.pto.000.capture {@bump\(&acc, n\);} } } */
/* { dg-final { scan-file capture-inline-call-1.c.pto.000.capture {\*y = @sq\(acc\) \+ @sq\(2\);} } } */
/* { dg-final { scan-assembler-not "bump" } } */
/* { dg-final { scan-assembler-not "sq" } } */
