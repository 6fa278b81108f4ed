/* A row reduction needs an R x 1 destination. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x)
{
  t8 a, d;
  pto_load(a, x, 16);
  pto_row_sum(d, a); /* { dg-error "'pto_row_sum': argument 1 has shape 8x16, expected 8x1 .one column per row of argument 2." } */
}
