/* The index of a counted loop cannot be modified in the body. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    i = i + 1; /* { dg-error "the index 'i' of a counted for loop must not be modified" } */
  }
}
