/* goto is rejected at its line. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  if (n > 0)
    goto done; /* { dg-error "goto is not supported in PTO code" } */
  y[0] = 1;
done:
  y[1] = 2;
}
