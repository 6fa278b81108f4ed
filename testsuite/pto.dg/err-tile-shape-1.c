/* Tiles of different shapes in an elementwise op: error at the argument, naming both types. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x)
{
  t8 a, b;
  t16 c;
  pto_load(a, x, 16);
  pto_load(b, x, 16);
  pto_add(a, b, c); /* { dg-error "'pto_add': argument 3 has shape 16x16, expected 8x16 like argument 1" } */
}
