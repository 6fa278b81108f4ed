/* ex-quantize.c - examples/quantize.c (captured by the plugin into
   ex-quantize.pto: abs, row_max, maxs, the row broadcast of the
   divisor, quantize through f16 into int8, and back: dequantize and the
   row broadcast of the step) emitted vs reference mode at the example's
   three shapes on 4 blocks: q, s and y bit for bit, and the example's
   own checks against double must pass on the simulated output too.  */
#define main quantize_example_main
#define quantize_rows ref_quantize_rows
#define dequantize_rows ref_dequantize_rows
#include "../../examples/quantize.c"
#undef quantize_rows
#undef dequantize_rows
#undef main
#include "harness.h"

void quantize_rows__sim(void *const *args);
void dequantize_rows__sim(void *const *args);

static int8_t want_q[MAXROWS * COLS];
static float want_s[MAXROWS], want_y[MAXROWS * COLS];

static void reset_q(void)
{
  memset(q, 99, sizeof q);
  for (int i = 0; i < MAXROWS; i++)
    s[i] = -7.0f;
}
static void reset_y(void)
{
  for (int i = 0; i < MAXROWS * COLS; i++)
    y[i] = -7.0f;
}
static void check_q(const char *o)
{
  (void)o;
  CHECK_ARRAY_EQ("q", q, want_q, MAXROWS * COLS);
  CHECK(memcmp(s, want_s, sizeof s) == 0);
}
static void check_y(const char *o)
{
  (void)o;
  CHECK(memcmp(y, want_y, sizeof y) == 0);
}

int main(void)
{
  fill_x();
  static const int shapes[] = { BAND, 3 * BAND, MAXROWS };
  for (unsigned k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    int rows = shapes[k], nb = rows / BAND;
    reset_q();
    reset_y();
    pto_launch(ref_quantize_rows, 4, x, q, s, nb);
    pto_launch(ref_dequantize_rows, 4, q, s, y, nb);
    memcpy(want_q, q, sizeof q);
    memcpy(want_s, s, sizeof s);
    memcpy(want_y, y, sizeof y);
    const float *px = x;
    int8_t *pq = q;
    float *ps = s, *py = y;
    void *qargs[] = { &px, &pq, &ps, &nb };
    cce_run(quantize_rows__sim, qargs, 4, reset_q, check_q);
    const int8_t *cq = q;
    const float *cs = s;
    void *yargs[] = { &cq, &cs, &py, &nb };
    cce_run(dequantize_rows__sim, yargs, 4, reset_y, check_y);
    CHECK(check_rows(rows));
  }
  return harness_end("ex-quantize");
}
