/* Hostile corpus: a _Complex local in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y) { _Complex float z = 1; y[0] = __real__ z; } /* { dg-error "type 'complex float' is not supported|this expression is not supported in PTO code" } */
