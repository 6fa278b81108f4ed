/* The address of a scalar may not escape into a variable. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = n;
  int *p = &s; /* { dg-error "the address of 's' escapes" } */
  y[0] = *p;
}
