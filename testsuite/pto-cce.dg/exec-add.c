/* exec-add.c - z = x + y over 16x64 fp32 tiles in a block-cyclic loop:
   the thinnest end-to-end path (load, add, store).  */
#include "harness.h"

enum { T = 16 * 64, NT = 7 };
typedef PTO_TILE(float, 16, 64) tile_t;

static PTO_KERNEL void ref_add_k(const float *x, const float *y, float *z, int n)
{
  tile_t a, b;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(a, x + i * 1024, 64);
    pto_load(b, y + i * 1024, 64);
    pto_add(a, a, b);
    pto_store(z + i * 1024, 64, a);
  }
}

void add_k__sim(void *const *args);

static float x[NT * T], y[NT * T], z[NT * T], want[NT * T];

static void reset(void) { memset(z, 0, sizeof z); }
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("z", z, want, NT * T);
}

int main(void)
{
  for (int i = 0; i < NT * T; i++) {
    x[i] = (float)(i % 97) * 0.37f;
    y[i] = (float)(i % 13) - 6.5f;
  }
  pto_launch(ref_add_k, 3, x, y, want, NT);
  const float *px = x, *py = y;
  float *pz = z;
  int n = NT;
  void *args[] = { &px, &py, &pz, &n };
  for (int nb = 1; nb <= 4; nb += 3)
    cce_run(add_k__sim, args, nb, reset, check);
  n = 0;   /* zero-trip loop */
  cce_run(add_k__sim, args, 2, NULL, NULL);
  return harness_end("exec-add");
}
