/* int8_t and uint8_t tiles in reference mode: load, store and casts with
   _Float16 tiles compile; arithmetic on an 8-bit tile and a cast
   between an 8-bit tile and another dtype than _Float16 are compile
   errors on the offending line that say to compute in fp16.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int8_t, 8, 32) s8;
typedef PTO_TILE(uint8_t, 8, 32) u8;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(char, 8, 32) c8;       /* { dg-error "PTO_TILE: the element type must be float, _Float16, int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t" } */

PTO_KERNEL void
k (const int8_t *x, uint8_t *y)
{
  s8 a;
  u8 b;
  h8 h;
  f8 f;
  pto_load (a, x, 32);                  /* fine */
  pto_cast (h, a);                      /* fine */
  pto_cast (b, h);                      /* fine */
  pto_store (y, 32, b);                 /* fine */
  pto_muls (a, a, 2);                   /* { dg-error "pto_muls: a is an 8-bit integer tile: int8_t and uint8_t tiles support only pto_load, pto_store, pto_cast, pto_quantize and pto_dequantize; compute in fp16 \\(pto_cast to a _Float16 tile first\\)" } */
  pto_cast (f, a);                      /* { dg-error "pto_cast: int8_t and uint8_t tiles convert to and from _Float16 tiles only \\(cast through a _Float16 tile\\)" } */
  pto_cast (b, a);                      /* { dg-error "pto_cast: int8_t and uint8_t tiles convert to and from _Float16 tiles only" } */
}
