/* matmul shapes must chain: c[M][N] += a[M][K] * b[K][N]. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x)
{
  t8 a, c;
  t16 b;
  pto_load(a, x, 16);
  pto_load(b, x, 16);
  pto_fill(c, 0);
  pto_matmul(c, b, a); /* { dg-error "'pto_matmul': argument 3 has shape 8x16, expected 16x16 .K rows, K = columns of argument 2." } */
}
