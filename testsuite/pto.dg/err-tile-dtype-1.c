/* Tiles of different element types in an elementwise op are rejected. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x)
{
  t8 a;
  i8 b;
  pto_load(a, x, 16);
  pto_mul(a, a, b); /* { dg-error "'pto_mul': argument 3 has element type 'i32', expected 'f32'" } */
}
