/* Hostile corpus: 8 factors (the limit is inclusive)
   and factors written as long long or char constants are accepted in
   plugin mode as in reference mode; no diagnostic at all.  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(8, 7, 6, 5, 4, 3, 2, 1);
    y[i] = 0;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(64LL, (char)4, 2);
    y[i] = 1;
  }
}
