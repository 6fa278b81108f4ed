/* Local arrays are rejected with a hint to use a tile. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y)
{
  int a[4]; /* { dg-error "arrays are not supported in PTO code: use a tile" } */
  y[0] = 0;
  (void)a;
}
