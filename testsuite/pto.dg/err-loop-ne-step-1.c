/* A != condition needs a unit step. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i != n; i += 2) /* { dg-error "a loop condition with '!=' needs a step of 1 or -1" } */
    y[i] = 0;
}
