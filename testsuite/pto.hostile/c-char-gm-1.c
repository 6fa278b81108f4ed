/* Hostile corpus: a char pointer loaded into a float tile is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
PTO_KERNEL void k(const char *x, float *y) { tile_t a; pto_load(a, x, 8); pto_store(y, 8, a); } /* { dg-error "'pto_load': argument 2 has type 'ptr<const i8>', expected a pointer to f32" } */
