/* dbuf-unroll-attr.c - bodies marked unroll_times=2 by hand: good_k
   (step 2*s, copies at i and i + s) is double-buffered as virtual
   iterations, bad_k (step s, so consecutive iterations share a tile) is
   not; both give the sequential results, race detector clean, at trip
   counts 0, 1, 2, 5, 9 with s = 1 and 3.  */
#include "harness.h"

enum { T = 16 * 64, NT = 56 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_good_k(float *y, int n, int s)
{
  tile_t ty;
  for (int i = 0; i < n; i += s * 2) {
    pto_load(ty, y + i * 1024, 64);
    pto_adds(ty, ty, 1.0f);
    pto_store(y + i * 1024, 64, ty);
    pto_load(ty, y + (i + s) * 1024, 64);
    pto_adds(ty, ty, 1.0f);
    pto_store(y + (i + s) * 1024, 64, ty);
  }
}

static PTO_KERNEL void ref_bad_k(float *y, int n, int s)
{
  tile_t ty;
  for (int i = 0; i < n; i += s) {
    pto_load(ty, y + i * 1024, 64);
    pto_adds(ty, ty, 1.0f);
    pto_store(y + i * 1024, 64, ty);
    pto_load(ty, y + (i + s) * 1024, 64);
    pto_muls(ty, ty, 2.0f);
    pto_store(y + (i + s) * 1024, 64, ty);
  }
}

void good_k__sim(void *const *args);
void bad_k__sim(void *const *args);

static float yinit[NT * T], y[NT * T], want[NT * T];

static void reset(void) { memcpy(y, yinit, sizeof y); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, want, NT * T);
}

int main(void)
{
  static const int trips[] = { 0, 1, 2, 5, 9 };
  for (int i = 0; i < NT * T; i++)
    yinit[i] = (float)(i % 23) - 11.0f;
  int n = 0, s = 1;
  float *py = y;
  void *args[] = { &py, &n, &s };
  for (s = 1; s <= 3; s += 2)
    for (unsigned c = 0; c < sizeof trips / sizeof trips[0]; c++) {
      /* good_k: TRIP iterations of 2 copies; bad_k: TRIP iterations */
      n = trips[c] ? (trips[c] - 1) * 2 * s + 1 : 0;
      memcpy(want, yinit, sizeof want);
      pto_launch(ref_good_k, 1, want, n, s);
      cce_run(good_k__sim, args, 1, reset, check);
      n = trips[c] ? (trips[c] - 1) * s + 1 : 0;
      memcpy(want, yinit, sizeof want);
      pto_launch(ref_bad_k, 1, want, n, s);
      cce_run(bad_k__sim, args, 1, reset, check);
    }
  return harness_end("dbuf-unroll-attr");
}
