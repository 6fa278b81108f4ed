/* -fsanitize=undefined wraps a division, a remainder and a shift in
   (CHECK, E) before the plugin sees them; the capture drops CHECK and
   keeps E, as for the rest of the GCC code a kernel replaces (pto-cc in
   a --enable-sanitizers build failed on the examples with "the comma
   operator with side effects").  A real side effect in a comma operand
   stays an error (err-comma-1.c).  */
/* { dg-do compile } */
/* { dg-options "-fsanitize=undefined -fplugin-arg-pto-dump=capture" } */
#include <pto.h>

PTO_INLINE static int half(int x, int d)
{
  return x / d;
}

PTO_KERNEL void k(int *y, int n, int d)
{
  int q = n / d;
  int r = n % d;
  int s = n << d;
  int h = half(n, d);
  y[0] = q + r + s + h;
}
/* { dg-final { scan-file capture-ubsan-1.c.pto.000.capture {var q: i32 = n / d;} } } */
/* { dg-final { scan-file capture-ubsan-1.c.pto.000.capture {var r: i32 = n % d;} } } */
/* { dg-final { scan-file capture-ubsan-1.c.pto.000.capture {var s: i32 = n << d;} } } */
/* { dg-final { scan-file capture-ubsan-1.c.pto.000.capture {return x / d;} } } */
/* { dg-final { scan-file-not capture-ubsan-1.c.pto.000.capture {__builtin|handle_} } } */
