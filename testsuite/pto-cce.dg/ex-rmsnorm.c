/* ex-rmsnorm.c - examples/rmsnorm.c (captured by the plugin into
   ex-rmsnorm.pto: mul, row_sum, muls, adds, sqrt, the row broadcast of
   the divisor and the column broadcast of gamma) emitted vs reference
   mode at the example's two shapes on 4 blocks: outputs within 1e-6
   relative of reference mode, and the example's own check against an
   RMS norm in double must pass on the simulated output too.  */
#define main rmsnorm_example_main
#define rmsnorm_bands ref_rmsnorm_bands
#include "../../examples/rmsnorm.c"
#undef rmsnorm_bands
#undef main
#include "harness.h"

void rmsnorm_bands__sim(void *const *args);

static float want[MAXROWS * COLS];
static int rows_now;

static void reset(void)
{
  for (int i = 0; i < MAXROWS * COLS; i++)
    y[i] = -7.0f;
}
static void check_y(const char *o)
{
  (void)o;
  CHECK_ARRAY_NEAR("rmsnorm", y, want, MAXROWS * COLS, 1e-6);
  CHECK(check_rmsnorm(rows_now));
}

int main(void)
{
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
                            * (r == 6 ? 0.001f : 1.0f)
                        + (r == 3 ? 40.0f : 0.0f);
  for (int j = 0; j < COLS; j++)
    gamma_[j] = (float)(j % 9 - 4) * 0.25f + (j % 9 == 4 ? 1.5f : 0.0f);
  static const int shapes[] = { BAND, MAXROWS };
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND;
    rows_now = rows;
    reset();
    pto_launch(ref_rmsnorm_bands, 4, x, gamma_, y, nb);
    memcpy(want, y, sizeof want);
    const float *px = x, *pg = gamma_;
    float *py = y;
    void *args[] = { &px, &pg, &py, &nb };
    cce_run(rmsnorm_bands__sim, args, 4, reset, check_y);
  }
  return harness_end("ex-rmsnorm");
}
