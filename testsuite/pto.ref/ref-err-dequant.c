/* pto_dequant, pto_col_dequant and pto_deq_scale in reference mode:
   an fp16 tile from an int32 tile (with one scale or a 1 x C float row)
   compiles; a destination other than _Float16, a source other than
   int32_t, scales other than a float row of the destination's columns
   and a shape mismatch are compile errors on the offending line that
   say what the operand must be.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(int32_t, 8, 32) i8x32;
typedef PTO_TILE(int32_t, 8, 16) i8x16;
typedef PTO_TILE(pto_f16, 8, 32) h8;
typedef PTO_TILE(float, 8, 32) f8;
typedef PTO_TILE(float, 1, 32) r32;
typedef PTO_TILE(float, 1, 16) r16;
typedef PTO_TILE(float, 2, 32) r2;
typedef PTO_TILE(pto_f16, 1, 32) rh;

PTO_KERNEL void
k (const int32_t *x, pto_f16 *y, float s)
{
  i8x32 c;
  i8x16 g;
  h8 h;
  f8 f;
  r32 r;
  r16 r1;
  r2 rr;
  rh rx;
  pto_load (c, x, 32);                  /* fine */
  pto_dequant (h, c, s);                /* fine */
  pto_store (y, 32, h);                 /* fine */
  pto_deq_scale (r, r);                 /* fine */
  pto_col_dequant (h, c, r);            /* fine */
  pto_col_dequant (h, c, r1);           /* { dg-error "pto_col_dequant: the tiles h and r1 differ in columns" } */
  pto_col_dequant (h, c, rr);           /* { dg-error "pto_col_dequant: the scales rr must have one row" } */
  pto_col_dequant (h, c, rx);           /* { dg-error "pto_col_dequant: rx must be a float tile" } */
  pto_deq_scale (r, rx);                /* { dg-error "pto_deq_scale: rx must be a float tile" } */
  pto_dequant (f, c, s);                /* { dg-error "pto_dequant: f must be a _Float16 tile" } */
  pto_dequant (h, f, s);                /* { dg-error "pto_dequant: f must be an int32_t tile" } */
  pto_dequant (h, g, s);                /* { dg-error "pto_dequant: the tiles h and g differ in shape" } */
}
