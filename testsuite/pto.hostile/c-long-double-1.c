/* Hostile corpus: long double in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y) { long double d = 1; y[0] = (float)d; } /* { dg-error "type 'long double' is not supported in PTO code" } */
