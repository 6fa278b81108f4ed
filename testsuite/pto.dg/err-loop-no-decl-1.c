/* A for loop must declare its index in the header. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int i;
  for (i = 0; i < n; i++) /* { dg-error "unsupported for loop: PTO loops are counted loops" } */
    y[i] = 0;
}
