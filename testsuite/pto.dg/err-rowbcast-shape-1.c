/* A row broadcast needs R x 1 row values of the destination's element
   type, a source of the destination's shape, and (except row_expand)
   float or _Float16 tiles; each misuse is one located error. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 8, 8) t8x8;
typedef PTO_TILE(float, 8, 1) c8;
typedef PTO_TILE(float, 4, 1) c4;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 8, 1) ic8;
PTO_KERNEL void k(const float *x)
{
  t8 a, d;
  t8x8 n;
  c8 m;
  c4 m4;
  i8 ia;
  ic8 im;
  pto_load(a, x, 16);
  pto_row_max(m, a);
  pto_row_expand_sub(d, a, m4); /* { dg-error "'pto_row_expand_sub': argument 3 has shape 4x1, expected 8x1 .one value per row of argument 1." } */
  pto_row_expand(d, a); /* { dg-error "'pto_row_expand': argument 2 has shape 8x16, expected 8x1 .one value per row" } */
  pto_row_expand_div(d, n, m); /* { dg-error "'pto_row_expand_div': argument 2 has shape 8x8, expected 8x16 like argument 1" } */
  pto_row_expand_mul(ia, ia, im); /* { dg-error "'pto_row_expand_mul': argument 1 has element type 'i32', expected a float or f16 tile" } */
}
