/* pto_unroll outside any loop, and in a while loop, is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  pto_unroll(2); /* { dg-error "'pto_unroll' must be the first statement of a for loop body" } */
  while (n > 0) {
    pto_unroll(2); /* { dg-error "'pto_unroll' must be the first statement of a for loop body" } */
    n--;
  }
  y[0] = n;
}
