/* A valid size that becomes a constant outside the tile only once an
   inline helper is expanded is reported by the back end, located at the
   call: one error, not an internal one. */
/* { dg-do compile } */
#include <pto.h>
#include <math.h>
typedef PTO_TILE(float, 16, 64) t16;
PTO_INLINE static void ld(t16 *a, const float *x, int vr)
{
  pto_load_valid(*a, x, 64, vr, 64, -INFINITY);
}
PTO_KERNEL void k(const float *x, float *y)
{
  t16 a;
  ld(&a, x, 17); /* { dg-error "pto.load_valid: the valid rows 17 lie outside \\\[0, 16\\\] of the 16 x 64 tile" } */
  pto_store(y, 64, a);
}
