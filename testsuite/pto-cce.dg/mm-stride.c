/* mm-stride.c - execution test of mm-stride.pto (and, with MM_M200, of
   mm-stride-m200.pto): cube tiles loaded from GM at row strides the
   fast copies cannot take, constant and run-time, each compared with
   reference mode; reference mode itself against a triple loop (small
   integers: every sum is exact).  */
#include "harness.h"

#ifdef MM_M200
#define MM_ARCH "dav-m200"
#else
#define MM_ARCH "dav-c220"
#endif

typedef PTO_TILE(pto_f16, 16, 32) h1632_t;
typedef PTO_TILE(pto_f16, 32, 16) h3216_t;
typedef PTO_TILE(pto_f16, 16, 16) h1616_t;
typedef PTO_TILE(float, 16, 16) f1616_t;
typedef PTO_TILE(float, 16, 32) f1632_t;
typedef PTO_TILE(float, 32, 32) f3232_t;
typedef PTO_TILE(int8_t, 16, 64) s1664_t;
typedef PTO_TILE(int8_t, 64, 32) s6432_t;
typedef PTO_TILE(int32_t, 16, 32) i1632_t;

static PTO_KERNEL void ref_mmh(const pto_f16 *a, const pto_f16 *b, float *c,
                               int lda)
{
  h1632_t ta;
  h3216_t tb;
  f1616_t tc;
  pto_fill(tc, 0.0f);
  pto_load(ta, a, lda);
  pto_load(tb, b, 40);
  pto_matmul(tc, ta, tb);
  pto_store(c, 16, tc);
}

static PTO_KERNEL void ref_mmc(const pto_f16 *a, const pto_f16 *b,
                               const float *c0, float *c, int ld)
{
  h1616_t ta;
  h1632_t tb;
  f1632_t tc;
  pto_load(ta, a, 16);
  pto_load(tb, b, 32);
  pto_load(tc, c0, ld);
  pto_matmul(tc, ta, tb);
  pto_store(c, 32, tc);
  pto_load(tc, c0, 36);
  pto_matmul(tc, ta, tb);
  pto_store(c + 512, 32, tc);
}

void mmh__sim(void *const *args);
void mmc__sim(void *const *args);

#ifndef MM_M200
static PTO_KERNEL void ref_mmf(const float *a, const float *b, float *c,
                               int lda, int ldb)
{
  f1616_t ta;
  f1632_t tb, tc;
  pto_fill(tc, 0.0f);
  pto_load(ta, a, lda);
  pto_load(tb, b, ldb);
  pto_matmul(tc, ta, tb);
  pto_store(c, 32, tc);
  pto_fill(tc, 0.0f);
  pto_load(ta, a, 20);
  pto_load(tb, b, 4100);
  pto_matmul(tc, ta, tb);
  pto_store(c + 512, 32, tc);
}

static PTO_KERNEL void ref_mms8(const int8_t *a, const int8_t *b, int32_t *c,
                                int lda)
{
  s1664_t ta;
  s6432_t tb;
  i1632_t tc;
  pto_fill(tc, 0);
  pto_load(ta, a, lda);
  pto_load(tb, b, 33);
  pto_matmul(tc, ta, tb);
  pto_store(c, 32, tc);
}

static PTO_KERNEL void ref_mmfv(const float *a, const float *b, float *c,
                                int ldb, int k, int n)
{
  f1632_t ta, tc;
  f3232_t tb;
  pto_fill(tc, 0.0f);
  pto_load(ta, a, 32);
  pto_load_valid(tb, b, ldb, k, n, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_store(c, 32, tc);
}

void mmf__sim(void *const *args);
void mms8__sim(void *const *args);
void mmfv__sim(void *const *args);
#endif

enum { NA = 16 * 4100, NB = 64 * 5000, NC = 1024 };
static pto_f16 ha[NA], hb[NA];
static float fa[NA], fb[NB], c0[NA];
static int8_t sa[NA], sb[NA];
static float c[NC], want[NC];
static int32_t ci[NC], wanti[NC];

/* -1 everywhere: an element the kernel does not write shows.  */
static void reset(void)
{
  for (int i = 0; i < NC; i++) {
    c[i] = -1.0f;
    ci[i] = -1;
  }
}
static void check(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("c", c, want, NC);
  CHECK(memcmp(ci, wanti, sizeof ci) == 0);
}
/* The expected outputs: what reset leaves, then the reference run.  */
static void expect(void)
{
  reset();
  memcpy(want, c, sizeof want);
  memcpy(wanti, ci, sizeof wanti);
}

/* Reference mode against a triple loop: C (M x N at LDC, at C0 + its
   initial value when C0) = A (M x K at LDA) * B (K x N at LDB).  */
static int triple_f(const float *got, int ldc, const float *init, int ldi,
                    double (*a)(int, int), double (*b)(int, int), int m,
                    int n, int k)
{
  int bad = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = init ? init[i * ldi + j] : 0.0;
      for (int p = 0; p < k; p++)
        s += a(i, p) * b(p, j);
      bad += got[i * ldc + j] != (float)s;
    }
  return bad;
}

