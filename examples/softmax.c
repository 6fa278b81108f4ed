/* softmax.c - row-wise softmax of a [rows x 64] fp32 matrix in one
   kernel per tile shape, with the row-broadcast intrinsics (pto-isa's
   TROWMAX / TROWEXPANDSUB / TEXP / TROWSUM / TROWEXPANDDIV):
     m = row_max(x); e = exp(x - m); s = row_sum(e); y = e / s
   softmax_bands  16x64 bands, blocks take bands round robin
   softmax_rows   1x64 rows from FIRST on: the rows left over when the
                  row count is not a multiple of 16
   Nothing crosses GM between the steps: the per-row max and sum stay in
   16x1 (or 1x1) tiles and are broadcast back over their rows with
   pto_row_expand_sub / pto_row_expand_div.
   Checked against an independent scalar softmax in double for 16, 40
   and 67 rows; see check_softmax for the tolerance.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/softmax.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { MAXROWS = 67, COLS = 64, BAND = 16 };

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;
typedef PTO_TILE(float, 1, 1) rowcol_t;

/* y = softmax(x) over the rows of NBANDS bands of 16 rows.  */
PTO_KERNEL void softmax_bands(const float *x, float *y, int nbands)
{
  band_t t;
  bandcol_t m, s;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_row_max(m, t);
    pto_row_expand_sub(t, t, m);
    pto_exp(t, t);
    pto_row_sum(s, t);
    pto_row_expand_div(t, t, s);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

/* y = softmax(x) over rows FIRST .. ROWS-1, one row at a time.  */
PTO_KERNEL void softmax_rows(const float *x, float *y, int first, int rows)
{
  row_t t;
  rowcol_t m, s;
  for (int r = first + pto_block_idx(); r < rows; r += pto_block_num()) {
    pto_load(t, x + r * COLS, COLS);
    pto_row_max(m, t);
    pto_row_expand_sub(t, t, m);
    pto_exp(t, t);
    pto_row_sum(s, t);
    pto_row_expand_div(t, t, s);
    pto_store(y + r * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], y[MAXROWS * COLS];

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Compare Y with a softmax computed in double from X.  Tolerance: every
   y within 1e-6 + 1e-5 * want (float exp is within a few ulp, the float
   row sum of 64 terms within about 64 ulp = 4e-6 relative, one division
   rounds once), and every row of y sums to 1 within 1e-5.  */
static int check_softmax(int rows)
{
  int bad_y = 0, bad_sum = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    double m = xr[0], total = 0, got_sum = 0;
    for (int j = 1; j < COLS; j++)
      m = xr[j] > m ? xr[j] : m;
    for (int j = 0; j < COLS; j++)
      total += exp((double)xr[j] - m);
    for (int j = 0; j < COLS; j++) {
      double want = exp((double)xr[j] - m) / total;
      bad_y += !(fabs(y[r * COLS + j] - want) <= 1e-6 + 1e-5 * want);  /* NaN fails */
      got_sum += y[r * COLS + j];
    }
    bad_sum += !(fabs(got_sum - 1.0) <= 1e-5);
  }
  int ok = check(bad_y == 0, "softmax within 1e-5 relative", rows);
  return check(bad_sum == 0, "every softmax row sums to 1", rows) && ok;
}

int main(void)
{
  /* Rows with different ranges; row 5 has large values where a softmax
     without the max subtraction would overflow exp, row 9 is constant
     (uniform result 1/64).  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = r == 9 ? 3.0f
                        : (float)((r * 37 + j * 11) % 29 - 14) * (0.25f + r % 3)
                              + (r == 5 ? 120.0f : 0.0f);

  static const int shapes[] = { 16, 40, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nbands = rows / BAND;
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i] = -1.0f;
    pto_launch(softmax_bands, 2, x, y, nbands);
    pto_launch(softmax_rows, 3, x, y, nbands * BAND, rows);
    ok &= check_softmax(rows);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= y[i] == -1.0f;
    ok &= check(untouched, "rows past the end are not written", rows);
  }
  return ok ? 0 : 1;
}
