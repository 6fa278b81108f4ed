/* Misused column reductions and broadcasts are compile errors in
   reference mode, reported on the offending line: a reduction's
   destination with more than one row or another column count, column
   values with more than one row or another column count, a source of
   another shape, column values of another dtype, an int32 col_expand_div
   (float and fp16 only), a non-tile operand.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;
typedef PTO_TILE(float, 16, 32) t16x32;
typedef PTO_TILE(float, 1, 64) t1x64;
typedef PTO_TILE(float, 1, 32) t1x32;
typedef PTO_TILE(float, 2, 64) t2x64;
typedef PTO_TILE(int32_t, 1, 64) i1x64;
typedef PTO_TILE(int32_t, 16, 64) i16x64;

PTO_KERNEL void
k (float *y)
{
  t16x64 a;
  t16x32 n;
  t1x64 r;
  t1x32 r32;
  t2x64 r2;
  i1x64 ir;
  i16x64 ia;
  float s = 1.0f;
  pto_load (a, y, 64);
  pto_col_sum (r, a);                   /* fine */
  pto_col_expand_add (ia, ia, ir);      /* fine: int32 add */
  pto_col_sum (r2, a);                  /* { dg-error "pto_col_sum: the destination r2 must have one row" } */
  pto_col_max (r32, a);                 /* { dg-error "pto_col_max: the tiles r32 and a differ in columns" } */
  pto_col_expand_sub (a, a, r2);        /* { dg-error "pto_col_expand_sub: the column values r2 must have one row" } */
  pto_col_expand_mul (a, a, r32);       /* { dg-error "pto_col_expand_mul: the tiles a and r32 differ in columns" } */
  pto_col_expand_max (a, n, r);         /* { dg-error "pto_col_expand_max: the tiles a and n differ in shape" } */
  pto_col_expand_min (a, a, ir);        /* { dg-error "pto_col_expand_min: the tiles a and ir differ in dtype" } */
  pto_col_expand_div (ia, ia, ir);      /* { dg-error "pto_col_expand_div: ia must be a float or _Float16 tile" } */
  pto_col_expand_add (a, a, s);         /* { dg-error "pto_col_expand_add: operand s is not a PTO_TILE" } */
  pto_store (y, 64, a);
}
