/* dbuf-unroll-rt.c - UnrollLoops' sub-loops (4, 2, 1) with a run-time
   step, double-buffered across their copies (backend/cce/sync.c,
   dbuf_segments): y = x * a + y in place over 16x64 fp32 tiles, counting
   up (step s) and down (step -s), trip counts 0, 1, 2, 5 and 9 (the 4-
   and 2-paths empty, once, twice; parity, primes and drains at every
   count) with s = 1 and 3; race detector clean,
   results equal to reference mode.  */
#include "harness.h"

enum { T = 16 * 64, NT = 27 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_up(const float *x, float *y, float a, int n, int s)
{
  tile_t tx, ty;
  for (int i = 0; i < n; i += s) {
    pto_load(tx, x + i * 1024, 64);
    pto_load(ty, y + i * 1024, 64);
    pto_muls(tx, tx, a);
    pto_add(ty, tx, ty);
    pto_store(y + i * 1024, 64, ty);
  }
}

static PTO_KERNEL void ref_down(const float *x, float *y, float a, int n,
                                int s)
{
  tile_t tx, ty;
  for (int i = n - 1; i > -1; i += -s) {
    pto_load(tx, x + i * 1024, 64);
    pto_load(ty, y + i * 1024, 64);
    pto_muls(tx, tx, a);
    pto_add(ty, tx, ty);
    pto_store(y + i * 1024, 64, ty);
  }
}

void unroll_up__sim(void *const *args);
void unroll_down__sim(void *const *args);

static float x[NT * T], yinit[NT * T], y[NT * T], want[NT * T];

static void reset(void) { memcpy(y, yinit, sizeof y); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, want, NT * T);
}

int main(void)
{
  /* n for trip counts 0, 1, 2, 5, 9 at s = 1 and s = 3 */
  static const int trips[] = { 0, 1, 2, 5, 9 };
  for (int i = 0; i < NT * T; i++) {
    x[i] = (float)(i % 97) * 0.25f;
    yinit[i] = (float)(i % 13) - 6.5f;
  }
  float a = 1.5f;
  int n = 0, s = 1;
  const float *px = x;
  float *py = y;
  void *args[] = { &px, &py, &a, &n, &s };
  for (s = 1; s <= 3; s += 2)
    for (unsigned c = 0; c < sizeof trips / sizeof trips[0]; c++) {
      n = trips[c] ? (trips[c] - 1) * s + 1 : 0;
      memcpy(want, yinit, sizeof want);
      pto_launch(ref_up, 1, x, want, a, n, s);
      cce_run(unroll_up__sim, args, 1, reset, check);
      memcpy(want, yinit, sizeof want);
      pto_launch(ref_down, 1, x, want, a, n, s);
      cce_run(unroll_down__sim, args, 1, reset, check);
    }
  return harness_end("dbuf-unroll-rt");
}
