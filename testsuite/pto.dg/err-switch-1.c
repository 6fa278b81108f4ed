/* switch is rejected at its line with a hint to use if/else. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  switch (n) /* { dg-error "switch statements are not supported in PTO code: use if/else" } */
    {
    case 1: y[0] = 1; break;
    default: y[0] = 2; break;
    }
}
