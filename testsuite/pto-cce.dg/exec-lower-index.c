/* exec-lower-index.c - the index arithmetic of a block-cyclic
   loop: with pto.block_idx() known to be in [0, block_num) the index is
   non-negative, so the CCE divides by 8 with a shift, takes % 8 with a
   mask, multiplies by 16 with a shift, divides by 7 with a multiply and
   shift, and stores the constant 0 for q * 7 + r - i (exec-lower-index.cce).
   The run compares every value with the reference-mode kernel.  */
#include "harness.h"

enum { NI = 53, W = 16 };

static PTO_KERNEL void ref_index_k(int *y, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    int grp = i / 8, lane = i % 8, q = i / 7, r = i % 7;
    y[i * 16] = grp;
    y[i * 16 + 1] = lane;
    y[i * 16 + 2] = q;
    y[i * 16 + 3] = r;
    y[i * 16 + 4] = q * 7 + r - i;
    y[i * 16 + 5] = grp * 8 + lane;
  }
}

void index_k__sim(void *const *args);

static int y[NI * W], want[NI * W];

static void reset(void) { memset(y, 0, sizeof y); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, want, NI * W);
}

int main(void)
{
  pto_launch(ref_index_k, 3, want, NI);
  int *py = y;
  int n = NI;
  void *args[] = { &py, &n };
  for (int nb = 1; nb <= 7; nb += 3)
    cce_run(index_k__sim, args, nb, reset, check);
  return harness_end("exec-lower-index");
}
