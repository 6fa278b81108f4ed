/* Under -fplugin-arg-pto-emit=pto-isa an op and dtype the PTO-ISA back
   end does not cover is an error at the tile, naming the op and the
   dtypes it takes (the user asked for the C++): col_sum in fp16 (the
   vendor adds fp16 rows in fp16, pto.h in float).  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
/* { dg-options "-fplugin-arg-pto-emit=pto-isa" } */
#include <pto.h>

typedef PTO_TILE(pto_f16, 8, 64) tile_t;
typedef PTO_TILE(pto_f16, 1, 64) row_t;

PTO_KERNEL void cols(const pto_f16 *x, pto_f16 *y)
{
  tile_t a;
  row_t c;
  pto_load(a, x, 64);
  pto_col_sum(c, a); /* { dg-message "sorry, unimplemented: the PTO-ISA back end covers pto.col_sum on f32 tiles only, not f16" } */
  pto_store(y, 64, c);
}
