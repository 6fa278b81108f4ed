/* Hostile corpus: a global variable used in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
float g;
PTO_KERNEL void k(float *y) { g = 1; y[0] = g; } /* { dg-error "global variable 'g' cannot be used in PTO code" } */
