/* Hostile corpus: a constant tile element index outside
   the tile is the -Warray-bounds warning reference mode gives at -O2,
   located at the access, in both simulation modes (it used to be silent:
   sim=jit then faulted, sim=cce wrote outside the tile).  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */
#include <pto.h>
typedef PTO_TILE(float, 16, 16) tile_t;
PTO_KERNEL void k(const float *x, float *y)
{
  tile_t a;
  pto_load(a, x, 16);
  a.v[100][0] = 1.0f; /* { dg-warning "tile row index 100 is outside \\\[0, 16\\\) of the 16x16 tile" } */
  a.v[0][16] = 2.0f; /* { dg-warning "tile column index 16 is outside \\\[0, 16\\\) of the 16x16 tile" } */
  a.v[15][15] = 3.0f;
  pto_store(y, 16, a);
}
