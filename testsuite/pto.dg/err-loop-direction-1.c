/* A loop whose condition and step disagree is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i--) /* { dg-error "the loop condition and the step disagree: a loop counting up needs a positive step" } */
    y[0] = i;
}
