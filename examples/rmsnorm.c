/* rmsnorm.c - RMS normalisation with a per-column scale of a
   [rows x 64] fp32 matrix, with a row reduction, a row broadcast and a
   column broadcast (pto-isa's TROWSUM / TROWEXPANDDIV / TCOLEXPANDMUL):
     ms = row_sum(x * x) / 64;  y = x / sqrt(ms + eps) * gamma
   rmsnorm_bands  8x64 bands, blocks take bands round robin; gamma is a
                  1x64 tile loaded once per block and applied to every
                  row with pto_col_expand_mul
   (1/64 is exact, so the mul by it is a division.)  Checked against an
   independent RMS norm in double for 8 and 48 rows; see check_rmsnorm
   for the tolerance.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/rmsnorm.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { MAXROWS = 48, COLS = 64, BAND = 8 };
#define EPS 1e-5f

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;       /* one value per column */

PTO_KERNEL void rmsnorm_bands(const float *x, const float *gamma, float *y,
			      int nbands)
{
  band_t t, sq;
  bandcol_t ms;
  row_t g;
  pto_load(g, gamma, COLS);
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_mul(sq, t, t);
    pto_row_sum(ms, sq);
    pto_muls(ms, ms, 1.0f / COLS);
    pto_adds(ms, ms, EPS);
    pto_sqrt(ms, ms);
    pto_row_expand_div(t, t, ms);
    pto_col_expand_mul(t, t, g);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], gamma_[COLS], y[MAXROWS * COLS];

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Compare Y with an RMS norm computed in double from X and GAMMA.
   Tolerance: 1e-5 * (1 + |want|) per element: the float mean square (a
   sum of 64 non-negative terms, about 64 ulp = 4e-6 relative), sqrt
   and the division within an ulp each, the mul by gamma one more.  Each
   output row divided by gamma must also have a mean square of
   ms/(ms+eps) within 1e-4 (gamma is never 0 here).  */
static int check_rmsnorm(int rows)
{
  int bad_y = 0, bad_stats = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    double ms = 0, yms = 0;
    for (int j = 0; j < COLS; j++)
      ms += (double)xr[j] * xr[j];
    ms /= COLS;
    double inv = 1.0 / sqrt(ms + (double)EPS);
    for (int j = 0; j < COLS; j++) {
      double want = xr[j] * inv * gamma_[j], got = y[r * COLS + j];
      bad_y += !(fabs(got - want) <= 1e-5 * (1 + fabs(want)));  /* NaN fails */
      yms += (got / gamma_[j]) * (got / gamma_[j]);
    }
    yms /= COLS;
    bad_stats += !(fabs(yms - ms / (ms + EPS)) <= 1e-4);
  }
  int ok = check(bad_y == 0, "RMS norm within 1e-5", rows);
  return check(bad_stats == 0, "rows over gamma have mean square 1", rows) && ok;
}

int main(void)
{
  /* Rows of different scales; row 3 has a large offset, row 6 a tiny
     scale (eps matters); gamma takes both signs and several sizes.  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
                            * (r == 6 ? 0.001f : 1.0f)
                        + (r == 3 ? 40.0f : 0.0f);
  for (int j = 0; j < COLS; j++)
    gamma_[j] = (float)(j % 9 - 4) * 0.25f + (j % 9 == 4 ? 1.5f : 0.0f);

  static const int shapes[] = { BAND, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k];
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i] = -7.0f;
    pto_launch(rmsnorm_bands, 4, x, gamma_, y, rows / BAND);
    ok &= check_rmsnorm(rows);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= y[i] == -7.0f;
    ok &= check(untouched, "rows past the end are not written", rows);
  }
  return ok ? 0 : 1;
}
