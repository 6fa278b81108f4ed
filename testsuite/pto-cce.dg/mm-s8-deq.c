/* mm-s8-deq.c - execution test of mm-s8-deq.pto: int8 x int8 -> int32
   on the cube of dav-c220, dequantized to fp16 by the fixpipe (DEQF16),
   for K = 32, 96 and 0 (no mad: the store writes 0 * scale, -0 for a
   negative scale), scales that overflow to the clamp (+-65504), that are
   negative, and -0, against reference mode bit for bit; and element
   (0, 0) of block 1 against a triple loop and a rounding written here
   (an fp16 value held in a double: float(sum) * s rounded to float,
   clamped, then to the nearest fp16, ties to even).  */
#include "harness.h"

enum { NT = 3, LD = 128 };
typedef PTO_TILE(int8_t, 32, 32) sa_t;
typedef PTO_TILE(int8_t, 32, 64) sb_t;
typedef PTO_TILE(int32_t, 32, 64) sc_t;
typedef PTO_TILE(pto_f16, 32, 64) sh_t;

static PTO_KERNEL void ref_mms8deq(const int8_t *a, const int8_t *b,
                                   pto_f16 *h, pto_f16 *hv, int n, int kk,
                                   int ld, int vr, int vc, float s, float s2)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  sh_t th;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_dequant(th, tc, s);
    pto_store(h + i * 2048, 64, th);
    pto_store_valid(hv + i * 2048, 64, th, vr, vc);
    pto_fill(tc, 0);
    pto_load(ta, a + i * 32 * ld + 3, ld);
    pto_load(tb, b + i * 32 * ld + 5, ld);
    pto_matmul(tc, ta, tb);
    pto_dequant(th, tc, s2);
    pto_store_valid(hv + i * 2048 + 1024, 64, th, 16, 64);
  }
}

void mms8deq__sim(void *const *args);

static int8_t a[(NT * 32 + 96) * LD], b[(NT * 32 + 96) * LD];
static uint16_t h[NT * 2048], want[NT * 2048];
static uint16_t hv[NT * 2048], wantv[NT * 2048];

static void reset(void)
{
  for (int i = 0; i < NT * 2048; i++) {
    h[i] = 0x1234;
    hv[i] = 0x4321;
  }
}
static void check(const char *order)
{
  (void)order;
  CHECK(memcmp(h, want, sizeof h) == 0);
  CHECK(memcmp(hv, wantv, sizeof hv) == 0);
}

/* X (finite, |X| <= 65504) rounded to the nearest fp16, ties to even.  */
static double f16_nearest(double x)
{
  if (x == 0.0)
    return x;
  int e;
  frexp(x, &e);
  int lsb = e - 11 < -24 ? -24 : e - 11;
  return ldexp(nearbyint(ldexp(x, -lsb)), lsb);
}
static double f16_value(uint16_t b)
{
  int ex = b >> 10 & 0x1f, fr = b & 0x3ff;
  double v = ex ? ldexp(1024 + fr, ex - 25) : ldexp(fr, -24);
  return b >> 15 ? -v : v;
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < (NT * 32 + 96) * LD; i++) {
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
    b[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  }
  const int8_t *pa = a, *pb = b;
  pto_f16 *ph = (pto_f16 *)h, *phv = (pto_f16 *)hv;
  int n = NT, kk, ld = LD, vr, vc;
  float s, s2;
  void *args[] = { &pa, &pb, &ph, &phv, &n, &kk, &ld, &vr, &vc, &s, &s2 };
  static const int kks[] = { 32, 96, 0, 96 };
  static const int vs[][2] = { { 19, 45 }, { 32, 64 }, { 1, 1 }, { 7, 3 } };
  /* 0.0123: products that round; 1000: sums beyond 65504 clamp;
     -3.0517578e-05 (-2^-15): exact, negative; -0.0: +-0.  */
  static const float ss[][2] = { { 0.0123f, -0.37f }, { 1000.0f, 0.0123f },
                                 { -0.25f, 1.0f }, { -3.0517578e-05f, -0.0f } };
  int clamped = 0;
  for (int t = 0; t < 4; t++) {
    kk = kks[t];
    vr = vs[t][0], vc = vs[t][1];
    s = ss[t][0], s2 = ss[t][1];
    reset();
    memcpy(want, h, sizeof want);
    memcpy(wantv, hv, sizeof wantv);
    pto_launch(ref_mms8deq, 2, a, b, (pto_f16 *)want, (pto_f16 *)wantv, NT,
               kk, LD, vr, vc, s, s2);
    /* Reference mode itself: element (r, col) of block 1 against a
       triple loop and the rounding above.  */
    for (int r = 0; r < 32; r += 31)
      for (int col = 0; col < 64; col += 21) {
        int32_t sum = 0;
        for (int p = 0; p < kk; p++)
          sum += a[(32 + r) * LD + p] * b[(32 + p) * LD + col];
        float x = (float)sum * s;
        double w = x > 65504.0f ? 65504.0 : x < -65504.0f ? -65504.0 : x;
        clamped += w != x;
        w = f16_nearest(w);
        uint16_t got = want[2048 + r * 64 + col];
        CHECK(f16_value(got) == w && (got >> 15) == (signbit(w) != 0));
      }
    /* K = 0 with a negative scale: every element is -0 (0x8000).  */
    if (kk == 0)
      CHECK(want[0] == 0x8000 && want[NT * 2048 - 1] == 0x8000);
    cce_run(mms8deq__sim, args, 2, reset, check);
  }
  CHECK(clamped > 0);
  return harness_end("mm-s8-deq");
}
