/* pto_quantize and pto_dequantize in reference mode: the pairs they take
   compile; a destination or source of another dtype and a shape mismatch
   are compile errors on the offending line that say what the operand
   must be.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int8_t, 8, 32) s8;
typedef PTO_TILE(uint8_t, 8, 32) u8;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(float, 8, 16) f816;
typedef PTO_TILE(int32_t, 8, 32) i8x;

PTO_KERNEL void
k (const float *x, int8_t *y, float s)
{
  s8 a;
  u8 b;
  h8 h;
  f8 f;
  f816 g;
  i8x n;
  pto_load (f, x, 32);                  /* fine */
  pto_quantize (a, f, s, 0.5f);         /* fine */
  pto_quantize (b, h, s, 128);          /* fine */
  pto_dequantize (f, a, 1.0f / s, 0.5f); /* fine */
  pto_dequantize (h, b, 2, 128);        /* fine */
  pto_store (y, 32, a);                 /* fine */
  pto_quantize (h, f, s, 0.0f);         /* { dg-error "pto_quantize: h must be an int8_t or uint8_t tile" } */
  pto_quantize (a, n, s, 0.0f);         /* { dg-error "pto_quantize: n must be a float or _Float16 tile" } */
  pto_quantize (a, g, s, 0.0f);         /* { dg-error "pto_quantize: the tiles a and g differ in shape" } */
  pto_dequantize (n, a, s, 0.0f);       /* { dg-error "pto_dequantize: n must be a float or _Float16 tile" } */
  pto_dequantize (f, h, s, 0.0f);       /* { dg-error "pto_dequantize: h must be an int8_t or uint8_t tile" } */
}
