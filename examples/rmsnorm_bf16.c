/* rmsnorm_bf16.c - RMS normalisation of a bf16 [rows x 64] matrix with
   a bf16 per-column scale, writing bf16: the bf16 tiles are loaded,
   widened to fp32 (pto_cast: exact), normalised in fp32 as in
   rmsnorm.c, and rounded back to bf16 once (pto_cast: to nearest, ties
   to even), because the vector unit has no bf16 arithmetic:
     ms = row_sum(x * x) / 64;  y = bf16(x / sqrt(ms + eps) * gamma)
   rmsnorm_bf16_bands  8x64 bands, blocks take bands round robin; gamma
                       is loaded and widened once per block
   Checked against an independent RMS norm in double from the bf16
   inputs for 8 and 48 rows; see check_rmsnorm for the tolerance.  bf16
   needs dav-c220 (Atlas A2/A3); on dav-m200 the plugin reports it.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/rmsnorm_bf16.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { MAXROWS = 48, COLS = 64, BAND = 8 };
#define EPS 1e-5f

typedef PTO_TILE(pto_bf16, BAND, COLS) bband_t;
typedef PTO_TILE(pto_bf16, 1, COLS) brow_t;
typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */
typedef PTO_TILE(float, 1, COLS) row_t;       /* one value per column */

PTO_KERNEL void rmsnorm_bf16_bands(const pto_bf16 *x, const pto_bf16 *gamma,
                                   pto_bf16 *y, int nbands)
{
  bband_t h;
  brow_t gh;
  band_t t, sq;
  bandcol_t ms;
  row_t g;
  pto_load(gh, gamma, COLS);
  pto_cast(g, gh);
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(h, x + b * BAND * COLS, COLS);
    pto_cast(t, h);
    pto_mul(sq, t, t);
    pto_row_sum(ms, sq);
    pto_muls(ms, ms, 1.0f / COLS);
    pto_adds(ms, ms, EPS);
    pto_sqrt(ms, ms);
    pto_row_expand_div(t, t, ms);
    pto_col_expand_mul(t, t, g);
    pto_cast(h, t);
    pto_store(y + b * BAND * COLS, COLS, h);
  }
}

static pto_bf16 x[MAXROWS * COLS], gamma_[COLS], y[MAXROWS * COLS];

/* The value of bf16 H, decoded here from the format (sign, 8 exponent
   bits, 7 fraction bits; the inputs are normal numbers or zero).  */
static double value(pto_bf16 h)
{
  int exp = h.bits >> 7 & 0xff, frac = h.bits & 0x7f;
  double m = exp ? ldexp(128 + frac, exp - 134) : ldexp(frac, -133);
  return h.bits & 0x8000 ? -m : m;
}

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Compare Y with an RMS norm computed in double from X and GAMMA.
   Tolerance: one bf16 rounding (half a unit in the last of 8 significant
   bits: 2^-8 relative) on top of the fp32 computation's 1e-5 relative
   (rmsnorm.c), so |got - want| <= (2^-8 + 2e-5) * |want| + 1e-30.  */
static int check_rmsnorm(int rows)
{
  int bad_y = 0;
  for (int r = 0; r < rows; r++) {
    double ms = 0;
    for (int j = 0; j < COLS; j++)
      ms += value(x[r * COLS + j]) * value(x[r * COLS + j]);
    ms /= COLS;
    double inv = 1.0 / sqrt(ms + (double)EPS);
    for (int j = 0; j < COLS; j++) {
      double want = value(x[r * COLS + j]) * inv * value(gamma_[j]);
      double got = value(y[r * COLS + j]);
      bad_y += !(fabs(got - want) <= (ldexp(1.0, -8) + 2e-5) * fabs(want)
                                     + 1e-30);
    }
  }
  return check(bad_y == 0, "bf16 RMS norm within one bf16 rounding", rows);
}

int main(void)
{
  /* Rows of different scales; row 3 has a large offset, row 6 a tiny
     scale (eps matters); gamma takes both signs and several sizes.  */
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = pto_bf16_from_f32(
          (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
              * (r == 6 ? 0.001f : 1.0f)
          + (r == 3 ? 40.0f : 0.0f));
  for (int j = 0; j < COLS; j++)
    gamma_[j] = pto_bf16_from_f32((float)(j % 9 - 4) * 0.25f
                                  + (j % 9 == 4 ? 1.5f : 0.0f));

  static const int shapes[] = { BAND, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k];
    for (int i = 0; i < MAXROWS * COLS; i++)
      y[i].bits = 0x7fc1;   /* a NaN: an element never written fails */
    pto_launch(rmsnorm_bf16_bands, 4, x, gamma_, y, rows / BAND);
    ok &= check_rmsnorm(rows);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= y[i].bits == 0x7fc1;
    ok &= check(untouched, "rows past the end are not written", rows);
  }
  return ok ? 0 : 1;
}
