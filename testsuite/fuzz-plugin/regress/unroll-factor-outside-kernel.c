/* Zero and negative pto_unroll factors are rejected. */
/* { dg-do compile } */
#include <pto.h>
void k(int *y, int n)
{
  for (int i = 0x7fffffffffffffff; i < n; i++) {
    pto_unroll(4, 0); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 0;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(-2); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 1;
  }
}
