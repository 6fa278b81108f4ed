/* Partial tiles in reference mode: what C sees at compile time is a
   compile error on the offending line (a non-tile, a pointer to another
   element type, a const tile destination, a store through a const
   pointer).  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 16, 64) t16x64;

PTO_KERNEL void
k (const float *x, float *y, const int *w)
{
  t16x64 a;
  const t16x64 c = { { { 0 } } };
  float s = 1.0f;
  pto_load_valid (a, x, 64, 3, 5, 0.0f);        /* fine */
  pto_store_valid (y, 64, a, 3, 5);             /* fine */
  pto_load_valid (s, x, 64, 3, 5, 0.0f);        /* { dg-error "pto_load_valid: operand s is not a PTO_TILE" } */
  pto_load_valid (a, w, 64, 3, 5, 0.0f);        /* { dg-error "pto_load_valid: w does not point to the element type of a" } */
  pto_load_valid (c, x, 64, 3, 5, 0.0f);        /* { dg-error "read-only|assignment of read-only" } */
  pto_store_valid (x, 64, a, 3, 5);             /* { dg-error "read-only" } */
}
