/* exec-lower-offsets.c - the index arithmetic of a block-cyclic loop in
   GM addresses (the operands of pto.load and pto.store): grp * 8 + lane
   is i and q * 7 + r - i is 0 (Simplify, through the kept binds), so
   the load and the first store address x + (i << 6) and y + (i << 6);
   the second store keeps q (a multiply and shift for / 7) and r, whose
   range [0, 6] gives r << 6 (exec-lower-offsets.cce; pow2-check.sh).
   The run compares every value with the reference-mode kernel.  */
#include "harness.h"

enum { NI = 23, T = 64 };

static PTO_KERNEL void ref_offsets_k(const float *x, float *y, float *z, int n)
{
  PTO_TILE(float, 8, 8) t;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    int grp = i / 8, lane = i % 8, q = i / 7, r = i % 7;
    pto_load(t, x + (grp * 8 + lane) * 64 + (q * 7 + r - i), 8);
    pto_store(y + (q * 7 + r) * 64, 8, t);
    pto_store(z + q * 448 + r * 64 + lane * 0, 8, t);
  }
}

void offsets_k__sim(void *const *args);

static float x[NI * T], y[NI * T], z[NI * T], wy[NI * T], wz[NI * T];

static void reset(void)
{
  memset(y, 0, sizeof y);
  memset(z, 0, sizeof z);
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("y", y, wy, NI * T);
  CHECK_ARRAY_EQ("z", z, wz, NI * T);
}

int main(void)
{
  for (int i = 0; i < NI * T; i++)
    x[i] = (float)(i % 97) - 40.0f;
  pto_launch(ref_offsets_k, 3, x, wy, wz, NI);
  const float *px = x;
  float *py = y, *pz = z;
  int n = NI;
  void *args[] = { &px, &py, &pz, &n };
  for (int nb = 1; nb <= 7; nb += 3)
    cce_run(offsets_k__sim, args, nb, reset, check);
  return harness_end("exec-lower-offsets");
}
