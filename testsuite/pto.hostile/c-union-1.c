/* Hostile corpus: a union in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
union u { float f; int i; };
PTO_KERNEL void k(float *y) { union u v; v.f = 1; y[0] = v.f; } /* { dg-error "type 'union u' is not supported in PTO code" } */
