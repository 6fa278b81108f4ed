/* A scalar where a tile is due is rejected with its type. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x, float s)
{
  t8 a;
  pto_load(a, x, 16);
  pto_add(a, a, s); /* { dg-error "argument 3 of 'pto_add' must be a tile, not 'float'" } */
}
