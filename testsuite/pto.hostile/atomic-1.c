/* _Atomic in a kernel is a precise located error at the declaration
   (and at an access through an _Atomic pointer), not "statement
   expressions are not supported", which is what the C front end's
   expansion of `c += 1' looked like. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(float *y, int n)
{
  _Atomic int c = 0; /* { dg-error "_Atomic types are not supported in PTO code" } */
  c += 1;
  c++;
  y[0] = (float)(c + n);
}
PTO_KERNEL void k2(float *y, _Atomic int *p) /* { dg-error "_Atomic types are not supported in PTO code" } */
{
  *p += 1; /* { dg-error "_Atomic operations are not supported in PTO code" } */
  y[0] = 1;
}
/* { dg-bogus "statement expressions" "" { target *-*-* } 0 } */
