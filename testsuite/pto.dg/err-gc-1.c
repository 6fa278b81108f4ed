/* Diagnostics are stable under constant garbage collection. */
/* { dg-do compile } */
/* { dg-options "--param ggc-min-expand=0 --param ggc-min-heapsize=0" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 16) t8;
typedef PTO_TILE(float, 16, 16) t16;
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 1) c8;
PTO_KERNEL void k(const float *x, int n)
{
  t8 a;
  t16 c;
  pto_load(a, x, 16);
  pto_add(a, a, c); /* { dg-error "'pto_add': argument 3 has shape 16x16, expected 8x16 like argument 1" } */
  for (int i = 0; i < n; i++) {
    a.v[0][0] = 1.0f;
    pto_unroll(2); /* { dg-error "'pto_unroll' must be the first statement" } */
  }
}
