/* GCC folds E % 1 and E * 0 to the comma expressions (E, 0): an E whose
   only "side effects" are calls of the block intrinsics is dropped
   (difftest seeds 4, 13, 15-18; err-comma-1.c: a real side effect in a
   comma operand stays an error).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  int s = (n + pto_block_idx()) % 1;
  int q = pto_block_num() * 0 + 1;
  y[0] = s + q;
}
/* { dg-final { scan-file capture-comma-fold-1.c.pto.000.capture {var s: i32 = 0;} } } */
/* { dg-final { scan-file capture-comma-fold-1.c.pto.000.capture {var q: i32 = 1;} } } */
