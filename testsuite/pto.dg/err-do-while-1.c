/* do-while is rejected with a hint. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int i = 0;
  do { /* { dg-error "do-while loops are not supported in PTO code: write a while loop" } */
    i++;
  } while (i < n);
  y[0] = i;
}
