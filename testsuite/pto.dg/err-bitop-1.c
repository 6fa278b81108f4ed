/* The bitwise operations and shifts take int32 tiles only: a float or
   _Float16 tile is one located error naming the op and the dtype; a
   constant shift count outside [0, 31] is one located error; a
   transpose needs a C x R destination of the source's dtype.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(float, 16, 8) f16x8;
typedef PTO_TILE(_Float16, 8, 16) h8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 16, 8) i16x8;
PTO_KERNEL void k(const float *x, int s)
{
  f8 a;
  f16x8 t;
  h8 h;
  i8 b, d;
  i16x8 it;
  pto_load(a, x, 16);
  pto_and(d, b, b);
  pto_shls(d, b, s);
  pto_shrs(d, b, 31);
  pto_and(a, a, a); /* { dg-error "'pto_and': argument 1 has element type 'f32', expected an i32 tile" } */
  pto_xor(h, h, h); /* { dg-error "'pto_xor': argument 1 has element type 'f16', expected an i32 tile" } */
  pto_or(d, b, a); /* { dg-error "'pto_or': argument 3 has element type 'f32', expected 'i32'" } */
  pto_not(a, a); /* { dg-error "'pto_not': argument 1 has element type 'f32', expected an i32 tile" } */
  pto_shl(d, b, it); /* { dg-error "'pto_shl': argument 3 has shape 16x8, expected 8x16 like argument 1" } */
  pto_shls(a, a, 2); /* { dg-error "'pto_shls': argument 1 has element type 'f32', expected an i32 tile" } */
  pto_shls(d, b, 32); /* { dg-error "'pto_shls': the shift count 32 lies outside \\\[0, 31\\\]" } */
  pto_shrs(d, b, -1); /* { dg-error "'pto_shrs': the shift count -1 lies outside \\\[0, 31\\\]" } */
  pto_transpose(t, a);
  pto_transpose(a, a); /* { dg-error "'pto_transpose': argument 1 has shape 8x16, expected 16x8 .the transpose of argument 2." } */
  pto_transpose(it, a); /* { dg-error "'pto_transpose': argument 1 has element type 'i32', expected 'f32'" } */
}
