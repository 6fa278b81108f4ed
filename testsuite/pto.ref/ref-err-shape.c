/* Tiles of different shapes in one elementwise op are a compile error in
   reference mode, reported on the offending line.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;
typedef PTO_TILE(float, 8, 8) t8x8;
typedef PTO_TILE(float, 16, 1) t16x1;

PTO_KERNEL void
k (float *y)
{
  t16x64 a, b;
  t8x8 s;
  t16x1 col;
  pto_load (a, y, 64);
  pto_load (b, y, 64);
  pto_load (s, y, 8);
  pto_add (a, a, a);                    /* fine */
  pto_add (a, b, s);                    /* { dg-error "pto_add: the tiles a and s differ in shape" } */
  pto_maxs (s, a, 1.0f);                /* { dg-error "pto_maxs: the tiles s and a differ in shape" } */
  pto_cast (s, b);                      /* { dg-error "pto_cast: the tiles s and b differ in shape" } */
  pto_row_sum (col, s);                 /* { dg-error "pto_row_sum: the tiles col and s differ in rows" } */
  pto_row_max (a, b);                   /* { dg-error "pto_row_max: the destination a must have one column" } */
  pto_matmul (a, b, b);                 /* { dg-error "pto_matmul: shapes must be" } */
  pto_store (y, 64, a);
}
