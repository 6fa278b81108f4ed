/* pto.run/block-order.c - the order in which a launch runs its blocks.

   Every block of order_probe() increments a shared counter in GM and
   stores the value it saw at pos[block]: pos[b] is the 1-based position
   at which block b ran.  Blocks of one launch run one after the other
   (never concurrently), so the counter is exact.  The program prints the
   positions; run.exp checks them against PTO_BLOCK_ORDER (ascending by
   default, descending, shuffle[:SEED]).  Reference mode always runs
   blocks in ascending order.  */

#include <pto.h>
#include <stdio.h>

enum { BLOCKS = 8, W = 8 };

typedef PTO_TILE(float, 1, W) row_t;

PTO_KERNEL void order_probe(float *counter, float *pos)
{
  row_t c;
  pto_load(c, counter, W);
  pto_adds(c, c, 1.0f);
  pto_store(counter, W, c);
  pto_store(pos + pto_block_idx() * W, W, c);
}

static float counter[W], pos[BLOCKS * W];

int main(void)
{
  pto_launch(order_probe, BLOCKS, counter, pos);
  printf("order:");
  for (int b = 0; b < BLOCKS; b++)
    printf(" %d", (int)pos[b * W]);
  printf("\n");
  return 0;
}
