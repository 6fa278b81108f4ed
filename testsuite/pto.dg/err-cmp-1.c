/* A comparison writes an int32 mask of its operands' shape from two
   tiles (or a tile and a scalar) of one dtype; a select takes an int32
   mask and three tiles of one shape and dtype; each misuse is one
   located error.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 8, 8) t8x8;
typedef PTO_TILE(_Float16, 8, 16) h8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 8, 8) i8x8;
PTO_KERNEL void k(const float *x, float s)
{
  t8 a, b, d;
  t8x8 n;
  h8 h;
  i8 m;
  i8x8 mn;
  pto_load(a, x, 16);
  pto_load(b, x, 16);
  pto_cmp_lt(d, a, b); /* { dg-error "'pto_cmp_lt': argument 1 has element type 'f32', expected 'i32' .the mask." } */
  pto_cmp_eq(m, a, n); /* { dg-error "'pto_cmp_eq': argument 3 has shape 8x8, expected 8x16 like argument 1" } */
  pto_cmp_ge(mn, a, b); /* { dg-error "'pto_cmp_ge': argument 2 has shape 8x16, expected 8x8 like argument 1" } */
  pto_cmp_ne(m, a, h); /* { dg-error "'pto_cmp_ne': argument 3 has element type 'f16', expected 'f32'" } */
  pto_cmps_gt(d, a, s); /* { dg-error "'pto_cmps_gt': argument 1 has element type 'f32', expected 'i32' .the mask." } */
  pto_select(d, a, a, b); /* { dg-error "'pto_select': argument 2 has element type 'f32', expected 'i32' .the mask." } */
  pto_select(d, m, a, h); /* { dg-error "'pto_select': argument 4 has element type 'f16', expected 'f32'" } */
  pto_select(d, mn, a, b); /* { dg-error "'pto_select': argument 2 has shape 8x8, expected 8x16 like argument 1" } */
  pto_cmps_lt(m, a, s);
  pto_cmps_lt(m, h, s);
  pto_select(d, m, a, b);
}
