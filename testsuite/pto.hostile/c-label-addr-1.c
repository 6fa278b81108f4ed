/* Hostile corpus: a label address (&&l) in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y) { void *p = &&l; l: y[0] = 1; (void)p; } /* { dg-error "type 'void \\*' is not supported in PTO code" } */
