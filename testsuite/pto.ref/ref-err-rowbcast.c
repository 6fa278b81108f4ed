/* Misused row broadcasts are compile errors in reference mode, reported
   on the offending line: row values with the wrong row count or more
   than one column, a source of another shape or dtype, row values of
   another dtype, int32 tiles for the arithmetic forms (float and fp16
   only, as pto-isa's TROWEXPAND{ADD,SUB,MUL,DIV}), a non-tile operand.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;
typedef PTO_TILE(float, 16, 32) t16x32;
typedef PTO_TILE(float, 16, 1) t16x1;
typedef PTO_TILE(float, 8, 1) t8x1;
typedef PTO_TILE(float, 16, 2) t16x2;
typedef PTO_TILE(pto_f16, 16, 1) h16x1;
typedef PTO_TILE(int32_t, 16, 64) i16x64;
typedef PTO_TILE(int32_t, 16, 1) i16x1;

PTO_KERNEL void
k (float *y)
{
  t16x64 a;
  t16x32 n;
  t16x1 r;
  t8x1 r8;
  t16x2 r2;
  h16x1 hr;
  i16x64 ia;
  i16x1 ir;
  float s = 1.0f;
  pto_load (a, y, 64);
  pto_load (r, y, 1);
  pto_row_expand_sub (a, a, r);         /* fine */
  pto_row_expand (ia, ir);              /* fine: row_expand takes int32 */
  pto_row_expand_sub (a, a, r8);        /* { dg-error "pto_row_expand_sub: the tiles a and r8 differ in rows" } */
  pto_row_expand (a, r2);               /* { dg-error "pto_row_expand: the row values r2 must have one column" } */
  pto_row_expand_add (a, n, r);         /* { dg-error "pto_row_expand_add: the tiles a and n differ in shape" } */
  pto_row_expand_mul (a, a, hr);        /* { dg-error "pto_row_expand_mul: the tiles a and hr differ in dtype" } */
  pto_row_expand_div (ia, ia, ir);      /* { dg-error "pto_row_expand_div: ia must be a float or _Float16 tile" } */
  pto_row_expand_div (a, a, s);         /* { dg-error "pto_row_expand_div: operand s is not a PTO_TILE" } */
  pto_store (y, 64, a);
}
