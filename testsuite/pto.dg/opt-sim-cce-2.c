/* Under -fplugin-arg-pto-sim=cce a kernel the CCE back end cannot lower is
   an error ("sorry, unimplemented") at the construct, not the warning of
   sim=jit: the program would have no simulation of that kernel.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-sim=cce" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 16) f16x16;
typedef PTO_TILE(_Float16, 16, 16) h16x16;

PTO_KERNEL void k(const _Float16 *x, const float *bias, float *y)
{
  h16x16 a, b;
  f16x16 c;
  pto_load(a, x, 16);
  pto_load(b, x + 256, 16);
  pto_load(c, bias, 16);
  pto_matmul(c, a, b);
  pto_adds(c, c, 1.0f);
  y[0] = c.v[0][0]; /* { dg-message "sorry, unimplemented: kernel 'k' is split between the cube core and the vector cores of dav-c220, and this scalar code reads a tile element.*needed by '-fplugin-arg-pto-sim=cce'" } */
  pto_store(y + 16, 16, c);
}
