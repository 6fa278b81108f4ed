/* An inline helper returning a scalar is captured with its return type and return statement; a void return in a kernel is a plain return. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_INLINE static int twice(int v)
{
  return v * 2;
}

PTO_INLINE static void nothing(int v)
{
  (void)v;
}

PTO_KERNEL void k(int *y, int n)
{
  nothing(n);
  y[0] = twice(n);
  if (n > 3)
    return;
  y[1] = 0;
}
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {inline twice\(v: i32\) -> i32 @"[^"]*":5:} } } */
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {return v \* 2;} } } */
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {inline nothing\(v: i32\) @} } } */
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {if \(n > 3\) [^\n]*\n    return; @} } } */
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {@nothing\(n\);} } } */
/* { dg-final { scan-file capture-return-1.c.pto.000.capture {\*y = @twice\(n\);} } } */
