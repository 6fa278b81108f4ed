/* Calling a PTO_INLINE function that is declared but never defined is rejected at the call. */
/* { dg-do compile } */
#include <pto.h>
PTO_INLINE static int missing(int v); /* { dg-warning "used but never defined" } */
PTO_KERNEL void k(int *y, int n)
{
  y[0] = missing(n); /* { dg-error "PTO_INLINE function 'missing' is declared but not defined" } */
}
