/* softmax_tail.c - row-wise softmax of an N x M fp32 matrix whose sizes
   do not divide the tile: partial tiles (pto-isa TLOAD/TSTORE with a
   run-time valid shape, PyPTO valid_shape).
   Each block takes bands of BAND rows round robin; the last band has
   only N % BAND valid rows, and every band only M <= COLS valid
   columns.  pto_load_valid pads the rest of the 8 x 64 tile with
   -INFINITY, so the whole-tile ops stay right without knowing the valid
   shape: row_max ignores the pad, exp(-inf - max) = 0 adds nothing to
   row_sum, and pto_store_valid writes back only the valid region (rows
   of M floats, M * 4 bytes: not a whole number of 32 B blocks, at GM
   addresses that are not 32 B aligned either).  Padded rows are all
   -INFINITY and compute NaN (-inf - -inf), which is never stored.
   Checked against a scalar softmax in double for several N x M shapes,
   with a canary after the matrix that must stay untouched.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/softmax_tail.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { BAND = 8, COLS = 64, MAXN = 45, CANARY = 16 };

typedef PTO_TILE(float, BAND, COLS) band_t;
typedef PTO_TILE(float, BAND, 1) bandcol_t;   /* one value per row */

/* y = softmax(x) over the rows of the N x M matrix x (row stride M),
   1 <= M <= COLS.  */
PTO_KERNEL void softmax_tail(const float *x, float *y, int n, int m)
{
  band_t t;
  bandcol_t mx, s;
  for (int r = pto_block_idx() * BAND; r < n; r += pto_block_num() * BAND) {
    int vr = n - r < BAND ? n - r : BAND;
    pto_load_valid(t, x + r * m, m, vr, m, -INFINITY);
    pto_row_max(mx, t);
    pto_row_expand_sub(t, t, mx);
    pto_exp(t, t);
    pto_row_sum(s, t);
    pto_row_expand_div(t, t, s);
    pto_store_valid(y + r * m, m, t, vr, m);
  }
}

static float x[MAXN * COLS], y[MAXN * COLS + CANARY];

static int check(int ok, const char *what, int n, int m)
{
  printf("%s: %s (%d x %d)\n", ok ? "PASS" : "FAIL", what, n, m);
  return ok;
}

/* Compare the N x M result with a softmax in double: every element
   within 1e-6 + 1e-5 * want (float exp within a few ulp, the row sum of
   at most 64 terms within about 4e-6 relative), every row summing to 1
   within 1e-5, and the canary after the matrix untouched.  */
static int check_softmax(int n, int m)
{
  int bad_y = 0, bad_sum = 0, bad_canary = 0;
  for (int r = 0; r < n; r++) {
    const float *xr = x + r * m;
    double mx = xr[0], total = 0, got_sum = 0;
    for (int j = 1; j < m; j++)
      mx = xr[j] > mx ? xr[j] : mx;
    for (int j = 0; j < m; j++)
      total += exp((double)xr[j] - mx);
    for (int j = 0; j < m; j++) {
      double want = exp((double)xr[j] - mx) / total;
      bad_y += !(fabs(y[r * m + j] - want) <= 1e-6 + 1e-5 * want);  /* NaN fails */
      got_sum += y[r * m + j];
    }
    bad_sum += !(fabs(got_sum - 1.0) <= 1e-5);
  }
  for (int i = n * m; i < n * m + CANARY; i++)
    bad_canary += y[i] != -1.0f;
  int ok = check(bad_y == 0, "softmax within 1e-5 relative", n, m);
  ok &= check(bad_sum == 0, "every softmax row sums to 1", n, m);
  return check(bad_canary == 0, "nothing written past the matrix", n, m) && ok;
}

int main(void)
{
  /* N x M: a tail band of 5 rows and 50 columns (200 B rows), an exact
     fit, one row of 13, a single element, and 3 columns over 45 rows.  */
  static const int shapes[][2] = { { 37, 50 }, { 16, 64 }, { 1, 13 },
                                   { 1, 1 }, { MAXN, 3 } };
  int ok = 1;
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int n = shapes[k][0], m = shapes[k][1];
    for (int i = 0; i < n * m; i++)
      x[i] = (float)((i * 37 + i / m * 11) % 29 - 14) * (0.25f + (i / m) % 3)
             + ((i / m) == 3 ? 90.0f : 0.0f);
    for (int i = 0; i < MAXN * COLS + CANARY; i++)
      y[i] = -1.0f;
    pto_launch(softmax_tail, 3, x, y, n, m);
    ok &= check_softmax(n, m);
  }
  return ok ? 0 : 1;
}
