/* saxpy.c - y = a*x + y over 16x64 fp32 tiles: the first example of
   the DSL.

   Shows: a tile typedef, a PTO_INLINE helper taking a tile by pointer
   (writes reach the caller) and a tile by value (a private copy), a
   block-cyclic loop over tiles with pto_unroll(4, 2, 1), and launches
   with several block counts.  Build (reference mode):
     gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/saxpy.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { ROWS = 16, COLS = 64, TILE = ROWS * COLS, NTILES = 21 };

typedef PTO_TILE(float, ROWS, COLS) tile_t;

/* *y += a * x.  X is a by-value copy, so scaling it in place leaves the
   caller's tile alone.  */
PTO_INLINE static void axpy(tile_t *y, tile_t x, float a)
{
  pto_muls(x, x, a);
  pto_add(*y, *y, x);
}

/* y[i] = a * x[i] + y[i] for NTILES whole tiles; block b handles tiles
   b, b + nblocks, ...  */
PTO_KERNEL void saxpy(const float *x, float *y, float a, int ntiles)
{
  tile_t tx, ty;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_unroll(256, 2, 1);
    pto_load(tx, x + i * TILE, COLS);
    pto_load(ty, y + i * TILE, COLS);
    axpy(&ty, tx, a);
    pto_store(y + i * TILE, COLS, ty);
  }
}

static float x[NTILES * TILE], y[NTILES * TILE], want[NTILES * TILE];

/* Inputs whose products and sums are exact in fp32, so the comparison
   can be exact.  */
static void init(void)
{
  for (int i = 0; i < NTILES * TILE; i++) {
    x[i] = (float)(i % 17 - 8);
    y[i] = (float)(i % 5) * 0.5f;
  }
}

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

static int run(int blocks, float a, const char *what)
{
  init();
  for (int i = 0; i < NTILES * TILE; i++)
    want[i] = (float)((double)a * x[i] + y[i]);
  pto_launch(saxpy, blocks, x, y, a, NTILES);
  int bad = 0;
  for (int i = 0; i < NTILES * TILE; i++)
    bad += y[i] != want[i];
  /* x is an input only: the by-value helper must not have changed it.  */
  for (int i = 0; i < NTILES * TILE; i++)
    bad += x[i] != (float)(i % 17 - 8);
  return check(bad == 0, what);
}

int main(void)
{
  int ok = 1;
  ok &= run(8, 2.0f, "saxpy 21 tiles of 16x64 on 8 blocks");
  ok &= run(1, -0.5f, "saxpy on 1 block");
  ok &= run(32, 3.0f, "saxpy on more blocks than tiles");
  return ok ? 0 : 1;
}
