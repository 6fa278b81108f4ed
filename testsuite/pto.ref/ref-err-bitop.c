/* Misused bitwise operations, shifts and transposes are compile errors
   in reference mode, reported on the offending line: a float or
   _Float16 tile, tiles of two dtypes or shapes, a transpose destination
   not shaped C x R, a non-tile operand.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(float, 16, 8) f16x8;
typedef PTO_TILE(_Float16, 8, 16) h8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 8, 8) i8x8;

PTO_KERNEL void
k (float *y)
{
  f8 a;
  f16x8 t;
  h8 h;
  i8 b, d;
  i8x8 q;
  int s = 3;
  pto_load (a, y, 16);
  pto_and (d, b, b);                    /* fine */
  pto_shrs (d, b, s);                   /* fine */
  pto_transpose (t, a);                 /* fine */
  pto_transpose (q, q);                 /* fine: square, in place */
  pto_and (a, a, a);                    /* { dg-error "pto_and: a must be an int32_t tile" } */
  pto_not (h, h);                       /* { dg-error "pto_not: h must be an int32_t tile" } */
  pto_or (d, b, a);                     /* { dg-error "pto_or: the tiles d and a differ in dtype" } */
  pto_xor (d, b, q);                    /* { dg-error "pto_xor: the tiles d and q differ in shape" } */
  pto_shls (a, a, 1);                   /* { dg-error "pto_shls: a must be an int32_t tile" } */
  pto_shl (d, b, s);                    /* { dg-error "pto_shl: operand s is not a PTO_TILE" } */
  pto_transpose (a, a);                 /* { dg-error "pto_transpose: the tile a is not shaped as the transpose of a" } */
  pto_transpose (t, h);                 /* { dg-error "pto_transpose: the tiles t and h differ in dtype" } */
  pto_store (y, 16, a);
}
