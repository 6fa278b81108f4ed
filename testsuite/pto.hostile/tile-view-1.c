/* A tile reinterpreted through a pointer cast (half of a 16x64 tile as
   an 8x64 one, an int32 view of a float tile) is rejected at the cast:
   the IR has no tile views, and taking the cast for the original tile
   computed all 16 rows, or a float add instead of an integer one
  .  A cast between two spellings of the same tile
   type stays allowed. */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 16, 64) tile_t;
typedef PTO_TILE(float, 8, 64) half_t;
typedef PTO_TILE(int32_t, 16, 64) itile_t;
typedef PTO_TILE(float, 16, 64) same_t;
PTO_INLINE void dbl(half_t *h) { pto_add(*h, *h, *h); }
PTO_KERNEL void k(const float *x, float *y)
{
  tile_t t;
  pto_load(t, x, 64);
  pto_muls(*(half_t *)&t, t, 2.0f); /* { dg-error "a tile cannot be viewed as another tile type through a pointer cast \\(from 'tile_t \\*' to 'half_t \\*'\\)" } */
  pto_adds(t, *(itile_t *)&t, 1); /* { dg-error "from 'tile_t \\*' to 'itile_t \\*'" } */
  dbl((half_t *)&t); /* { dg-error "from 'tile_t \\*' to 'half_t \\*'" } */
  float e = ((half_t *)&t)->v[0][0]; /* { dg-error "from 'tile_t \\*' to 'half_t \\*'" } */
  pto_adds(*(same_t *)&t, t, e);
  pto_store(y, 64, t);
}
