/* pto_launch checks the kernel and its argument count. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(float *y, int n) { y[0] = n; }
extern void notkernel(void);
PTO_HOST void run(float *y)
{
  pto_launch(k, 4, y); /* { dg-error "'pto_launch': kernel 'k' takes 2 arguments, 1 given" } */
  pto_launch(notkernel, 4, y); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
}