static int g_lda, g_ldb;
static double mmh_a(int i, int p) { return (double)(float)ha[i * g_lda + p]; }
static double mmh_b(int p, int j) { return (double)(float)hb[p * 40 + j]; }
static double mmc_a(int i, int p) { return (double)(float)ha[i * 16 + p]; }
static double mmc_b(int p, int j) { return (double)(float)hb[p * 32 + j]; }
#ifndef MM_M200
static double mmf_a(int i, int p) { return fa[i * g_lda + p]; }
static double mmf_b(int p, int j) { return fb[p * g_ldb + j]; }
static double mmfv_a(int i, int p) { return fa[i * 32 + p]; }
#endif

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < NA; i++) {
    ha[i] = (pto_f16)(float)((i * 3) % 7 - 3);
    hb[i] = (pto_f16)(float)((i * 5) % 9 - 4);
    fa[i] = (float)((i * 37) % 61 - 30) * 0.25f;
    c0[i] = (float)((i * 7) % 13 - 6) * 0.5f;
    sa[i] = (int8_t)((i * 29) % 255 - 127);
    sb[i] = (int8_t)((i * 31) % 253 - 126);
  }
  for (int i = 0; i < NB; i++)
    fb[i] = (float)((i * 53) % 59 - 29) * 0.25f;

  /* fp16: a at a run-time stride (a multiple of 16 elements or not), b
     at the constant 40.  */
  static const int ldh[] = { 32, 37, 48, 33 };
  for (int t = 0; t < 4; t++) {
    int lda = ldh[t];
    expect();
    pto_launch(ref_mmh, 1, ha, hb, want, lda);
    g_lda = lda;
    CHECK(triple_f(want, 16, NULL, 0, mmh_a, mmh_b, 16, 16, 32) == 0);
    const pto_f16 *pa = ha, *pb = hb;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &lda };
    cce_run(mmh__sim, args, 1, reset, check);
  }

  /* A loaded accumulator at a run-time stride, then at the constant 36.  */
  static const int ldc[] = { 32, 36, 40, 33 };
  for (int t = 0; t < 4; t++) {
    int ld = ldc[t];
    expect();
    pto_launch(ref_mmc, 1, ha, hb, c0, want, ld);
    CHECK(triple_f(want, 32, c0, ld, mmc_a, mmc_b, 16, 32, 16) == 0);
    CHECK(triple_f(want + 512, 32, c0, 36, mmc_a, mmc_b, 16, 32, 16) == 0);
    const pto_f16 *pa = ha, *pb = hb;
    const float *pc0 = c0;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc0, &pc, &ld };
    cce_run(mmc__sim, args, 1, reset, check);
  }

#ifndef MM_M200
  /* f32: a at a run-time stride and at 20 (no multiple of 8), the ZZ
     operand b at a run-time stride and at 4100 (beyond 4095).  */
  static const int ldfa[] = { 16, 20, 24, 17 };
  static const int ldfb[] = { 32, 37, 4096, 5000 };
  for (int t = 0; t < 4; t++) {
    int lda = ldfa[t], ldb = ldfb[t];
    expect();
    pto_launch(ref_mmf, 1, fa, fb, want, lda, ldb);
    g_lda = lda;
    g_ldb = ldb;
    CHECK(triple_f(want, 32, NULL, 0, mmf_a, mmf_b, 16, 32, 16) == 0);
    g_lda = 20;
    g_ldb = 4100;
    CHECK(triple_f(want + 512, 32, NULL, 0, mmf_a, mmf_b, 16, 32, 16) == 0);
    const float *pa = fa, *pb = fb;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &lda, &ldb };
    cce_run(mmf__sim, args, 1, reset, check);
  }

  /* int8: a at a run-time stride (a multiple of 32 bytes or not), b at
     the constant 33.  */
  static const int lds[] = { 64, 65, 96, 100 };
  for (int t = 0; t < 4; t++) {
    int lda = lds[t];
    expect();
    pto_launch(ref_mms8, 1, sa, sb, wanti, lda);
    int bad = 0;
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 32; j++) {
        int32_t s = 0;
        for (int p = 0; p < 64; p++)
          s += (int32_t)sa[i * lda + p] * sb[p * 33 + j];
        bad += wanti[i * 32 + j] != s;
      }
    CHECK(bad == 0);
    const int8_t *pa = sa, *pb = sb;
    int32_t *pc = ci;
    void *args[] = { &pa, &pb, &pc, &lda };
    cce_run(mms8__sim, args, 1, reset, check);
  }

  /* pto_load_valid of the ZZ operand at a run-time stride up to and
     beyond 4095 (one ND -> NZ DMA per 16 rows then), whole and
     partial.  */
  static const int ldv[] = { 40, 4095, 4096, 5000 };
  static const int kv[] = { 32, 20, 32, 17 }, nv[] = { 32, 17, 25, 32 };
  for (int t = 0; t < 4; t++) {
    int ldb = ldv[t], k = kv[t], n = nv[t];
    expect();
    pto_launch(ref_mmfv, 1, fa, fb, want, ldb, k, n);
    g_ldb = ldb;
    CHECK(triple_f(want, 32, NULL, 0, mmfv_a, mmf_b, 16, n, k) == 0);
    const float *pa = fa, *pb = fb;
    float *pc = c;
    void *args[] = { &pa, &pb, &pc, &ldb, &k, &n };
    cce_run(mmfv__sim, args, 1, reset, check);
  }
#endif
  return harness_end("mm-stride " MM_ARCH);
}
