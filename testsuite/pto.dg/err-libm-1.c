/* A C library math function other than sqrtf, expf, logf, fabsf, fminf, fmaxf, floorf and ceilf (and their double forms) is one located error naming the accepted ones, also one taking a pointer (frexpf); a tile element is a scalar argument. */
/* { dg-do compile } */
#include <math.h>
#include <pto.h>
typedef PTO_TILE(float, 1, 8) t_t;
PTO_KERNEL void k(float *y, float a, int n)
{
  t_t t;
  pto_load(t, y, 8);
  y[0] = powf(a, 2.0f); /* { dg-error "the C library function 'powf' is not supported in PTO code: kernels may call sqrtf, expf, logf, fabsf, fminf, fmaxf, floorf and ceilf" } */
  y[1] = sinf(a); /* { dg-error "'sinf' is not supported in PTO code" } */
  y[2] = ldexpf(a, 2); /* { dg-error "'ldexpf' is not supported in PTO code" } */
  y[3] = sqrtf(t.v[0][1]);
  y[4] = frexpf(a, &n); /* { dg-error "'frexpf' is not supported in PTO code" } */
}
