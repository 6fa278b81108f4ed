/* pto_load from a pointer to another element type is rejected. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(const int, 8, 16) t8;
typedef PTO_TILE(float, 16, 255) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const int *x)
{
  t8 a;
  pto_load(a, x, 16); /* { dg-error "'pto_load': argument 2 has type 'ptr<const i32>', expected a pointer to f32" } */
}
