/* dbuf-stream.c - a streaming element-wise kernel (z = relu(x * a)
   over 16x64 fp32 tiles: one load, one store per tile) lowered with
   double buffering: trip counts 0, 1,
   2, 3 and 8 (the ping-pong parity, primes and drains at every count),
   race detector clean, results equal to reference mode.  */
#include "harness.h"

enum { T = 16 * 64, NT = 8 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_stream_k(const float *x, float *z,
                                 float a, int n)
{
  tile_t tx, ty;
  for (int i = 0; i < n; i += 1) {
    pto_load(tx, x + i * 1024, 64);
    pto_muls(ty, tx, a);
    pto_relu(ty, ty);
    pto_store(z + i * 1024, 64, ty);
  }
}

void stream_k__sim(void *const *args);

static float x[NT * T], z[NT * T], want[NT * T];
static int trips;

static void reset(void) { memset(z, 0, sizeof z); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("z", z, want, NT * T);
}

int main(void)
{
  static const int counts[] = { 0, 1, 2, 3, 8 };
  for (int i = 0; i < NT * T; i++) {
    x[i] = (float)(i % 97) * 0.37f - 9.0f;
  }
  float a = 1.5f;
  const float *px = x;
  float *pz = z;
  void *args[] = { &px, &pz, &a, &trips };
  for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    trips = counts[c];
    memset(want, 0, sizeof want);
    pto_launch(ref_stream_k, 1, x, want, a, trips);
    cce_run(stream_k__sim, args, 1, reset, check);
  }
  return harness_end("dbuf-stream");
}
