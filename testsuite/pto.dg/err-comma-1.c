/* A comma operand with a side effect of its own is rejected at its line
   where the expression does not run exactly once, as in a loop condition
   (capture-comma-fold-1.c: calls of the block intrinsics are not;
   pto.run/scalar-assign.c: in a statement's expression it is a statement
   ahead of it).  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = 0;
  while ((n++, n) < 10) /* { dg-error "the comma operator with side effects is not supported" } */
    s += 2;
  y[0] = s;
}
