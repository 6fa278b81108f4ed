/* ex-softmax_tail.c - examples/softmax_tail.c (partial tiles: an N x M
   softmax with -INFINITY padding, pto_load_valid / pto_store_valid)
   emitted as CCE vs reference mode, for every shape of the example on
   2 to 4 blocks.  Outputs within 1e-6 absolute of reference mode (the
   device sums rows in a tree), the example's own check (softmax in
   double, rows summing to 1, the canary after the matrix untouched)
   on the simulator's output too.  */
#define main softmax_tail_example_main
#define softmax_tail ref_softmax_tail
#include "../../examples/softmax_tail.c"
#undef softmax_tail
#undef main
#include "harness.h"

void softmax_tail__sim(void *const *args);

static float want[MAXN * COLS + CANARY];
static int n_now, m_now;

static void reset(void)
{
  for (int i = 0; i < MAXN * COLS + CANARY; i++)
    y[i] = -1.0f;
}

static void check_y(const char *o)
{
  (void)o;
  CHECK_ARRAY_NEAR("softmax_tail", y, want, MAXN * COLS + CANARY, 1e-6);
  CHECK(check_softmax(n_now, m_now));
}

int main(void)
{
  static const int shapes[][2] = { { 37, 50 }, { 16, 64 }, { 1, 13 },
                                   { 1, 1 }, { MAXN, 3 }, { 8, 7 } };
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int n = shapes[k][0], m = shapes[k][1];
    n_now = n;
    m_now = m;
    for (int i = 0; i < n * m; i++)
      x[i] = (float)((i * 37 + i / m * 11) % 29 - 14) * (0.25f + (i / m) % 3)
             + ((i / m) == 3 ? 90.0f : 0.0f);
    reset();
    pto_launch(ref_softmax_tail, 3, x, y, n, m);
    memcpy(want, y, sizeof want);
    const float *px = x;
    float *py = y;
    void *args[] = { &px, &py, &n, &m };
    cce_run(softmax_tail__sim, args, (int)(k % 3) + 2, reset, check_y);
  }
  return harness_end("ex-softmax_tail");
}
