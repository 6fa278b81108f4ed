/* softmax_parts.c - row-wise softmax of a 48x64 fp32 matrix in four
   kernels:
     row_max_kernel   16x64 bands -> the maximum of every row (pto_row_max)
     exp_kernel       one row at a time: e = exp(x - max), the row's max
                      broadcast to a 1x64 tile with pto_fill, then pto_sub
                      and pto_exp
     row_sum_kernel   16x64 bands of e -> the sum of every row (pto_row_sum)
     normalise_kernel one row at a time: e / sum (pto_fill + pto_div)
   Per-row scalars cross from one kernel to the next through GM (rowmax,
   rowsum), read in the next kernel as plain C array elements.  Every
   store writes whole rows of at least 32 bytes at 32-byte aligned
   offsets: 16x1 result tiles (64 bytes, GM row stride 1) and 1x64 rows.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/softmax_parts.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { ROWS = 48, COLS = 64, BAND = 16 };

typedef PTO_TILE(float, BAND, COLS) band_t;   /* 16 rows */
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;       /* one row */

/* out[r] = max_j x[r][j] for the NBANDS * 16 rows.  */
PTO_KERNEL void row_max_kernel(const float *x, float *out, int nbands)
{
  band_t t;
  bandcol_t m;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_row_max(m, t);
    pto_store(out + b * BAND, 1, m);        /* 16x1 tile, GM row stride 1 */
  }
}

/* out[r] = sum_j x[r][j] for the NBANDS * 16 rows.  */
PTO_KERNEL void row_sum_kernel(const float *x, float *out, int nbands)
{
  band_t t;
  bandcol_t s;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_row_sum(s, t);
    pto_store(out + b * BAND, 1, s);
  }
}

/* e[r][:] = exp(x[r][:] - rowmax[r]).  */
PTO_KERNEL void exp_kernel(const float *x, const float *rowmax, float *e,
                           int rows)
{
  row_t t, bcast;
  for (int r = pto_block_idx(); r < rows; r += pto_block_num()) {
    pto_load(t, x + r * COLS, COLS);
    pto_fill(bcast, rowmax[r]);
    pto_sub(t, t, bcast);
    pto_exp(t, t);
    pto_store(e + r * COLS, COLS, t);
  }
}

/* y[r][:] = e[r][:] / rowsum[r].  */
PTO_KERNEL void normalise_kernel(const float *e, const float *rowsum,
                                 float *y, int rows)
{
  row_t t, denom;
  for (int r = pto_block_idx(); r < rows; r += pto_block_num()) {
    pto_load(t, e + r * COLS, COLS);
    pto_fill(denom, rowsum[r]);
    pto_div(t, t, denom);
    pto_store(y + r * COLS, COLS, t);
  }
}

static float x[ROWS * COLS], e[ROWS * COLS], y[ROWS * COLS];
static float rowmax[ROWS], rowsum[ROWS];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  /* Rows with different ranges; row 5 has large values where a softmax
     without the max subtraction would overflow exp.  */
  for (int r = 0; r < ROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 37 + j * 11) % 29 - 14) * (0.25f + r % 3)
                        + (r == 5 ? 120.0f : 0.0f);

  pto_launch(row_max_kernel, 2, x, rowmax, ROWS / BAND);
  pto_launch(exp_kernel, 8, x, rowmax, e, ROWS);
  pto_launch(row_sum_kernel, 3, e, rowsum, ROWS / BAND);
  pto_launch(normalise_kernel, 5, e, rowsum, y, ROWS);

  int ok = 1, bad_max = 0, bad_y = 0, bad_sum = 0;
  for (int r = 0; r < ROWS; r++) {
    const float *xr = x + r * COLS;
    double m = xr[0], total = 0;
    for (int j = 1; j < COLS; j++)
      m = xr[j] > m ? xr[j] : m;
    bad_max += rowmax[r] != (float)m;
    for (int j = 0; j < COLS; j++)
      total += exp((double)xr[j] - m);
    double got_sum = 0;
    for (int j = 0; j < COLS; j++) {
      double want = exp((double)xr[j] - m) / total;
      bad_y += !(fabs(y[r * COLS + j] - want) <= 1e-6 + 1e-5 * want);  /* NaN fails */
      got_sum += y[r * COLS + j];
    }
    bad_sum += !(fabs(got_sum - 1.0) <= 1e-5);
  }
  ok &= check(bad_max == 0, "row maxima of 3 bands of 16x64 (exact)");
  ok &= check(bad_y == 0, "softmax of 48 rows within 1e-5 relative");
  ok &= check(bad_sum == 0, "every softmax row sums to 1");
  return ok ? 0 : 1;
}
