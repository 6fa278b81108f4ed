/* Transcendental ops reject int32 tiles. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const int32_t *x)
{
  i8 a;
  pto_load(a, x, 16);
  pto_exp(a, a); /* { dg-error "'pto_exp': argument 1 has element type 'i32', expected a float or f16 tile" } */
}
