/* int8_t and uint8_t tiles are storage: load, store and casts with fp16
   compile; arithmetic on them and casts with another dtype than fp16
   are located errors naming the op and the dtype; a plain char tile is
   not an int8_t tile.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(int8_t, 8, 32) s8;
typedef PTO_TILE(uint8_t, 8, 32) u8;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(char, 8, 32) c8; /* { dg-error "the element type of a tile must be float, _Float16, int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t, not 'char'" } */
PTO_KERNEL void k(const int8_t *x, uint8_t *y)
{
  s8 a;
  u8 b;
  h8 h;
  f8 f;
  pto_load(a, x, 32);
  pto_cast(h, a);
  pto_cast(b, h);
  pto_cast(a, a);
  pto_store(y, 32, b);
  pto_add(a, a, a); /* { dg-error "'pto_add': argument 1 has element type 'i8': 8-bit tiles support only load, store, cast, quantize and dequantize; compute in f16: cast .or dequantize. to an f16 tile first" } */
  pto_relu(b, b); /* { dg-error "'pto_relu': argument 1 has element type 'u8'" } */
  pto_cast(f, a); /* { dg-error "'pto_cast': argument 1 has element type 'f32': i8 tiles convert to and from f16 tiles only \\(cast through an f16 tile\\)" } */
  pto_cast(a, b); /* { dg-error "'pto_cast': argument 2 has element type 'u8': i8 tiles convert to and from f16 tiles only" } */
}
