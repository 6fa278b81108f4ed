/* mm-s8.c - execution test of mm-s8.pto: int8 x int8 -> int32 on the
   cube of dav-c220 for K = 32, 96 and 0 (no mad: the store writes
   zeros), and a product stored partially (valid shapes that are not
   multiples of 16), against reference mode; exact: the products of int8
   values and their sums are exact in int32.  The operands take every
   int8 value, -128 and 127 included.  */
#include "harness.h"

enum { NT = 3, LD = 128 };
typedef PTO_TILE(int8_t, 32, 32) sa_t;
typedef PTO_TILE(int8_t, 32, 64) sb_t;
typedef PTO_TILE(int32_t, 32, 64) sc_t;

static PTO_KERNEL void ref_mms8(const int8_t *a, const int8_t *b, int32_t *c,
                                int32_t *cv, int n, int kk, int ld, int vr,
                                int vc)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 2048, 64, tc);
    pto_fill(tc, 0);
    pto_load(ta, a + i * 32 * ld + 3, ld);
    pto_load(tb, b + i * 32 * ld + 5, ld);
    pto_matmul(tc, ta, tb);
    pto_store_valid(cv + i * 2048, 64, tc, vr, vc);
  }
}

void mms8__sim(void *const *args);

static int8_t a[(NT * 32 + 96) * LD], b[(NT * 32 + 96) * LD];
static int32_t c[NT * 2048], want[NT * 2048];
static int32_t cv[NT * 2048], wantv[NT * 2048];

/* A pattern an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 2048; i++) {
    c[i] = -7;
    cv[i] = -9;
  }
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(c, want, sizeof c) == 0);
  CHECK(memcmp(cv, wantv, sizeof cv) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < (NT * 32 + 96) * LD; i++) {
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
    b[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  }
  const int8_t *pa = a, *pb = b;
  int32_t *pc = c, *pcv = cv;
  int n = NT, kk, ld = LD, vr, vc;
  void *args[] = { &pa, &pb, &pc, &pcv, &n, &kk, &ld, &vr, &vc };
  static const int kks[] = { 32, 96, 0 };
  static const int vs[][2] = { { 19, 45 }, { 32, 64 }, { 1, 1 } };
  for (int t = 0; t < 3; t++) {
    kk = kks[t];
    vr = vs[t][0], vc = vs[t][1];
    reset();
    memcpy(want, c, sizeof want);
    memcpy(wantv, cv, sizeof wantv);
    pto_launch(ref_mms8, 2, a, b, want, wantv, NT, kk, LD, vr, vc);
    /* Reference mode itself, against a triple loop: element (0, 0) of
       block 1 and the last one of block 2.  */
    for (int blk = 1; blk < NT; blk++) {
      int r = blk == 1 ? 0 : 31, col = blk == 1 ? 0 : 63;
      int32_t s = 0;
      for (int p = 0; p < kk; p++)
        s += a[(blk * 32 + r) * LD + p] * b[(blk * 32 + p) * LD + col];
      CHECK(want[blk * 2048 + r * 64 + col] == s);
    }
    cce_run(mms8__sim, args, 2, reset, check);
  }
  return harness_end("mm-s8");
}
