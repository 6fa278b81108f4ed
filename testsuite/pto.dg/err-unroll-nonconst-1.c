/* Non-constant pto_unroll factors are rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(n); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 0;
  }
}
