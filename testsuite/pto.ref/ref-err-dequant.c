/* pto_dequant in reference mode: an fp16 tile from an int32 tile
   compiles; a destination other than _Float16, a source other than
   int32_t and a shape mismatch are compile errors on the offending line
   that say what the operand must be.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int32_t, 8, 32) i8x32;
typedef PTO_TILE(int32_t, 8, 16) i8x16;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;

PTO_KERNEL void
k (const int32_t *x, pto_f16 *y, float s)
{
  i8x32 c;
  i8x16 g;
  h8 h;
  f8 f;
  pto_load (c, x, 32);                  /* fine */
  pto_dequant (h, c, s);                /* fine */
  pto_store (y, 32, h);                 /* fine */
  pto_dequant (f, c, s);                /* { dg-error "pto_dequant: f must be a _Float16 tile" } */
  pto_dequant (h, f, s);                /* { dg-error "pto_dequant: f must be an int32_t tile" } */
  pto_dequant (h, g, s);                /* { dg-error "pto_dequant: the tiles h and g differ in shape" } */
}
