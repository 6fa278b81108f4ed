/* Hostile corpus: setjmp in a kernel is one located error on the marked line, in
   both simulation modes, never an ICE . */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) tile_t;
#include <setjmp.h>
PTO_KERNEL void k(float *y) { jmp_buf b; if (setjmp(b)) return; y[0] = 1; } /* { dg-error "arrays are not supported in PTO code|call to ordinary function '_setjmp'" } */
