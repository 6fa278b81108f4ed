/* A non-tile operand where a tile is due gets exactly one error naming
   the operand (scalars, pointers, plain arrays, tile pointers).  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 4, 4) f44;

PTO_KERNEL void
k (float *y, float x)
{
  f44 t, *pt = &t;
  float arr[4][4];
  pto_fill (t, 1.0f);
  pto_exp (t, x);                       /* { dg-error "pto_exp: operand x is not a PTO_TILE" } */
  pto_add (t, t, 3);                    /* { dg-error "pto_add: operand 3 is not a PTO_TILE" } */
  pto_mul (t, pt, t);                   /* { dg-error "pto_mul: operand pt is not a PTO_TILE" } */
  pto_neg (arr, t);                     /* { dg-error "pto_neg: operand arr is not a PTO_TILE" } */
  pto_store (y, 4, y);                  /* { dg-error "pto_store: operand y is not a PTO_TILE" } */
  pto_mul (t, *pt, t);                  /* fine: *pt is a tile */
  pto_store (y, 4, t);
}
