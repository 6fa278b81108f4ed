/* Calling an ordinary C function from a kernel is rejected, naming the callee. */
/* { dg-do compile } */
#include <pto.h>
extern int helper(int);
PTO_KERNEL void k(int *y, int n)
{
  y[0] = helper(n); /* { dg-error "call to ordinary function 'helper' is not supported in PTO code" } */
}
