/* Hostile corpus: a GNU nested function called from a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y) { int f(int x) { return x + 1; } y[0] = f(1); } /* { dg-error "call to ordinary function 'f' is not supported in PTO code" } */
