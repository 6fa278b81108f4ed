/* A loop counting down needs a signed index (the IR's step is negative). */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, unsigned n)
{
  for (unsigned i = n; i > 0; i--) /* { dg-error "a loop counting down needs a signed index" } */
    y[i] = 0;
}
