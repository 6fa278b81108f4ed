/* Errors of the passes are GCC errors at the user's line (here UnrollLoops' expansion limit), and the compile fails. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-unroll-limit=8" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) { /* { dg-error "over the limit of 8" } */
    pto_unroll(64);
    y[i] = 0;
  }
}
