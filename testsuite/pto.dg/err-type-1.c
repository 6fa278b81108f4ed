/* Unsupported types (long double, unions) are rejected. */
/* { dg-do compile } */
#include <pto.h>
union u { int i; float f; };
PTO_KERNEL void k(float *y, long double z) /* { dg-error "type 'long double' is not supported in PTO code" } */
{
  union u v; /* { dg-error "type 'union u' is not supported in PTO code" } */
  y[0] = 0;
}
