/* dbuf-liveout.c - a loop whose result tile is read after it (t: its
   value leaves the loop, so the loop must stay single-buffered: a
   double-buffered one would leave the last value in either buffer set)
   followed by a streaming loop over the same UB bytes (double-buffered).
   Trip counts 0, 1, 2, 3, 8; the golden shows one ping-pong loop.  */
#include "harness.h"

enum { T = 16 * 64, NT = 8 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_liveout_k(const float *x, float *z, int n)
{
  tile_t t, u;
  pto_fill(t, 0.0f);
  for (int i = 0; i < n; i += 1) {
    pto_load(u, x + i * 1024, 64);
    pto_muls(t, u, 2.0f);
  }
  pto_store(z, 64, t);
  for (int j = 0; j < n; j += 1) {
    pto_load(u, x + j * 1024, 64);
    pto_adds(u, u, 1.0f);
    pto_store(z + 1024 + j * 1024, 64, u);
  }
}

void liveout_k__sim(void *const *args);

static float x[NT * T], z[(NT + 1) * T], want[(NT + 1) * T];
static int trips;

static void reset(void) { memset(z, 0, sizeof z); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("z", z, want, (NT + 1) * T);
}

int main(void)
{
  static const int counts[] = { 0, 1, 2, 3, 8 };
  for (int i = 0; i < NT * T; i++)
    x[i] = (float)(i % 89) * 0.25f - 7.0f;
  const float *px = x;
  float *pz = z;
  void *args[] = { &px, &pz, &trips };
  for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    trips = counts[c];
    memset(want, 0, sizeof want);
    pto_launch(ref_liveout_k, 1, x, want, trips);
    cce_run(liveout_k__sim, args, 1, reset, check);
  }
  return harness_end("dbuf-liveout");
}
