/* pto_store through a pointer to const is rejected. */
/* { dg-do compile } */
/* { dg-options "-Wno-discarded-qualifiers" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x)
{
  t8 a;
  pto_load(a, x, 16);
  pto_store(x, 16, a); /* { dg-error "argument 1 of 'pto_store' is written but points to const" } */
}
