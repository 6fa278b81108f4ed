/* isa-acc-load.c - execution test of isa-acc-load.pto: pto.matmul
   accumulators loaded from GM, stored whole (K = 32, 64 and 0) and
   partially (valid shapes inside, at the edge and empty), and a loaded
   accumulator followed by pto.fill and a product: the PTO-ISA C++ on
   the PTO-ISA CPU simulation against reference mode.  Small integers:
   every sum is exact, so the order the store adds the initial value in
   does not show.  */
#include "harness.h"

enum { NT = 3, LD = 120 };
typedef PTO_TILE(pto_f16, 32, 16) ha_t;
typedef PTO_TILE(pto_f16, 16, 32) hb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(float, 16, 16) f2_t;

static PTO_KERNEL void ref_mma(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c, int n, int kk,
                               int ld)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(tc, c0 + i * 32, ld);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 2048 + k, 64);
      pto_load(tb, b + i * 2048 + k * 32, 32);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 32, ld, tc);
  }
}

static PTO_KERNEL void ref_mmv(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c, int kk, int ld,
                               int vr, int vc)
{
  ha_t ta;
  hb_t tb;
  f_t tc;
  pto_load(tc, c0, ld);
  for (int k = 0; k < kk; k += 16) {
    pto_load(ta, a + k, 64);
    pto_load(tb, b + k * 32, 32);
    pto_matmul(tc, ta, tb);
  }
  pto_store_valid(c, ld, tc, vr, vc);
}

static PTO_KERNEL void ref_mmb(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c)
{
  h_t ta, tb;
  f2_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 16);
  pto_load(tc, c0, 16);
  pto_matmul(tc, ta, tb);
  pto_store(c, 16, tc);
  pto_fill(tc, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c + 256, 16, tc);
}

void mma__sim(void *const *args);
void mmv__sim(void *const *args);
void mmb__sim(void *const *args);

enum { CN = 32 * LD };
static pto_f16 a[NT * 2048], b[NT * 2048];
static float c0[CN], c[CN], want[CN];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < CN; i++)
    c[i] = -1.0f;
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, CN);
}

int main(void)
{
  for (int i = 0; i < NT * 2048; i++) {
    a[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    b[i] = (pto_f16)(float)((i * 5) % 9 - 4);
  }
  for (int i = 0; i < CN; i++)
    c0[i] = (float)((i * 7) % 13 - 6) * 0.5f;
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++) {
    int kk = kks[t];
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mma, 2, a, b, c0, want, NT, kk, LD);
    /* The initial value counts: C differs from A * B alone.  */
    CHECK(want[0] != -1.0f && want[LD + 1] != -1.0f);
    const pto_f16 *pa = a, *pb = b;
    const float *pc0 = c0;
    float *pc = c;
    int n = NT, ld = LD;
    void *args[] = { &pa, &pb, &pc0, &pc, &n, &kk, &ld };
    for (int nb = 1; nb <= 2; nb++)
      cce_run(mma__sim, args, nb, reset, check);
  }
  static const int vs[][3] = { { 32, 7, 19 }, { 64, 32, 32 }, { 0, 5, 32 },
                               { 32, 0, 9 } };
  for (int t = 0; t < 4; t++) {
    int kk = vs[t][0], vr = vs[t][1], vc = vs[t][2], ld = LD;
    reset();
    memcpy(want, c, sizeof want);
    pto_launch(ref_mmv, 1, a, b, c0, want, kk, ld, vr, vc);
    const pto_f16 *pa = a, *pb = b;
    const float *pc0 = c0;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc0, &pc, &kk, &ld, &vr, &vc };
    cce_run(mmv__sim, args, 1, reset, check);
  }
  reset();
  memcpy(want, c, sizeof want);
  pto_launch(ref_mmb, 1, a, b, c0, want);
  CHECK(want[0] != want[256]);
  const pto_f16 *pa = a, *pb = b;
  const float *pc0 = c0;
  float *pc = c;
  void *args[] = { &pa, &pb, &pc0, &pc };
  cce_run(mmb__sim, args, 1, reset, check);
  return harness_end("isa-acc-load");
}
