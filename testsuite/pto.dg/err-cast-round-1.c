/* pto_cast_round rounds a float or _Float16 tile into an int32 tile of
   its shape by a constant PTO_ROUND_* mode: another destination dtype,
   an int32 source, another shape or a run-time or unknown mode is one
   located error.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) f8;
typedef PTO_TILE(_Float16, 8, 16) h8;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(int32_t, 16, 8) i16x8;
PTO_KERNEL void k(const float *x, int m)
{
  f8 a;
  h8 h;
  i8 d;
  i16x8 e;
  pto_load(a, x, 16);
  pto_cast_round(d, a, PTO_ROUND_FLOOR);
  pto_cast_round(d, h, PTO_ROUND_AWAY);
  pto_cast_round(a, a, PTO_ROUND_CEIL); /* { dg-error "'pto_cast_round': argument 1 has element type 'f32', expected 'i32' .a rounded conversion to int32." } */
  pto_cast_round(d, d, PTO_ROUND_TRUNC); /* { dg-error "'pto_cast_round': argument 2 has element type 'i32', expected a float or f16 tile" } */
  pto_cast_round(e, a, PTO_ROUND_RINT); /* { dg-error "'pto_cast_round': argument 2 has shape 8x16, expected 16x8 like argument 1" } */
  pto_cast_round(d, a, m); /* { dg-error "'pto_cast_round': the rounding mode must be a constant PTO_ROUND_RINT" } */
  pto_cast_round(d, a, 5); /* { dg-error "'pto_cast_round': the rounding mode must be a constant" } */
}
