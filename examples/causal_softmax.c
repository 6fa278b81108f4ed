/* causal_softmax.c - row-wise softmax of a [rows x 64] fp32 score
   matrix under a causal mask, with comparisons to a mask, a select and
   the row and column broadcasts (pto-isa's TCOLEXPANDADD /
   TROWEXPANDSUB / TCMPS / TSEL / TROWMAX / TEXP / TROWSUM /
   TROWEXPANDDIV).  Row i (a query) may see column j (a key) only when
   j <= i + offset (offset = keys before the first query, as when the
   keys of earlier steps are cached); the other scores become -inf:
     rel[i][j] = j - i                     (once per block)
     mask = rel > band_start + offset;  x = select(mask, -inf, x)
     m = row_max(x); e = exp(x - m); s = row_sum(e); y = e / s
   causal_softmax_bands  16x64 bands, blocks take bands round robin
   rel is built once per block from a 1x64 tile of column numbers
   (pto_col_expand_add over a zero tile) and a 16x1 tile of row numbers
   (pto_row_expand_sub), both small integers and so exact in float; the
   per-band mask is one pto_cmps_gt against the band's first row plus
   offset.  Every row sees at least column 0 (offset >= 0), so its max
   is finite and the masked columns come out exactly 0 (exp(-inf) = 0).
   Checked against an independent masked softmax in double for 64 rows
   with offset 0, 16 rows with offset 48 and 32 rows with offset 5; see
   check_softmax for the tolerance.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/causal_softmax.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

enum { MAXROWS = 64, COLS = 64, BAND = 16 };

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(int32_t, BAND, COLS) mask_t;   /* 1 where masked */
typedef PTO_TILE(float, BAND, 1) bandcol_t;     /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;         /* one value per column */

/* y = causal softmax of NBANDS bands of 16 rows; COLNUM[j] = j,
   ROWNUM[i] = i for i < 16.  */
PTO_KERNEL void causal_softmax_bands(const float *x, const float *colnum,
				     const float *rownum, float *y,
				     int nbands, int offset)
{
  band_t t, rel, ninf;
  mask_t mk;
  bandcol_t ri, m, s;
  row_t cj;
  pto_load(cj, colnum, COLS);
  pto_load(ri, rownum, 1);
  pto_fill(rel, 0.0f);
  pto_col_expand_add(rel, rel, cj);
  pto_row_expand_sub(rel, rel, ri);
  pto_fill(ninf, -INFINITY);
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_cmps_gt(mk, rel, (float)(b * BAND + offset));
    pto_select(t, mk, ninf, t);
    pto_row_max(m, t);
    pto_row_expand_sub(t, t, m);
    pto_exp(t, t);
    pto_row_sum(s, t);
    pto_row_expand_div(t, t, s);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], y[MAXROWS * COLS];
static float colnum[COLS], rownum[BAND];

static int check(int ok, const char *what, int rows, int offset)
{
  printf("%s: %s (%d rows, offset %d)\n", ok ? "PASS" : "FAIL", what, rows,
	 offset);
  return ok;
}

/* Compare Y with a masked softmax computed in double from X: columns
   j > i + offset exactly 0, the others within 1e-6 + 1e-5 * want (as
   examples/softmax.c: float exp within a few ulp, a float row sum of at
   most 64 terms within about 64 ulp = 4e-6 relative, one division), and
   every row sums to 1 within 1e-5.  */
static int check_softmax(int rows, int offset)
{
  int bad_y = 0, bad_masked = 0, bad_sum = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    int last = r + offset < COLS - 1 ? r + offset : COLS - 1;
    double m = xr[0], total = 0, got_sum = 0;
    for (int j = 1; j <= last; j++)
      m = xr[j] > m ? xr[j] : m;
    for (int j = 0; j <= last; j++)
      total += exp((double)xr[j] - m);
    for (int j = 0; j < COLS; j++) {
      double got = y[r * COLS + j];
      if (j > last) {
	bad_masked += got != 0.0;
	continue;
      }
      double want = exp((double)xr[j] - m) / total;
      bad_y += !(fabs(got - want) <= 1e-6 + 1e-5 * want);  /* NaN fails */
      got_sum += got;
    }
    bad_sum += !(fabs(got_sum - 1.0) <= 1e-5);
  }
  int ok = check(bad_y == 0, "visible columns within 1e-5 relative", rows, offset);
  ok &= check(bad_masked == 0, "masked columns are exactly 0", rows, offset);
  return check(bad_sum == 0, "every row sums to 1", rows, offset) && ok;
}

int main(void)
{
  /* Rows with different ranges; row 5 has large values where a softmax
     without the max subtraction would overflow exp; row 9 is constant
     (uniform over its visible columns); row 20's largest scores sit
     in columns that the mask hides.  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = r == 9 ? 3.0f
                        : (float)((r * 37 + j * 11) % 29 - 14) * (0.25f + r % 3)
                              + (r == 5 ? 120.0f : 0.0f)
                              + (r == 20 && j > 40 ? 500.0f : 0.0f);
  for (int j = 0; j < COLS; j++)
    colnum[j] = (float)j;
  for (int i = 0; i < BAND; i++)
    rownum[i] = (float)i;

  static const int shapes[][2] = { { 64, 0 }, { 16, 48 }, { 32, 5 } };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k][0], offset = shapes[k][1];
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i] = -1.0f;
    pto_launch(causal_softmax_bands, 3, x, colnum, rownum, y, rows / BAND,
	       offset);
    ok &= check_softmax(rows, offset);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= y[i] == -1.0f;
    ok &= check(untouched, "rows past the end are not written", rows, offset);
  }
  return ok ? 0 : 1;
}
