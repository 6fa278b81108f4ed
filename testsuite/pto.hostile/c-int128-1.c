/* Hostile corpus: __int128 in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y, int n) { __int128 w = n; y[0] = (float)w; } /* { dg-error "type '__int128' is not supported in PTO code" } */
