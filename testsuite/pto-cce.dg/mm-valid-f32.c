/* mm-valid-f32.c - execution test of mm-valid-f32.pto: partial f32
   matmul operands on dav-c220 (the ZZ K x N operand by its two ND -> NZ
   DMAs) and a partial accumulator store at run-time valid sizes (full,
   odd, one row / column, zero) and row strides, B whole or partial, 0
   to 2 accumulating steps; tolerance 0 against reference mode (small
   integers: every sum exact in float), a canary after every valid row
   of C.  Run-time valid sizes outside the tiles are simulator
   faults.  */
#include "harness.h"

#ifndef MM_ARCH
#define MM_ARCH "dav-c220"
#endif

typedef PTO_TILE(float, 16, 32) va_t;
typedef PTO_TILE(float, 32, 48) vb_t;
typedef PTO_TILE(float, 16, 48) vc_t;

static PTO_KERNEL void ref_mmvf(const float *a, const float *b,
                               const float *b2, float *c, int m, int n,
                               int k, int lda, int ldb, int ldc, int full,
                               int reps)
{
  va_t ta;
  vb_t tb;
  vc_t tc;
  pto_fill(tc, 0.0f);
  for (int r = 0; r < reps; r += 1) {
    pto_load_valid(ta, a, lda, m, k, 0);
    if (full != 0)
      pto_load(tb, b2, 48);
    else
      pto_load_valid(tb, b, ldb, k, n, 0);
    pto_matmul(tc, ta, tb);
  }
  pto_store_valid(c, ldc, tc, m, n);
}

void mmvf__sim(void *const *args);

enum { CN = 16 * 64 + 16 };
static float a[16 * 40], b[32 * 64], b2[32 * 48];
static float c[CN], want[CN];

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

/* One case: M x N x K valid, strides LDA, LDB, LDC.  */
static void one(int m, int n, int k, int lda, int ldb, int ldc, int full,
                int reps)
{
  for (int i = 0; i < CN; i++)
    want[i] = -1.0f;
  pto_launch(ref_mmvf, 1, a, b, b2, want, m, n, k, lda, ldb, ldc, full, reps);
  const float *pa = a, *pb = b, *pb2 = b2;
  float *pc = c;
  void *args[] = { &pa, &pb, &pb2, &pc, &m, &n, &k, &lda, &ldb, &ldc,
                   &full, &reps };
  cce_run(mmvf__sim, args, 1, reset, check);
}

int main(void)
{
  CHECK(pto_sim_set_arch(MM_ARCH) == 0);
  for (int i = 0; i < 16 * 40; i++)
    a[i] = (float)((i * 7) % 11 - 5);
  for (int i = 0; i < 32 * 64; i++)
    b[i] = (float)((i * 3) % 7 - 3);
  for (int i = 0; i < 32 * 48; i++)
    b2[i] = (float)((i * 5) % 9 - 4);
  one(16, 48, 32, 32, 48, 48, 0, 1);    /* the whole tiles */
  one(13, 37, 21, 23, 41, 43, 0, 1);    /* odd sizes and strides */
  one(13, 37, 21, 23, 41, 43, 0, 2);    /* two accumulating steps */
  one(1, 1, 1, 5, 3, 7, 0, 1);          /* one element */
  one(1, 48, 32, 1, 64, 1, 0, 1);       /* one row, stride < columns */
  one(16, 1, 17, 40, 1, 1, 0, 2);       /* one column */
  one(9, 48, 5, 33, 48, 64, 1, 2);      /* B whole, K padded in A only */
  one(9, 20, 0, 33, 48, 64, 0, 1);      /* k = 0: zero products */
  one(0, 20, 8, 33, 48, 64, 0, 1);      /* nothing stored */
  one(7, 30, 12, 33, 48, 30, 0, 0);     /* no mad: zeros stored */

  /* Run-time valid sizes outside the tiles: simulator faults (not on
     the PTO-ISA CPU simulation, pto-isa.dg/harness.h).  */
#ifndef PTO_HARNESS_NO_FAULTS
  {
    const float *pa = a, *pb = b, *pb2 = b2;
    float *pc = c;
    int m = 17, n = 8, k = 8, lda = 32, ldb = 48, ldc = 48, full = 0,
        reps = 1;
    void *args[] = { &pa, &pb, &pb2, &pc, &m, &n, &k, &lda, &ldb, &ldc,
                     &full, &reps };
    CHECK(cce_run_order(mmvf__sim, args, 1, PTO_SIM_ASCENDING) > 0);
    CHECK(strstr(pto_sim_report_text(),
                 "pto_load_valid: valid rows 17 outside [0, 16]") != NULL);
    m = 4;
    n = 49;
    CHECK(cce_run_order(mmvf__sim, args, 1, PTO_SIM_ASCENDING) > 0);
    CHECK(strstr(pto_sim_report_text(),
                 "pto_load_valid: valid columns 49 outside [0, 48]") != NULL);
    n = 8;
    ldc = 5;
    CHECK(cce_run_order(mmvf__sim, args, 1, PTO_SIM_ASCENDING) > 0);
    CHECK(strstr(pto_sim_report_text(), "pto_store_valid: valid columns "
                 "over the row stride 8 outside [0, 5]") != NULL);
  }
#endif
  return harness_end("mm-valid-f32 " MM_ARCH);
}
