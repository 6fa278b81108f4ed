/* Launching a kernel that the translation unit does not define is rejected at the launch. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void elsewhere(float *y, int n);
PTO_HOST void run(float *y, int n)
{
  pto_launch(elsewhere, 2, y, n); /* { dg-error "kernel 'elsewhere' is launched here but not defined in this translation unit" } */
}
