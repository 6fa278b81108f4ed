/* pto_unroll after another statement of the loop body is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    pto_unroll(2); /* { dg-error "'pto_unroll' must be the first statement of a for loop body" } */
  }
}
