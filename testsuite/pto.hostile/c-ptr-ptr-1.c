/* Hostile corpus: a pointer to a pointer as a kernel parameter is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float **y) { y[0][0] = 1; } /* { dg-error "type 'float \\*\\*' is not supported in PTO code" } */
