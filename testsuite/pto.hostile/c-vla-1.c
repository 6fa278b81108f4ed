/* Hostile corpus: a variable-length array in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y, int n) { float a[n]; a[0] = 1; y[0] = a[0]; } /* { dg-error "variable-length types are not supported in PTO code" } */
