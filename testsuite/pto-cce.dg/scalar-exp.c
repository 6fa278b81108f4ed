/* scalar-exp.c - expf and logf of float scalars run as one lane of vexp
   / vln on a UB scratch (backend/cce/isel.c, lower_scalar_math): the
   scalar unit stores the operand, the vector unit computes, the scalar
   unit loads the result, with the S -> V and V -> S syncs between.  The
   simulator in RECORD mode reports a missing sync as a race; the values
   match reference mode bit for bit (the simulator's vexp is expf).  */
#include "harness.h"
#include <math.h>

enum { N = 9 };

static PTO_KERNEL void ref_k(const float *x, float *y, int n)
{
  for (int i = 0; i < n; i += 1) {
    float a = x[i];
    y[i] = expf(a) + logf(a);
    y[n + i] = logf(expf(a * 0.5f));
  }
}

void k__sim(void *const *args);

static const float x[N] = { 0.0f, 1.0f, 2.0f, 0.5f, 88.0f, 1e-40f, 7.25f,
                            20.0f, 3.0f };
static float y[2 * N], want[2 * N];
static int n = N;

static void reset(void) { memset(y, 0, sizeof y); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, want, 2 * N);
}

int main(void)
{
  const float *px = x;
  float *py = y;
  void *args[] = { &px, &py, &n };
  pto_launch(ref_k, 1, x, want, n);
  cce_run(k__sim, args, 1, reset, check);
  return harness_end("scalar-exp");
}
