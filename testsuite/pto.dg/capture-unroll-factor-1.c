/* pto_unroll_factor() is the unroll_factor op. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(2, 1);
    y[i] = pto_unroll_factor();
  }
}
/* { dg-final { scan-file capture-unroll-factor-1.c.pto.000.capture {y\[i\] = pto.unroll_factor\(\);} } } */
