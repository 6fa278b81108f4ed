/* Writing into a const tile or storing through a pointer to const is a
   compile error.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(float, 4, 4) f44;

PTO_INLINE static void
scale (const f44 *in, f44 *out)
{
  pto_muls (*in, *in, 2.0f);            /* { dg-error "read-only" } */
  pto_muls (*out, *in, 2.0f);           /* fine */
}

PTO_KERNEL void
k (const float *x, float *y)
{
  f44 a, b;
  pto_load (a, x, 4);                   /* fine: loads read through const */
  scale (&a, &b);
  pto_store (x, 4, b);                  /* { dg-error "read-only" } */
  pto_store (y, 4, b);
}
