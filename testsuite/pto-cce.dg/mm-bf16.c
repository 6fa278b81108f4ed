/* mm-bf16.c - execution test of mm-bf16.pto: bf16 x bf16 -> f32 on the
   cube of dav-c220, and the fixpipe's conversions of the result to bf16
   (with and without ReLU) and fp16 (partially stored) on the way to GM,
   for K = 32, 64 and 0 (no mad: the stores write zeros), against
   reference mode; bit for bit: the bf16 inputs are exact in float,
   their products and sums round as reference mode's (k order, float),
   the conversions round to nearest even.  */
#include "harness.h"

enum { NT = 3, LD = 64 };
typedef PTO_TILE(pto_bf16, 32, 16) ba_t;
typedef PTO_TILE(pto_bf16, 16, 32) bb_t;
typedef PTO_TILE(float, 32, 32) f_t;
typedef PTO_TILE(pto_bf16, 32, 32) fb_t;
typedef PTO_TILE(pto_f16, 32, 32) fh_t;

static PTO_KERNEL void ref_mmb(const pto_bf16 *a, const pto_bf16 *b, float *c,
                               pto_bf16 *cb, pto_f16 *ch, int n, int kk,
                               int ld, int rl, int vr, int vc)
{
  ba_t ta;
  bb_t tb;
  f_t tc;
  fb_t ob;
  fh_t oh;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * ld + k, ld);
      pto_load(tb, b + i * 32 * ld + k * ld, ld);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 1024, 32, tc);
    pto_cast(oh, tc);
    pto_store_valid(ch + i * 1024, 32, oh, vr, vc);
    if (rl != 0)
      pto_relu(tc, tc);
    pto_cast(ob, tc);
    pto_store(cb + i * 1024, 32, ob);
  }
}

void mmb__sim(void *const *args);

static pto_bf16 a[NT * 32 * LD * 2], b[NT * 32 * LD * 2];
static float c[NT * 1024], want[NT * 1024];
static pto_bf16 cb[NT * 1024], wantb[NT * 1024];
static pto_f16 ch[NT * 1024], wanth[NT * 1024];

/* A pattern an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 1024; i++) {
    c[i] = -1.0f;
    cb[i] = pto_bf16_from_f32(-3.0f);
    ch[i] = (pto_f16)-5.0f;
  }
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 1024);
  CHECK(memcmp(cb, wantb, sizeof cb) == 0);
  CHECK(memcmp(ch, wanth, sizeof ch) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  /* Values with 8 significant bits, so that sums round: bf16 products
     of them are exact in float, the K sums are not.  */
  for (int i = 0; i < NT * 32 * LD * 2; i++) {
    a[i] = pto_bf16_from_f32((float)((i * 37) % 251 - 125) * 0.0390625f);
    b[i] = pto_bf16_from_f32((float)((i * 53) % 241 - 120) * 1.015625f);
  }
  const pto_bf16 *pa = a, *pb = b;
  float *pc = c;
  pto_bf16 *pcb = cb;
  pto_f16 *pch = ch;
  int n = NT, kk, ld = LD, rl, vr = 19, vc = 27;
  void *args[] = { &pa, &pb, &pc, &pcb, &pch, &n, &kk, &ld, &rl, &vr, &vc };
  static const int kks[] = { 32, 64, 0 };
  for (int t = 0; t < 3; t++)
    for (rl = 0; rl <= 1; rl++) {
      kk = kks[t];
      reset();
      memcpy(want, c, sizeof want);
      memcpy(wantb, cb, sizeof wantb);
      memcpy(wanth, ch, sizeof wanth);
      pto_launch(ref_mmb, 2, a, b, want, wantb, wanth, NT, kk, LD, rl, vr, vc);
      /* Reference mode itself: the bf16 result is the f32 one (after
         the ReLU) rounded.  */
      int bad = 0;
      for (int i = 0; i < NT * 1024; i++)
        bad += wantb[i].bits
               != pto_bf16_from_f32(rl && !(want[i] > 0) ? 0.0f : want[i]).bits;
      CHECK(bad == 0);
      cce_run(mmb__sim, args, 2, reset, check);
    }
  return harness_end("mm-bf16");
}
