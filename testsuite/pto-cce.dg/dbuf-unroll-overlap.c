/* dbuf-unroll-overlap.c - UnrollLoops' sub-loops whose copies' GM
   windows meet (y + i*512, 1024-element tiles, in place, run-time step
   s): they must not be double-buffered (the golden file shows it); the
   emitted kernel gives the sequential results, race detector clean, at
   trip counts 0, 1, 2, 5, 9 with s = 1, 2, 3.  */
#include "harness.h"

enum { N = 16 * 1024 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_overlap_k(float *y, int n, int s)
{
  tile_t ty;
  for (int i = 0; i < n; i += s) {
    pto_load(ty, y + i * 512, 64);
    pto_adds(ty, ty, 1.0f);
    pto_muls(ty, ty, 0.5f);
    pto_store(y + i * 512, 64, ty);
  }
}

void overlap_k__sim(void *const *args);

static float yinit[N], y[N], want[N];

static void reset(void) { memcpy(y, yinit, sizeof y); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, want, N);
}

int main(void)
{
  static const int trips[] = { 0, 1, 2, 5, 9 };
  for (int i = 0; i < N; i++)
    yinit[i] = (float)(i % 29) - 14.0f;
  int n = 0, s = 1;
  float *py = y;
  void *args[] = { &py, &n, &s };
  for (s = 1; s <= 3; s++)
    for (unsigned c = 0; c < sizeof trips / sizeof trips[0]; c++) {
      n = trips[c] ? (trips[c] - 1) * s + 1 : 0;
      memcpy(want, yinit, sizeof want);
      pto_launch(ref_overlap_k, 1, want, n, s);
      cce_run(overlap_k__sim, args, 1, reset, check);
    }
  return harness_end("dbuf-unroll-overlap");
}
