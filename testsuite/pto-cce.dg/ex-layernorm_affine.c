/* ex-layernorm_affine.c - examples/layernorm_affine.c (captured by the
   plugin into ex-layernorm_affine.pto: the row mean and variance, their
   row broadcasts, gamma and beta as column broadcasts) emitted vs
   reference mode at the example's two shapes on 4 blocks: outputs
   within 1e-4 relative of reference mode (row 6's spread is 1e-3 of
   its values, so x - mean cancels three digits, and the vector unit's
   row sums add in another order than reference mode's loop: 2e-5 seen
   there, 1e-7 elsewhere), and the example's own check against a layer
   norm in double must pass on the simulated output too.  */
#define main layernorm_affine_example_main
#define layernorm_affine_bands ref_layernorm_affine_bands
#include "../../examples/layernorm_affine.c"
#undef layernorm_affine_bands
#undef main
#include "harness.h"

void layernorm_affine_bands__sim(void *const *args);

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
  CHECK_ARRAY_NEAR("layernorm_affine", y, want, MAXROWS * COLS, 1e-4);
  CHECK(check_layernorm(rows_now));
}

int main(void)
{
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
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND;
    rows_now = rows;
    reset();
    pto_launch(ref_layernorm_affine_bands, 4, x, gamma_, beta, y, nb);
    memcpy(want, y, sizeof want);
    const float *px = x, *pg = gamma_, *pb = beta;
    float *py = y;
    void *args[] = { &px, &pg, &pb, &py, &nb };
    cce_run(layernorm_affine_bands__sim, args, 4, reset, check_y);
  }
  return harness_end("ex-layernorm_affine");
}
