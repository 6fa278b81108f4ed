/* layernorm_affine.c - layer normalisation with per-column gamma and
   beta of a [rows x 64] fp32 matrix, with row reductions, row
   broadcasts and column broadcasts (pto-isa's TROWSUM / TROWEXPANDSUB /
   TROWEXPANDMUL / TCOLEXPANDMUL / TCOLEXPANDADD):
     mean = row_sum(x) / 64;  c = x - mean
     var  = row_sum(c * c) / 64;  n = c * rsqrt(var + eps)
     y    = n * gamma + beta      (gamma, beta: 1x64 tiles)
   layernorm_affine_bands  8x64 bands, blocks take bands round robin;
                  gamma and beta are loaded once per block and applied
                  to every row with pto_col_expand_mul and
                  pto_col_expand_add
   (1/64 is exact, so the muls by it are divisions.)  Checked against an
   independent two-pass layer norm in double for 8 and 48 rows; see
   check_layernorm for the tolerance.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/layernorm_affine.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { MAXROWS = 48, COLS = 64, BAND = 8 };
#define EPS 1e-5f

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;       /* one value per column */

PTO_KERNEL void layernorm_affine_bands(const float *x, const float *gamma,
				       const float *beta, float *y, int nbands)
{
  band_t t, sq;
  bandcol_t mean, var;
  row_t g, be;
  pto_load(g, gamma, COLS);
  pto_load(be, beta, COLS);
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
    pto_col_expand_mul(t, t, g);
    pto_col_expand_add(t, t, be);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], gamma_[COLS], beta[COLS], y[MAXROWS * COLS];

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Compare Y with gamma * layer norm + beta computed in double from X.
   Tolerance: 3e-5 * (1 + |want|) per element: the normalised value is
   within 2e-5 * (1 + |n|) as in examples/layernorm.c, |gamma| <= 1.5
   scales that, and the mul and add round once each.  Each output row,
   with beta subtracted and divided by gamma, must also have mean 0 and
   variance var/(var+eps) within 1e-4 (gamma is never 0 here).  */
static int check_layernorm(int rows)
{
  int bad_y = 0, bad_stats = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    double mean = 0, var = 0, nm = 0, nv = 0, n[COLS];
    for (int j = 0; j < COLS; j++)
      mean += xr[j];
    mean /= COLS;
    for (int j = 0; j < COLS; j++)
      var += (xr[j] - mean) * (xr[j] - mean);
    var /= COLS;
    double inv = 1.0 / sqrt(var + (double)EPS);
    for (int j = 0; j < COLS; j++) {
      double want = (xr[j] - mean) * inv * gamma_[j] + beta[j];
      double got = y[r * COLS + j];
      bad_y += !(fabs(got - want) <= 3e-5 * (1 + fabs(want)));  /* NaN fails */
      n[j] = (got - beta[j]) / gamma_[j];
      nm += n[j];
    }
    nm /= COLS;
    for (int j = 0; j < COLS; j++)
      nv += (n[j] - nm) * (n[j] - nm);
    nv /= COLS;
    bad_stats += !(fabs(nm) <= 1e-4 && fabs(nv - var / (var + EPS)) <= 1e-4);
  }
  int ok = check(bad_y == 0, "affine layer norm within 3e-5", rows);
  return check(bad_stats == 0, "(y - beta) / gamma has mean 0 and variance 1",
	       rows) && ok;
}

int main(void)
{
  /* Rows of different offsets and spreads; row 3 has a large offset
     (cancellation in x - mean), row 6 a tiny spread (eps matters);
     gamma takes both signs, beta several offsets.  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
                            * (r == 6 ? 0.001f : 1.0f)
                        + (float)(r % 5) - 2.0f + (r == 3 ? 40.0f : 0.0f);
  for (int j = 0; j < COLS; j++) {
    gamma_[j] = (float)(j % 9 - 4) * 0.25f + (j % 9 == 4 ? 1.5f : 0.0f);
    beta[j] = (float)(j % 5 - 2) * 0.5f;
  }

  static const int shapes[] = { BAND, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k];
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i] = -7.0f;
    pto_launch(layernorm_affine_bands, 4, x, gamma_, beta, y, rows / BAND);
    ok &= check_layernorm(rows);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= y[i] == -7.0f;
    ok &= check(untouched, "rows past the end are not written", rows);
  }
  return ok ? 0 : 1;
}
