/* Hostile corpus: a struct with bit-fields in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
struct bf { int a : 3; int b : 5; };
PTO_KERNEL void k(float *y) { struct bf v; v.a = 1; y[0] = v.a; } /* { dg-error "cannot be a PTO value \\(bit-fields|is not supported in PTO code" } */
