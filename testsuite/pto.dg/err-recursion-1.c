/* Direct recursion of an inline helper is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_INLINE static int f(int n)
{
  return n > 0 ? f(n - 1) : 0; /* { dg-error "'f' calls itself: recursion is not supported" } */
}
PTO_KERNEL void k(int *y, int n) { y[0] = f(n); }
