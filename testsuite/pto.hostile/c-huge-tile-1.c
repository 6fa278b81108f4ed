/* Hostile corpus: a tile larger than any on-chip buffer is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
typedef PTO_TILE(float, 1024, 1024) big_t; /* { dg-error "needs 4194304 bytes, more than the largest on-chip buffer" } */
PTO_KERNEL void k(const float *x) { big_t a; pto_load(a, x, 1024); }
