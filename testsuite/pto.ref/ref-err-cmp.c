/* Misused comparisons and selects are compile errors in reference mode,
   reported on the offending line: a mask that is not an int32 tile, a
   mask or operand of another shape, operands of two dtypes, a non-tile
   operand.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;
typedef PTO_TILE(float, 16, 32) t16x32;
typedef PTO_TILE(int32_t, 16, 64) i16x64;
typedef PTO_TILE(int32_t, 16, 32) i16x32;

PTO_KERNEL void
k (float *y)
{
  t16x64 a, b;
  t16x32 n;
  i16x64 m, ia;
  i16x32 mn;
  float s = 1.0f;
  pto_load (a, y, 64);
  pto_load (b, y, 64);
  pto_cmp_lt (m, a, b);                 /* fine */
  pto_cmps_ne (m, a, s);                /* fine */
  pto_select (a, m, a, b);              /* fine */
  pto_cmp_gt (a, a, b);                 /* { dg-error "pto_cmp_gt: the mask a must be an int32_t tile" } */
  pto_cmp_le (mn, a, b);                /* { dg-error "pto_cmp_le: the tiles mn and a differ in shape" } */
  pto_cmp_eq (m, a, ia);                /* { dg-error "pto_cmp_eq: the tiles a and ia differ in dtype" } */
  pto_cmps_ge (a, a, s);                /* { dg-error "pto_cmps_ge: the mask a must be an int32_t tile" } */
  pto_cmps_lt (m, n, s);                /* { dg-error "pto_cmps_lt: the tiles m and n differ in shape" } */
  pto_select (a, b, a, b);              /* { dg-error "pto_select: the mask b must be an int32_t tile" } */
  pto_select (a, m, ia, b);             /* { dg-error "pto_select: the tiles a and ia differ in dtype" } */
  pto_select (a, mn, a, b);             /* { dg-error "pto_select: the tiles a and mn differ in shape" } */
  pto_select (a, m, a, s);              /* { dg-error "pto_select: operand s is not a PTO_TILE" } */
  pto_store (y, 64, a);
}
