/* ex-softmax.c - examples/softmax.c: both kernels (16x64 bands, 1x64
   leftover rows; row_max, row_expand_sub, exp, row_sum, row_expand_div)
   emitted as CCE vs reference mode, for 16, 40 and 67 rows on 2, 3 and 4
   blocks.  The device sums each row in a tree and its exp need not be
   libm's: outputs (all below 1) within 1e-6 absolute of reference mode,
   and the example's own check against a softmax in double
   (check_softmax: 1e-5 relative, rows summing to 1) must pass on the
   simulator's output too.  */
#define main softmax_example_main
#define softmax_bands ref_softmax_bands
#define softmax_rows ref_softmax_rows
#include "../../examples/softmax.c"
#undef softmax_bands
#undef softmax_rows
#undef main
#include "harness.h"

void softmax_bands__sim(void *const *args);
void softmax_rows__sim(void *const *args);

static float want[MAXROWS * COLS];
static int rows_now;
static void *const *rows_args;

/* One block of both kernels, as main() launches them (each kernel ends
   with pipe_barrier(PIPE_ALL)).  */
static void both__sim(void *const *bands_args)
{
  softmax_bands__sim(bands_args);
  softmax_rows__sim(rows_args);
}

static void reset(void)
{
  for (int i = 0; i < MAXROWS * COLS; i++)
    y[i] = -1.0f;
}
static void check_y(const char *o)
{
  (void)o;
  CHECK_ARRAY_NEAR("softmax", y, want, MAXROWS * COLS, 1e-6);
  CHECK(check_softmax(rows_now));
}

int main(void)
{
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = r == 9 ? 3.0f
                        : (float)((r * 37 + j * 11) % 29 - 14) * (0.25f + r % 3)
                              + (r == 5 ? 120.0f : 0.0f);
  static const int shapes[] = { 16, 40, MAXROWS };
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND, first = nb * BAND;
    rows_now = rows;
    reset();
    pto_launch(ref_softmax_bands, 2, x, y, nb);
    pto_launch(ref_softmax_rows, 3, x, y, first, rows);
    memcpy(want, y, sizeof want);
    const float *px = x;
    float *py = y;
    void *a1[] = { &px, &py, &nb };
    void *a2[] = { &px, &py, &first, &rows };
    rows_args = a2;
    cce_run(both__sim, a1, k + 2, reset, check_y);
  }
  return harness_end("ex-softmax");
}
