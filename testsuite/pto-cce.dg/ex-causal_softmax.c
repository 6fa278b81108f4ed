/* ex-causal_softmax.c - examples/causal_softmax.c (captured by the
   plugin into ex-causal_softmax.pto: a compare with a scalar, a select,
   the row and column broadcasts, row_max, exp, row_sum) emitted vs
   reference mode at the example's three shapes on 3 blocks: outputs
   within 1e-6 absolute of reference mode (the device's exp and its
   row sums need not be libm's), masked columns exactly 0, and the
   example's own check against a masked softmax in double must pass on
   the simulated output too.  */
#define main causal_softmax_example_main
#define causal_softmax_bands ref_causal_softmax_bands
#include "../../examples/causal_softmax.c"
#undef causal_softmax_bands
#undef main
#include "harness.h"

void causal_softmax_bands__sim(void *const *args);

static float want[MAXROWS * COLS];
static int rows_now, offset_now;

static void reset(void)
{
  for (int i = 0; i < MAXROWS * COLS; i++)
    y[i] = -1.0f;
}
static void check_y(const char *o)
{
  (void)o;
  CHECK_ARRAY_NEAR("causal softmax", y, want, MAXROWS * COLS, 1e-6);
  CHECK(check_softmax(rows_now, offset_now));
}

int main(void)
{
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
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k][0], offset = shapes[k][1], nb = rows / BAND;
    rows_now = rows;
    offset_now = offset;
    reset();
    pto_launch(ref_causal_softmax_bands, 3, x, colnum, rownum, y, nb, offset);
    memcpy(want, y, sizeof want);
    const float *px = x, *pc = colnum, *pr = rownum;
    float *py = y;
    void *args[] = { &px, &pc, &pr, &py, &nb, &offset };
    cce_run(causal_softmax_bands__sim, args, 3, reset, check_y);
  }
  return harness_end("ex-causal_softmax");
}
