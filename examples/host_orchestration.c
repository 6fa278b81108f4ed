/* host_orchestration.c - a PTO_HOST function that drives kernels.

   relax() is one step of the fixed-point iteration x <- x / 2 + 1 over
   8x64 tiles; iterate() launches it STEPS times from a loop unrolled by
   {4, 1} (7 steps: one unrolled group of 4, then 3 single steps), then
   launches row_totals() to reduce the result.  The iteration converges
   to 2; the values stay exact binary fractions, so the checks are exact.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/host_orchestration.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { R = 8, C = 64, TILE = R * C, NTILES = 9, STEPS = 7 };

typedef PTO_TILE(float, R, C) tile_t;
typedef PTO_TILE(float, R, 1) col_t;

PTO_KERNEL void relax(float *x, int ntiles)
{
  tile_t t;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(t, x + i * TILE, C);
    pto_muls(t, t, 0.5f);
    pto_adds(t, t, 1.0f);
    pto_store(x + i * TILE, C, t);
  }
}

/* sums[r] = sum of row r, for all NTILES * R rows.  */
PTO_KERNEL void row_totals(const float *x, float *sums, int ntiles)
{
  tile_t t;
  col_t s;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    pto_load(t, x + i * TILE, C);
    pto_row_sum(s, t);
    pto_store(sums + i * R, 1, s);
  }
}

PTO_HOST void iterate(float *x, float *sums, int ntiles, int steps)
{
  for (int s = 0; s < steps; s++) {
    pto_unroll(4, 1);
    pto_launch(relax, 4, x, ntiles);
  }
  pto_launch(row_totals, 3, x, sums, ntiles);
}

static float x[NTILES * TILE], sums[NTILES * R];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  for (int i = 0; i < NTILES * TILE; i++)
    x[i] = (float)(i % 13) - 6.0f;
  iterate(x, sums, NTILES, STEPS);

  int bad = 0, bad_sum = 0;
  for (int row = 0; row < NTILES * R; row++) {
    double total = 0;
    for (int j = 0; j < C; j++) {
      int i = row * C + j;
      double v = (double)(i % 13) - 6.0;
      for (int s = 0; s < STEPS; s++)
        v = v / 2 + 1;
      bad += x[i] != (float)v;
      total += v;
    }
    bad_sum += sums[row] != (float)total;
  }
  int ok = 1;
  ok &= check(bad == 0, "7 launches of relax from an unrolled host loop");
  ok &= check(bad_sum == 0, "row totals launched after the loop");
  return ok ? 0 : 1;
}
