/* isa-rows.c - row broadcasts, a column's transfers, element-wise ops on
   a column and partial tiles with constant pads: the PTO-ISA C++ on the
   PTO-ISA CPU simulation against reference mode (testsuite/pto-isa.dg).  */
#include "harness.h"

enum { T = 8 * 64 };
typedef PTO_TILE(float, 8, 64) tile_t;
typedef PTO_TILE(float, 8, 1) col_t;

static PTO_KERNEL void ref(const float *x, const float *c, float *y,
                           float *sums, int vr, int vc)
{
  tile_t a, d;
  col_t r, s;
  pto_load(a, x, 64);
  pto_load(r, c, 1);
  pto_row_expand(d, r);
  pto_store(y, 64, d);
  pto_row_expand_add(d, a, r);
  pto_store(y + 512, 64, d);
  pto_row_expand_mul(d, a, r);
  pto_store(y + 1024, 64, d);
  pto_load_valid(d, x, 64, vr, vc, 2.5);
  pto_store(y + 1536, 64, d);
  pto_load_valid(d, x, 64, vr, vc, 0.0);
  pto_row_sum(s, d);
  pto_adds(s, s, 1.0f);
  pto_store(sums, 1, s);
  pto_store_valid(y + 2048, 64, a, vr, vc);
}

void rows__sim(void *const *args);

static float x[T], c[8], y[5 * T], want[5 * T], sums[8], want_sums[8];

int main(void)
{
  for (int i = 0; i < T; i++)
    x[i] = (float)(i % 37) * 0.25f - 3.0f;
  for (int i = 0; i < 8; i++)
    c[i] = (float)i - 2.5f;
  static const int shapes[][2] = { { 8, 64 }, { 5, 17 }, { 1, 1 }, { 0, 9 } };
  for (int k = 0; k < 4; k++) {
    int vr = shapes[k][0], vc = shapes[k][1];
    memset(y, 0, sizeof y);
    memset(want, 0, sizeof want);
    memset(sums, 0, sizeof sums);
    memset(want_sums, 0, sizeof want_sums);
    pto_launch(ref, 1, x, c, want, want_sums, vr, vc);
    const float *px = x, *pc = c;
    float *py = y, *ps = sums;
    void *args[] = { &px, &pc, &py, &ps, &vr, &vc };
    cce_run(rows__sim, args, 1, NULL, NULL);
    CHECK_ARRAY_EQ("y", y, want, 5 * T);
    CHECK_ARRAY_NEAR("sums", sums, want_sums, 8, 1e-6);
  }
  return harness_end("isa-rows");
}
