/* GNU statement expressions are rejected in PTO code. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y)
{
  y[0] = ({ int t = 3; t * 2; }); /* { dg-error "statement expressions are not supported in PTO code" } */
}
