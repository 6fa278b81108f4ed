/* A constant valid size outside the tile is a located error of the
   plugin, on the offending argument: too many rows for pto_load_valid,
   negative columns and too many columns for pto_store_valid.  Run-time
   values are checked when the op runs. */
/* { dg-do compile } */
#include <pto.h>
#include <math.h>
typedef PTO_TILE(float, 16, 64) t16;
PTO_KERNEL void k(const float *x, float *y, int n)
{
  t16 a;
  pto_load_valid(a, x, 64, n, 64, -INFINITY);
  pto_load_valid(a, x, 64, 17, 64, -INFINITY); /* { dg-error "'pto_load_valid': the valid rows 17 lie outside \\\[0, 16\\\] of the 'tile<f32,16,64>' tile" } */
  pto_store_valid(y, 64, a, 16, -1); /* { dg-error "'pto_store_valid': the valid columns -1 lie outside \\\[0, 64\\\]" } */
  pto_store_valid(y, 64, a, 0, 65); /* { dg-error "'pto_store_valid': the valid columns 65 lie outside" } */
  pto_store_valid(y, 64, a, n, 64);
}
