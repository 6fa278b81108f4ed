/* pto_quantize and pto_dequantize in plugin mode: the pairs they take
   compile; a destination or source of another dtype, a bf16 source, a
   shape mismatch and a non-tile operand are located errors naming the
   operand and what it must be.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(int8_t, 8, 32) s8;
typedef PTO_TILE(uint8_t, 8, 32) u8;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(float, 8, 16) f816;
typedef PTO_TILE(int32_t, 8, 32) i8x;
typedef PTO_TILE(pto_bf16, 8, 32) b8;
PTO_KERNEL void k(const float *x, int8_t *y, float s)
{
  s8 a;
  u8 b;
  h8 h;
  f8 f;
  f816 g;
  i8x n;
  b8 w;
  pto_load(f, x, 32);
  pto_quantize(a, f, s, 0.5f);
  pto_quantize(b, h, s, 128);
  pto_dequantize(f, a, 1.0f / s, 0.5f);
  pto_dequantize(h, b, 2, 128);
  pto_store(y, 32, a);
  pto_quantize(h, f, s, 0.0f); /* { dg-error "'pto_quantize': argument 1 has element type 'f16', expected an i8 or u8 tile \\(the quantized side\\)" } */
  pto_quantize(a, n, s, 0.0f); /* { dg-error "'pto_quantize': argument 2 has element type 'i32', expected an f32 or f16 tile" } */
  pto_quantize(a, w, s, 0.0f); /* { dg-error "'pto_quantize': argument 2 has element type 'bf16', expected an f32 or f16 tile \\(bf16: cast to an f32 tile first\\)" } */
  pto_quantize(a, g, s, 0.0f); /* { dg-error "'pto_quantize': argument 2 has shape 8x16, expected 8x32 like argument 1" } */
  pto_dequantize(n, a, s, 0.0f); /* { dg-error "'pto_dequantize': argument 1 has element type 'i32', expected an f32 or f16 tile" } */
  pto_dequantize(f, h, s, 0.0f); /* { dg-error "'pto_dequantize': argument 2 has element type 'f16', expected an i8 or u8 tile" } */
  pto_quantize(a, s, s, 0.0f); /* { dg-error "argument 2 of 'pto_quantize' must be a tile, not 'float'" } */
}
