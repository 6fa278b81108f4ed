/* A loop cannot have both #pragma GCC unroll and pto_unroll. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
#pragma GCC unroll 4
  for (int i = 0; i < n; i++) {
    pto_unroll(2); /* { dg-error "both '#pragma GCC unroll' and 'pto_unroll'" } */
    y[i] = 0;
  }
}
