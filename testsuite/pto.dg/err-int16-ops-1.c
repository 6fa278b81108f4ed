/* int16_t tiles are storage: load, store and casts with fp16 compile;
   arithmetic on them and casts with another dtype than fp16 are
   located errors naming the op and the dtype.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(int16_t, 8, 32) s16;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(int8_t, 8, 32) s8;
PTO_KERNEL void k(const int16_t *x, int16_t *y)
{
  s16 a;
  h8 h;
  f8 f;
  s8 q;
  pto_load(a, x, 32);
  pto_cast(h, a);
  pto_cast(a, h);
  pto_store(y, 32, a);
  pto_add(a, a, a); /* { dg-error "'pto_add': argument 1 has element type 'i16': i16 tiles support only load, store and cast; compute in f16: cast to an f16 tile first" } */
  pto_cast(f, a); /* { dg-error "'pto_cast': argument 1 has element type 'f32': i16 tiles convert to and from f16 tiles only \\(cast through an f16 tile\\)" } */
  pto_cast(q, a); /* { dg-error "'pto_cast': argument 2 has element type 'i16': i8 tiles convert to and from f16 tiles only" } */
  pto_quantize(a, f, 1.0f, 0.0f); /* { dg-error "'pto_quantize': argument 1 has element type 'i16', expected an i8 or u8 tile" } */
}
