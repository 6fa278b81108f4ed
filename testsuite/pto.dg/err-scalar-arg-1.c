/* A pointer where an integer operand (the row stride) is due is rejected with its type. */
/* { dg-do compile } */
/* { dg-options "-Wno-int-conversion" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x, float *y)
{
  t8 a;
  pto_load(a, x, 16);
  pto_load(a, x, y); /* { dg-error "argument 3 of 'pto_load' must be an integer, not 'float \\*'" } */
}
