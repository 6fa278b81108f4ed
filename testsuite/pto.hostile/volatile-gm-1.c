/* A volatile GM pointer as pto_load's source warns as GCC warns for
   reference mode's `const void *' parameter (the qualifier is discarded:
   a load is a block copy); as pto_store's destination it is silent, as
   in reference mode, whose macro casts it.  No other message. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(volatile float *x, volatile float *y, const volatile float *z)
{
  tile_t a;
  pto_load(a, x, 8); /* { dg-warning "passing argument 2 of 'pto_load' discards 'volatile' qualifier from pointer target type" } */
  pto_store(y, 8, a);
  pto_load_valid(a, z, 8, 4, 4, 0.0f); /* { dg-warning "passing argument 2 of 'pto_load_valid' discards 'volatile' qualifier" } */
  pto_store(y, 8, a);
  pto_load(a, (const float *) x, 8);
  pto_store(y, 8, a);
}
