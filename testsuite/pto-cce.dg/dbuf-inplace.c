/* dbuf-inplace.c - an in-place loop whose GM windows overlap from one
   iteration to the next (1024 elements loaded and stored every 512):
   iteration i+1 reads what iteration i stored, so the loop must stay
   single-buffered (backend/cce/sync.c, gm_iterations_disjoint); a pipelined
   version would race on GM, which the detector reports.  Trip counts 0,
   1, 2, 3, 8.  */
#include "harness.h"

enum { T = 16 * 64, NT = 8 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_inplace_k(float *x, int n)
{
  tile_t t;
  for (int i = 0; i < n; i += 1) {
    pto_load(t, x + i * 512, 64);
    pto_adds(t, t, 1.0f);
    pto_store(x + i * 512, 64, t);
  }
}

void inplace_k__sim(void *const *args);

static float init[(NT + 1) * T / 2 + T], x[(NT + 1) * T / 2 + T],
    want[(NT + 1) * T / 2 + T];
enum { N = (NT + 1) * T / 2 + T };
static int trips;

static void reset(void) { memcpy(x, init, sizeof x); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("x", x, want, N);
}

int main(void)
{
  static const int counts[] = { 0, 1, 2, 3, 8 };
  for (int i = 0; i < N; i++)
    init[i] = (float)(i % 31) * 0.5f;
  float *px = x;
  void *args[] = { &px, &trips };
  for (unsigned c = 0; c < sizeof counts / sizeof counts[0]; c++) {
    trips = counts[c];
    memcpy(want, init, sizeof want);
    pto_launch(ref_inplace_k, 1, want, trips);
    cce_run(inplace_k__sim, args, 1, reset, check);
  }
  return harness_end("dbuf-inplace");
}
