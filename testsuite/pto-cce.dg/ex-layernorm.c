/* ex-layernorm.c - examples/layernorm.c: the 8x64 band kernel (row_sum,
   muls, row_expand_sub, mul, adds, rsqrt, row_expand_mul) emitted as
   CCE vs reference mode, for 8 and 48 rows on 1 and 4 blocks.  The
   device sums rows in a tree and its rsqrt need not be libm's: outputs
   within 2e-5 (relative above magnitude 1) of reference mode, and the
   example's own check against a layer norm in double
   (check_layernorm) must pass on the simulator's output too.  */
#define main layernorm_example_main
#define layernorm_bands ref_layernorm_bands
#include "../../examples/layernorm.c"
#undef layernorm_bands
#undef main
#include "harness.h"

void layernorm_bands__sim(void *const *args);

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
  CHECK_ARRAY_NEAR("layernorm", y, want, MAXROWS * COLS, 2e-5);
  CHECK(check_layernorm(rows_now));
}

int main(void)
{
  for (int r = 0; r < MAXROWS; r++)
    for (int j = 0; j < COLS; j++)
      x[r * COLS + j] = (float)((r * 31 + j * 7) % 23 - 11) * (0.5f + r % 4)
                            * (r == 6 ? 0.001f : 1.0f)
                        + (float)(r % 5) - 2.0f + (r == 3 ? 40.0f : 0.0f);
  static const int shapes[] = { BAND, MAXROWS };
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND, blocks = k ? 4 : 1;
    rows_now = rows;
    reset();
    pto_launch(ref_layernorm_bands, blocks, x, y, nb);
    memcpy(want, y, sizeof want);
    const float *px = x;
    float *py = y;
    void *a[] = { &px, &py, &nb };
    cce_run(layernorm_bands__sim, a, blocks, reset, check_y);
  }
  return harness_end("ex-layernorm");
}
