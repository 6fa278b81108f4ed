/* Variable bounds and steps (block index and count) are kept symbolic. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-dump=capture" } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n, int step)
{
  int s = 0;
  for (int i = pto_block_idx(); i < n; i += pto_block_num())
    s = s + i;
  for (int j = n; j < 2 * n; j += step)
    s = s + j;
  y[0] = s;
}
/* { dg-final { scan-file capture-for-var-1.c.pto.000.capture {for \(i: i32 = pto.block_idx\(\); i < n; i \+= pto.block_num\(\)\)} } } */
/* { dg-final { scan-file capture-for-var-1.c.pto.000.capture {for \(j: i32 = n; j < 2 \* n|for \(j: i32 = n; j < n \* 2} } } */
/* { dg-final { scan-file capture-for-var-1.c.pto.000.capture {j \+= step\)} } } */
