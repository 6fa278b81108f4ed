/* A column reduction needs a 1 x C destination; a column broadcast
   needs 1 x C column values of the destination's element type and a
   source of the destination's shape, and col_expand_div float or
   _Float16 tiles; each misuse is one located error. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 8, 8) t8x8;
typedef PTO_TILE(float, 1, 16) r16;
typedef PTO_TILE(float, 1, 8) r8;
typedef PTO_TILE(float, 2, 16) r2;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 1, 16) ir16;
PTO_KERNEL void k(const float *x)
{
  t8 a, d;
  t8x8 n;
  r16 r;
  r8 q;
  r2 w;
  i8 ia;
  ir16 ir;
  pto_load(a, x, 16);
  pto_col_sum(w, a); /* { dg-error "'pto_col_sum': argument 1 has shape 2x16, expected 1x16 .one row, a value per column of argument 2." } */
  pto_col_max(q, a); /* { dg-error "'pto_col_max': argument 1 has shape 1x8, expected 1x16" } */
  pto_col_expand_sub(d, a, q); /* { dg-error "'pto_col_expand_sub': argument 3 has shape 1x8, expected 1x16 .one value per column of argument 1." } */
  pto_col_expand_div(d, n, r); /* { dg-error "'pto_col_expand_div': argument 2 has shape 8x8, expected 8x16 like argument 1" } */
  pto_col_expand_max(d, a, ir); /* { dg-error "'pto_col_expand_max': argument 3 has element type 'i32', expected 'f32'" } */
  pto_col_expand_div(ia, ia, ir); /* { dg-error "'pto_col_expand_div': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_col_expand_mul(ia, ia, ir);
}
