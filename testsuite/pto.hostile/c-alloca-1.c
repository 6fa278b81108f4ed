/* Hostile corpus: alloca in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y) { float *p = __builtin_alloca(16); p[0] = 1; y[0] = p[0]; } /* { dg-error "call to ordinary function '__builtin_alloca' is not supported in PTO code" } */
