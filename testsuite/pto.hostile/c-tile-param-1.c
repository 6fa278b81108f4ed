/* Hostile corpus: a tile by value as a kernel parameter is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(float *y, tile_t t) { pto_store(y, 8, t); } /* { dg-error "a PTO_KERNEL cannot take a tile parameter" } */
