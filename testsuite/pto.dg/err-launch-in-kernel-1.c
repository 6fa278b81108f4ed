/* pto_launch inside a kernel is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void a(float *y) { y[0] = 1; }
PTO_KERNEL void b(float *y)
{
  pto_launch(a, 1, y); /* { dg-error "'pto_launch' is only allowed in PTO_HOST functions" } */
}
