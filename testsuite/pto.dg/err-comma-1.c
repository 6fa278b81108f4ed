/* A comma operand with a side effect of its own is rejected at its line
   (capture-comma-fold-1.c: calls of the block intrinsics are not).  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  y[0] = (n++, n); /* { dg-error "the comma operator with side effects is not supported" } */
}
