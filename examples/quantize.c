/* quantize.c - per-row (per-token) symmetric int8 quantization of a
   [rows x 256] fp32 activation matrix, as a W8A8 layer does before its
   int8 GEMM, and the dequantization back:
     quantize_rows    amax = max(row_max(|x|), 1e-30); q = quantize(x /
                      amax, scale 127, offset 0) (int8_t, saturating);
                      s = amax / 127 per row
     dequantize_rows  y = dequantize(q, 1, 0) * s (a row broadcast)
   8-row bands, blocks take bands round robin; s is stored as one value
   per row (an 8x1 tile, row stride 1).  Checked for 8, 24 and 40 rows
   against an independent computation in double: every q within 0.5 +
   2^-4 of x / amax * 127 (include/pto.h's bound for pto_quantize; the
   row's largest |x| becomes exactly +-127), every y within that many
   steps s of x, and the rows past the end untouched.  The checksum of
   q is printed, so the plugin builds (sim=jit, sim=cce, both arches)
   must produce the bits reference mode does.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/quantize.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

enum { MAXROWS = 40, COLS = 256, BAND = 8 };

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(int8_t, BAND, COLS) qband_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */

PTO_KERNEL void quantize_rows(const float *x, int8_t *q, float *s, int nbands)
{
  band_t t, a;
  qband_t tq;
  bandcol_t amax, st;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(t, x + b * BAND * COLS, COLS);
    pto_abs(a, t);
    pto_row_max(amax, a);
    pto_maxs(amax, amax, 1e-30f);           /* an all-zero row stays 0 */
    pto_row_expand_div(a, t, amax);         /* in [-1, 1] */
    pto_quantize(tq, a, 127.0f, 0.0f);
    pto_store(q + b * BAND * COLS, COLS, tq);
    pto_muls(st, amax, 1.0f / 127.0f);
    pto_store(s + b * BAND, 1, st);
  }
}

PTO_KERNEL void dequantize_rows(const int8_t *q, const float *s, float *y,
                                int nbands)
{
  qband_t tq;
  band_t t;
  bandcol_t st;
  for (int b = pto_block_idx(); b < nbands; b += pto_block_num()) {
    pto_load(tq, q + b * BAND * COLS, COLS);
    pto_load(st, s + b * BAND, 1);
    pto_dequantize(t, tq, 1.0f, 0.0f);
    pto_row_expand_mul(t, t, st);
    pto_store(y + b * BAND * COLS, COLS, t);
  }
}

static float x[MAXROWS * COLS], y[MAXROWS * COLS], s[MAXROWS];
static int8_t q[MAXROWS * COLS];

static int check(int ok, const char *what, int rows)
{
  printf("%s: %s (%d rows)\n", ok ? "PASS" : "FAIL", what, rows);
  return ok;
}

/* Q and Y against X, in double.  The bound on q: pto.h's for a float
   source, 0.5 + 2^-4 + 2^-23 * 127, plus the division x / amax (half an
   ulp: 2^-24 * 127).  Y is q * s (two roundings: 2^-23 relative).  */
static int check_rows(int rows)
{
  int bad_q = 0, bad_peak = 0, bad_y = 0, bad_s = 0;
  for (int r = 0; r < rows; r++) {
    const float *xr = x + r * COLS;
    double amax = 0;
    for (int j = 0; j < COLS; j++)
      amax = fmax(amax, fabs(xr[j]));
    double step = fmax(amax, (double)1e-30f) / 127;   /* the kernel's floor */
    bad_s += !(fabs(s[r] - step) <= 0x1p-22 * step);
    int peak = 0;
    for (int j = 0; j < COLS; j++) {
      double exact = amax > 0 ? xr[j] / amax * 127 : 0;
      int got = q[r * COLS + j];
      bad_q += !(fabs(got - exact) <= 0.5 + 0x1p-4 + 0x1p-16);
      peak = got < 0 ? (-got > peak ? -got : peak) : (got > peak ? got : peak);
      double err = fabs(y[r * COLS + j] - xr[j]);
      bad_y += !(err <= (0.5 + 0x1p-4 + 0x1p-16) * step * (1 + 0x1p-20));
    }
    bad_peak += amax > 0 && peak != 127;
  }
  int ok = check(bad_q == 0, "q within 0.5 + 2^-4 of x / amax * 127", rows);
  ok &= check(bad_peak == 0, "each row's largest |x| gives +-127", rows);
  ok &= check(bad_s == 0, "s = amax / 127", rows);
  return check(bad_y == 0, "dequantized y within 0.5625 s of x", rows) && ok;
}

/* Rows of different scales, one all-zero row (5), one whose largest |x|
   is negative (2), values on quantization ties (row 7).  */
static void fill_x(void)
{
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++) {
      float v = (float)((r * 29 + j * 13) % 37 - 18) * (0.25f + r % 5)
                * (r % 3 == 1 ? 0.001f : 1.0f);
      if (r == 5)
        v = 0.0f;
      if (r == 2 && j == 100)
        v = -200.0f;
      if (r == 7)
        v = (float)(j % 255 - 127) + (j % 2 ? 0.5f : 0.0f);
      x[r * COLS + j] = v;
    }
}

int main(void)
{
  fill_x();
  static const int shapes[] = { BAND, 3 * BAND, MAXROWS };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k];
    for (int i = 0; i < MAXROWS * COLS; i++) {
      q[i] = 99;
      y[i] = -7.0f;
    }
    for (int i = 0; i < MAXROWS; i++)
      s[i] = -7.0f;
    pto_launch(quantize_rows, 4, x, q, s, rows / BAND);
    pto_launch(dequantize_rows, 4, q, s, y, rows / BAND);
    ok &= check_rows(rows);
    int untouched = 1;
    for (int i = rows * COLS; i < MAXROWS * COLS; i++)
      untouched &= q[i] == 99 && y[i] == -7.0f;
    for (int i = rows; i < MAXROWS; i++)
      untouched &= s[i] == -7.0f;
    ok &= check(untouched, "rows past the end are not written", rows);
    uint32_t sum = 2166136261u;
    for (int i = 0; i < rows * COLS; i++)
      sum = (sum ^ (uint8_t)q[i]) * 16777619u;
    printf("checksum of q: %08x (%d rows)\n", (unsigned)sum, rows);
  }
  return ok ? 0 : 1;
}
