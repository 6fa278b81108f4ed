/* ex-rmsnorm_bf16.c - examples/rmsnorm_bf16.c (captured by the plugin
   into ex-rmsnorm_bf16.pto: bf16 loads widened to f32, the RMS norm in
   f32, rounded back to bf16 for the store) emitted vs reference mode at
   the example's two shapes on 4 blocks: every output within one bf16
   step (2^-7 relative) of reference mode (the f32 sums may round in
   another order and flip a rounding), the rows past the end untouched,
   and the example's own check against an RMS norm in double must pass
   on the simulated output too.  */
#define main rmsnorm_bf16_example_main
#define rmsnorm_bf16_bands ref_rmsnorm_bf16_bands
#include "../../examples/rmsnorm_bf16.c"
#undef rmsnorm_bf16_bands
#undef main
#include "harness.h"

void rmsnorm_bf16_bands__sim(void *const *args);

static float got[MAXROWS * COLS], want[MAXROWS * COLS];
static int rows_now;

/* A NaN everywhere: an element never written shows.  */
static void reset(void)
{
  for (int i = 0; i < MAXROWS * COLS; i++)
    y[i].bits = 0x7fc1;
}
static void check_y(const char *o)
{
  (void)o;
  for (int i = 0; i < MAXROWS * COLS; i++)
    got[i] = pto_bf16_to_f32(y[i]);
  CHECK_ARRAY_NEAR("rmsnorm_bf16", got, want, MAXROWS * COLS, 1.0 / 128);
  int untouched = 1;
  for (int i = rows_now * COLS; i < MAXROWS * COLS; i++)
    untouched &= y[i].bits == 0x7fc1;
  CHECK(untouched);
  CHECK(check_rmsnorm(rows_now));
}

int main(void)
{
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
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND;
    rows_now = rows;
    reset();
    pto_launch(ref_rmsnorm_bf16_bands, 4, x, gamma_, y, nb);
    for (int i = 0; i < MAXROWS * COLS; i++)
      want[i] = pto_bf16_to_f32(y[i]);
    const pto_bf16 *px = x, *pg = gamma_;
    pto_bf16 *py = y;
    void *args[] = { &px, &pg, &py, &nb };
    cce_run(rmsnorm_bf16_bands__sim, args, 4, reset, check_y);
  }
  return harness_end("ex-rmsnorm_bf16");
}
