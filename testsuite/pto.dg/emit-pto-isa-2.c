/* Under -fplugin-arg-pto-emit=pto-isa an op the PTO-ISA back end does not
   cover is an error at the op, naming it (the user asked for the C++).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-emit=pto-isa" } */
#include <pto.h>

typedef PTO_TILE(float, 8, 64) tile_t;
typedef PTO_TILE(float, 1, 64) row_t;

PTO_KERNEL void cols(const float *x, float *y)
{
  tile_t a;
  row_t c;
  pto_load(a, x, 64);
  pto_col_sum(c, a); /* { dg-message "sorry, unimplemented: the PTO-ISA back end does not cover pto.col_sum yet" } */
  pto_store(y, 64, c);
}
