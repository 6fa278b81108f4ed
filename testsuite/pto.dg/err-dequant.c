/* pto_dequant and pto_col_dequant in plugin mode: an fp16 tile from an
   int32 tile with a float scale (an int or double scale converts to
   float), or with a 1 x C float row of scales, compiles, and so does
   pto_deq_scale of float tiles; a destination other than fp16, a
   source other than int32, scales of another dtype or shape, a shape
   mismatch and a non-tile operand are located errors naming the operand
   and what it must be.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(int32_t, 8, 32) i8x32;
typedef PTO_TILE(int32_t, 8, 16) i8x16;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(int8_t, 8, 32) s8;
typedef PTO_TILE(float, 1, 32) r32;
typedef PTO_TILE(float, 1, 16) r16;
typedef PTO_TILE(pto_f16, 1, 32) rh;
PTO_KERNEL void k(const int32_t *x, pto_f16 *y, float s)
{
  i8x32 c;
  i8x16 g;
  h8 h;
  f8 f;
  s8 q;
  r32 r;
  r16 r1;
  rh rx;
  pto_load(c, x, 32);
  pto_dequant(h, c, s);
  pto_dequant(h, c, 2);
  pto_dequant(h, c, 0.5);
  pto_store(y, 32, h);
  pto_deq_scale(r, r);
  pto_col_dequant(h, c, r);
  pto_store(y, 32, h);
  pto_col_dequant(h, c, r1); /* { dg-error "'pto_col_dequant': argument 3 has shape 1x16, expected 1x32 \\(one scale per column of argument 1\\)" } */
  pto_col_dequant(h, c, rx); /* { dg-error "'pto_col_dequant': argument 3 has element type 'f16', expected an f32 tile \\(a scale per column\\)" } */
  pto_col_dequant(f, c, r); /* { dg-error "'pto_col_dequant': argument 1 has element type 'f32', expected an f16 tile" } */
  pto_deq_scale(r, rx); /* { dg-error "'pto_deq_scale': argument 2 has element type 'f16', expected an f32 tile" } */
  pto_dequant(f, c, s); /* { dg-error "'pto_dequant': argument 1 has element type 'f32', expected an f16 tile" } */
  pto_dequant(h, f, s); /* { dg-error "'pto_dequant': argument 2 has element type 'f32', expected an i32 tile \\(the accumulator of an int8 pto.matmul\\)" } */
  pto_dequant(h, q, s); /* { dg-error "'pto_dequant': argument 2 has element type 'i8', expected an i32 tile" } */
  pto_dequant(h, g, s); /* { dg-error "'pto_dequant': argument 2 has shape 8x16, expected 8x32 like argument 1" } */
  pto_dequant(h, s, s); /* { dg-error "argument 2 of 'pto_dequant' must be a tile, not 'float'" } */
}
