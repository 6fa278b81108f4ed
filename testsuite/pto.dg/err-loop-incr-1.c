/* An increment that is not i += STEP is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 1; i < n; i *= 2) /* { dg-error "unsupported loop increment" } */
    y[i] = 0;
}
