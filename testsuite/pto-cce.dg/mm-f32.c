/* mm-f32.c - execution test of mm-f32.pto: f32 x f32 -> f32 on the cube
   of dav-c220 (NZ M x K operand, ZZ K x N operand transposed into L0B
   by load_cbuf_to_cb_transpose's float squares), for K = 0 (no mad: the
   stores write zeros), 16, 32 and 64, row strides wider than the tiles
   (B's odd: its ND -> NZ DMA takes any row stride), and the fixpipe's
   F322F16 on the way to GM, against reference mode.  Tolerance 0, bit
   for bit: the inputs are multiples of 1/4 of magnitude at most 7.5,
   every product a multiple of 1/16 of magnitude at most 56.25 and every
   partial sum (at most 64 terms) below 2^12 in magnitude, so every sum
   is exact in float whatever the order of the additions (the cube's
   order is not documented; the simulator's is ascending k); the fp16
   results are those exact sums rounded to nearest even, by the fixpipe
   and by reference mode's pto_cast alike.  Then C = A * A of one
   32 x 32 tile (mmsq: the ZZ layout read as both operands).  */
#include "harness.h"

enum { NT = 3, LDA = 72, LDB = 83 };
typedef PTO_TILE(float, 32, 16) fa_t;
typedef PTO_TILE(float, 16, 48) fb_t;
typedef PTO_TILE(float, 32, 48) fc_t;
typedef PTO_TILE(pto_f16, 32, 48) fh_t;

static PTO_KERNEL void ref_mmf(const float *a, const float *b, float *c,
                               pto_f16 *ch, int n, int kk, int lda, int ldb)
{
  fa_t ta;
  fb_t tb;
  fc_t tc;
  fh_t oh;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    for (int k = 0; k < kk; k += 16) {
      pto_load(ta, a + i * 32 * lda + k, lda);
      pto_load(tb, b + i * 16 + k * ldb, ldb);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i * 1536, 48, tc);
    pto_cast(oh, tc);
    pto_store(ch + i * 1536, 48, oh);
  }
}

typedef PTO_TILE(float, 32, 32) fsq_t;

static PTO_KERNEL void ref_mmsq(const float *a, float *c, int n, int lda)
{
  fsq_t ta, tc;
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    pto_fill(tc, 0.0f);
    pto_load(ta, a + i * 32, lda);
    pto_matmul(tc, ta, ta);
    pto_store(c + i * 1024, 32, tc);
  }
}

void mmf__sim(void *const *args);
void mmsq__sim(void *const *args);

static float a[NT * 32 * LDA], b[64 * LDB];
static float c[NT * 1536], want[NT * 1536];
static pto_f16 ch[NT * 1536], wanth[NT * 1536];

/* A pattern an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NT * 1536; i++) {
    c[i] = -1.0f;
    ch[i] = (pto_f16)-5.0f;
  }
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NT * 1536);
  CHECK(memcmp(ch, wanth, sizeof ch) == 0);
}

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
  for (int i = 0; i < NT * 32 * LDA; i++)
    a[i] = (float)((i * 37) % 61 - 30) * 0.25f;
  for (int i = 0; i < 64 * LDB; i++)
    b[i] = (float)((i * 53) % 59 - 29) * 0.25f;
  const float *pa = a, *pb = b;
  float *pc = c;
  pto_f16 *pch = ch;
  int n = NT, kk, lda = LDA, ldb = LDB;
  void *args[] = { &pa, &pb, &pc, &pch, &n, &kk, &lda, &ldb };
  static const int kks[] = { 16, 32, 64, 0 };
  for (int t = 0; t < 4; t++) {
    kk = kks[t];
    reset();
    memcpy(want, c, sizeof want);
    memcpy(wanth, ch, sizeof wanth);
    pto_launch(ref_mmf, 2, a, b, want, wanth, NT, kk, LDA, LDB);
    /* Reference mode itself against a triple loop (exact here).  */
    int bad = 0;
    for (int i = 0; i < NT; i++)
      for (int r = 0; r < 32; r++)
        for (int j = 0; j < 48; j++) {
          double s = 0;
          for (int k = 0; k < kk; k++)
            s += (double)a[i * 32 * LDA + r * LDA + k]
                 * b[i * 16 + k * LDB + j];
          bad += want[i * 1536 + r * 48 + j] != (float)s;
        }
    CHECK(bad == 0);
    cce_run(mmf__sim, args, 2, reset, check);
  }
  /* C = A * A: the ZZ tile read as both operands (NT squares side by
     side in rows of LDA elements).  */
  for (int t = 0; t < 2; t++) {
    int lda = t ? LDA : 97;
    reset();
    memcpy(want, c, sizeof want);
    memcpy(wanth, ch, sizeof wanth);
    pto_launch(ref_mmsq, 2, a, want, NT - 1, lda);
    int bad = 0;
    for (int i = 0; i < NT - 1; i++)
      for (int r = 0; r < 32; r++)
        for (int j = 0; j < 32; j++) {
          double s = 0;
          for (int k = 0; k < 32; k++)
            s += (double)a[r * lda + i * 32 + k] * a[k * lda + i * 32 + j];
          bad += want[i * 1024 + r * 32 + j] != (float)s;
        }
    CHECK(bad == 0);
    const float *pa = a;
    float *pc = c;
    int n = NT - 1;
    void *sargs[] = { &pa, &pc, &n, &lda };
    cce_run(mmsq__sim, sargs, 2, reset, check);
  }
  return harness_end("mm-f32");
}
