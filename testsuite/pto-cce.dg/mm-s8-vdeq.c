/* mm-s8-vdeq.c - execution test of mm-s8-vdeq.pto: int8 x int8 -> int32
   on the cube of dav-c220, dequantized per channel to fp16 by the
   fixpipe (VDEQF16, a deq word per column, 288 columns: two passes of
   the fixpipe buffer), for K = 32, 96 and 0 (no mad: 0 * scale, -0 for
   a negative scale), store_valid sizes below, at and beyond 256
   columns, scales that round, clamp, are negative or -0 (read as +0)
   and lose low mantissa bits, against reference mode bit for bit; and
   elements of block 1 against a loop and a rounding written here (the
   scale as the fixpipe reads it: the float's 13 low mantissa bits
   cleared, by hand; float(sum) * scale, clamped, to the nearest fp16,
   ties to even).  mm-s8-vdeq-3510.c: the same on 3510 (VDEQ_ARCH),
   whose fixpipe takes all 288 channels in one pass.  */
#include "harness.h"

#ifndef VDEQ_ARCH
#define VDEQ_ARCH "dav-c220"
#endif

enum { NT = 3, N = 288 };
typedef PTO_TILE(int8_t, 16, 32) sa_t;
typedef PTO_TILE(int8_t, 32, N) sb_t;
typedef PTO_TILE(int32_t, 16, N) sc_t;
typedef PTO_TILE(uint64_t, 1, N) sw_t;
typedef PTO_TILE(pto_f16, 16, N) sh_t;

static PTO_KERNEL void ref_mms8vdeq(const int8_t *a, const int8_t *b,
                                    const uint64_t *w, pto_f16 *h,
                                    pto_f16 *hv, int n, int kk, int vr,
                                    int vc)
{
  sa_t ta;
  sb_t tb;
  sc_t tc;
  sw_t tw;
  sh_t th;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_load(tw, w, N);
    pto_fill(tc, 0);
    for (int k = 0; k < kk; k += 32) {
      pto_load(ta, a + i * 16 * 128 + k, 128);
      pto_load(tb, b + k * N, N);
      pto_matmul(tc, ta, tb);
    }
    pto_col_dequant(th, tc, tw);
    pto_store(h + i * 16 * N, N, th);
    pto_store_valid(hv + i * 16 * N, N, th, vr, vc);
    pto_load(tw, w + N, N);
    pto_fill(tc, 0);
    pto_load(ta, a + i * 16 * 128 + 64, 128);
    pto_load(tb, b + 64 * N, N);
    pto_matmul(tc, ta, tb);
    pto_col_dequant(th, tc, tw);
    pto_store_valid(hv + i * 16 * N + 8 * N, N, th, 8, N);
  }
}

void mms8vdeq__sim(void *const *args);

static int8_t a[NT * 16 * 128], b[128 * N];
static uint64_t w[2 * N];
static uint16_t h[NT * 16 * N], want[NT * 16 * N];
static uint16_t hv[NT * 16 * N], wantv[NT * 16 * N];

static void reset(void)
{
  for (int i = 0; i < NT * 16 * N; i++) {
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
static double f16_value(uint16_t v)
{
  int ex = v >> 10 & 0x1f, fr = v & 0x3ff;
  double x = ex ? ldexp(1024 + fr, ex - 25) : ldexp(fr, -24);
  return v >> 15 ? -x : x;
}

/* Column j's scale (first words), and the value the fixpipe uses, by
   hand: 1 + 2^-11 reads as 1 (its mantissa bit is below the 10 kept),
   1 + 2^-10 is kept, 1000 clamps big sums, -0 reads as +0.  */
static float scale1(int j)
{
  switch (j % 6) {
  case 0: return 1.00048828125f;        /* 1 + 2^-11 */
  case 1: return 1.0009765625f;         /* 1 + 2^-10 */
  case 2: return 1000.0f;
  case 3: return -0.0f;
  case 4: return (float)(j - 144) / 1024.0f;
  default: return -3.0517578125e-05f;   /* -2^-15 */
  }
}
static float scale1_used(int j)
{
  return j % 6 == 0 ? 1.0f : j % 6 == 3 ? 0.0f : scale1(j);
}

int main(void)
{
  CHECK(pto_sim_set_arch(VDEQ_ARCH) == 0);
  for (int i = 0; i < NT * 16 * 128; i++)
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
  for (int i = 0; i < 128 * N; i++)
    b[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  for (int j = 0; j < N; j++) {
    w[j] = pto_deq_word(scale1(j));
    w[N + j] = pto_deq_word((float)((j * 7919) % 1000 - 500) * 1.2345e-5f);
  }
  const int8_t *pa = a, *pb = b;
  const uint64_t *pw = w;
  pto_f16 *ph = (pto_f16 *)h, *phv = (pto_f16 *)hv;
  int n = NT, kk, vr, vc;
  void *args[] = { &pa, &pb, &pw, &ph, &phv, &n, &kk, &vr, &vc };
  static const int kks[] = { 32, 96, 0, 96 };
  static const int vs[][2] = { { 5, 100 }, { 16, 288 }, { 1, 257 },
                               { 7, 256 } };
  int clamped = 0;
  for (int t = 0; t < 4; t++) {
    kk = kks[t];
    vr = vs[t][0], vc = vs[t][1];
    reset();
    memcpy(want, h, sizeof want);
    memcpy(wantv, hv, sizeof wantv);
    pto_launch(ref_mms8vdeq, 2, a, b, w, (pto_f16 *)want, (pto_f16 *)wantv,
               NT, kk, vr, vc);
    /* Reference mode itself: elements of block 1 against a loop.  */
    for (int r = 0; r < 16; r += 15)
      for (int col = 0; col < N; col += 13) {
        int32_t sum = 0;
        for (int p = 0; p < kk; p++)
          sum += a[(16 + r) * 128 + p] * b[p * N + col];
        float x = (float)sum * scale1_used(col);
        double v = x > 65504.0f ? 65504.0 : x < -65504.0f ? -65504.0 : x;
        clamped += v != x;
        v = f16_nearest(v);
        uint16_t got = want[16 * N + r * N + col];
        CHECK(f16_value(got) == v && (got >> 15) == (signbit(v) != 0));
      }
    cce_run(mms8vdeq__sim, args, 2, reset, check);
  }
  CHECK(clamped > 0);
  return harness_end("mm-s8-vdeq");
}
