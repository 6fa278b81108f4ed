/* layernorm.c - layer normalisation without affine parameters of a
   [rows x 64] fp32 matrix, with row reductions and row broadcasts:
     mean = row_sum(x) / 64;  c = x - mean
     var  = row_sum(c * c) / 64;  y = c * rsqrt(var + eps)
   layernorm_bands  8x64 bands, blocks take bands round robin
   (1/64 is exact, so the muls by it are divisions.)  Checked against an
   independent two-pass layer norm in double for 8 and 48 rows; see
   check_layernorm for the tolerance.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/layernorm.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { MAXROWS = 48, COLS = 64, BAND = 8 };
#define EPS 1e-5f

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;

PTO_KERNEL void layernorm_bands(const float *x, float *y, int nbands)
{
  band_t t, sq;
  bandcol_t mean, var;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_row_sum(mean, t);
    pto_muls(mean, mean, 1.0f / COLS);
    pto_row_expand_sub(t, t, mean);
    pto_mul(sq, t, t);
    pto_row_sum(var, sq);
    pto_muls(var, var, 1.0f / COLS);
    pto_adds(var, var, EPS);
    pto_rsqrt(var, var);
    pto_row_expand_mul(t, t, var);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], y[MAXROWS * COLS];

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Compare Y with a layer norm computed in double from X.  Tolerance:
   2e-5 * (1 + |want|) per element: the float mean and variance (sums of
   64 terms, about 64 ulp = 4e-6 relative), rsqrt within a few ulp, and
   the centred value's cancellation error relative to the row's spread
   (the inputs keep mean/spread below 10).  Each output row must also
   have mean 0 and variance var/(var+eps) within 1e-4.  */
static int check_layernorm(int rows)
{
  int bad_y = 0, bad_stats = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    double mean = 0, var = 0, ym = 0, yv = 0;
    for (int j = 0; j < COLS; j++)
      mean += xr[j];
    mean /= COLS;
    for (int j = 0; j < COLS; j++)
      var += (xr[j] - mean) * (xr[j] - mean);
    var /= COLS;
    double inv = 1.0 / sqrt(var + (double)EPS);
    for (int j = 0; j < COLS; j++) {
      double want = (xr[j] - mean) * inv, got = y[r * COLS + j];
      bad_y += !(fabs(got - want) <= 2e-5 * (1 + fabs(want)));  /* NaN fails */
      ym += got;
    }
    ym /= COLS;
    for (int j = 0; j < COLS; j++)
      yv += (y[r * COLS + j] - ym) * (y[r * COLS + j] - ym);
    yv /= COLS;
    bad_stats += !(fabs(ym) <= 1e-4 && fabs(yv - var / (var + EPS)) <= 1e-4);
  }
  int ok = check(bad_y == 0, "layer norm within 2e-5", rows);
  return check(bad_stats == 0, "rows have mean 0 and variance 1", rows) && ok;
}

int main(void)
{
  /* Rows of different offsets and spreads; row 3 has a large offset
     (cancellation in x - mean), row 6 a tiny spread (eps matters).  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
                            * (r == 6 ? 0.001f : 1.0f)
                        + (float)(r % 5) - 2.0f + (r == 3 ? 40.0f : 0.0f);

  static const int shapes[] = { BAND, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k];
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i] = -7.0f;
    pto_launch(layernorm_bands, 4, x, y, rows / BAND);
    ok &= check_layernorm(rows);
  }
  return ok ? 0 : 1;
}
