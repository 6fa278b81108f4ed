/* static locals are rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y)
{
  static int calls; /* { dg-error "static and extern local variables are not supported" } */
  y[0] = calls;
}
