/* reduce.c - row sums and row maxima over many tiles, int32 and fp32.

   Each block reduces some 8x32 tiles of a 64x32 matrix into per-row
   results (pto_row_sum / pto_row_max into 8x1 tiles, stored with GM row
   stride 1), and main() checks them against plain loops.  A second
   kernel reduces fp32 data after elementwise ops: the row sums of |x|
   and of relu(x), and the row maxima.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/reduce.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { R = 8, C = 32, ROWS = 64 };

typedef PTO_TILE(int32_t, R, C) itile_t;
typedef PTO_TILE(int32_t, R, 1) icol_t;
typedef PTO_TILE(float, R, C) ftile_t;
typedef PTO_TILE(float, R, 1) fcol_t;

/* sums[r] = sum_j x[r][j] and maxs[r] = max_j x[r][j] (int32).  */
PTO_KERNEL void reduce_i32(const int32_t *x, int32_t *sums, int32_t *maxs,
                           int rows)
{
  itile_t t;
  icol_t s, m;
  for (int r = pto_block_idx() * R; r < rows; r += pto_block_num() * R) {
    pto_load(t, x + r * C, C);
    pto_row_sum(s, t);
    pto_row_max(m, t);
    pto_store(sums + r, 1, s);
    pto_store(maxs + r, 1, m);
  }
}

/* abssum[r] = sum_j |x[r][j]|, relusum[r] = sum_j max(x[r][j], 0),
   rowmax[r] = max_j x[r][j] (fp32).  */
PTO_KERNEL void reduce_f32(const float *x, float *abssum, float *relusum,
                           float *rowmax, int rows)
{
  ftile_t t, u;
  fcol_t s;
  for (int r = pto_block_idx() * R; r < rows; r += pto_block_num() * R) {
    pto_load(t, x + r * C, C);
    pto_abs(u, t);
    pto_row_sum(s, u);
    pto_store(abssum + r, 1, s);
    pto_relu(u, t);
    pto_row_sum(s, u);
    pto_store(relusum + r, 1, s);
    pto_row_max(s, t);
    pto_store(rowmax + r, 1, s);
  }
}

static int32_t xi[ROWS * C], isum[ROWS], imax[ROWS];
static float xf[ROWS * C], fabs_sum[ROWS], frelu_sum[ROWS], fmax_[ROWS];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  for (int i = 0; i < ROWS * C; i++) {
    xi[i] = (i * 7919) % 2001 - 1000 - (i / C) * 3;   /* negatives too */
    xf[i] = (float)((i * 31) % 97 - 48) * 0.5f;      /* sums stay exact */
  }
  /* Row 9 all negative: its maximum is negative, not 0.  */
  for (int j = 0; j < C; j++) {
    xi[9 * C + j] = -100 - j;
    xf[9 * C + j] = -1.5f - (float)j;
  }
  /* Row 10: the int32 sum wraps around 2^32.  */
  for (int j = 0; j < C; j++)
    xi[10 * C + j] = 0x7fffffff - j;

  pto_launch(reduce_i32, 3, xi, isum, imax, ROWS);
  pto_launch(reduce_f32, 4, xf, fabs_sum, frelu_sum, fmax_, ROWS);

  int bad_i = 0, bad_f = 0;
  for (int r = 0; r < ROWS; r++) {
    uint32_t s = 0;                 /* int32 sums wrap modulo 2^32 */
    int32_t m = xi[r * C];
    double as = 0, rs = 0, fm = xf[r * C];
    for (int j = 0; j < C; j++) {
      int32_t v = xi[r * C + j];
      float w = xf[r * C + j];
      s += (uint32_t)v;
      m = v > m ? v : m;
      as += w < 0 ? -w : w;
      rs += w > 0 ? w : 0;
      fm = w > fm ? w : fm;
    }
    bad_i += isum[r] != (int32_t)s || imax[r] != m;
    bad_f += fabs_sum[r] != (float)as || frelu_sum[r] != (float)rs
             || fmax_[r] != (float)fm;
  }
  int ok = 1;
  ok &= check(bad_i == 0, "int32 row_sum and row_max of 8 tiles of 8x32");
  ok &= check(bad_f == 0, "fp32 row sums of |x| and relu(x), row maxima");
  ok &= check(imax[9] == -100 && fmax_[9] == -1.5f,
              "the maximum of an all-negative row");
  ok &= check(isum[10] == (int32_t)(32u * 0x7fffffffu - 496u),
              "an int32 row sum wraps modulo 2^32");
  return ok ? 0 : 1;
}
