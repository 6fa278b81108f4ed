/* mm-valid-storage.c - execution test of mm-valid-storage.pto: partial
   bf16 and int8 matmul operands and a partial accumulator store at
   run-time valid sizes (full, odd, one row / column, k = 0, nothing
   stored) and row strides that are multiples of nothing; exact
   comparison with reference mode (small integers: every bf16 product
   and sum is exact in f32), a canary after every valid row of C.  With
   MM_BF16 (mm-valid-bf16.c) the bf16 kernel of mm-valid-bf16.pto, else
   the int8 one (PTO-ISA's CPU simulation has a real bfloat16_t only
   with C++23).  */
#include "harness.h"

#ifdef MM_BF16
typedef PTO_TILE(pto_bf16, 16, 32) ba_t;
typedef PTO_TILE(pto_bf16, 32, 48) bb_t;
typedef PTO_TILE(float, 16, 48) bc_t;
#else
typedef PTO_TILE(int8_t, 16, 64) ia_t;
typedef PTO_TILE(int8_t, 64, 32) ib_t;
typedef PTO_TILE(int32_t, 16, 32) ic_t;
#endif

#ifdef MM_BF16
static PTO_KERNEL void ref_mmvb(const pto_bf16 *a, const pto_bf16 *b, float *c,
                                int m, int n, int k, int lda, int ldb, int ldc)
{
  ba_t ta;
  bb_t tb;
  bc_t tc;
  pto_fill(tc, 0.0f);
  pto_load_valid(ta, a, lda, m, k, 0.0f);
  pto_load_valid(tb, b, ldb, k, n, 0.0f);
  pto_matmul(tc, ta, tb);
  pto_store_valid(c, ldc, tc, m, n);
}

void mmvb__sim(void *const *args);
#else
static PTO_KERNEL void ref_mmvi(const int8_t *a, const int8_t *b, int32_t *c,
                                int m, int n, int k, int lda, int ldb, int ldc)
{
  ia_t ta;
  ib_t tb;
  ic_t tc;
  pto_fill(tc, 0);
  pto_load_valid(ta, a, lda, m, k, 0);
  pto_load_valid(tb, b, ldb, k, n, 0);
  pto_matmul(tc, ta, tb);
  pto_store_valid(c, ldc, tc, m, n);
}

void mmvi__sim(void *const *args);
#endif

enum { CN = 16 * 64 + 16 };
#ifdef MM_BF16
static pto_bf16 ba[16 * 70], bb[70 * 64];
static float bc[CN], bwant[CN];
#else
static int8_t ia[16 * 70], ib[70 * 64];
static int32_t ic[CN], iwant[CN];
#endif

#ifdef MM_BF16
static void reset_b(void)
{
  for (int i = 0; i < CN; i++)
    bc[i] = -1.0f;
}
static void check_b(const char *order)
{
  (void)order;
  CHECK_ARRAY_EQ("bf16 c", bc, bwant, CN);
}
#else
static void reset_i(void)
{
  for (int i = 0; i < CN; i++)
    ic[i] = -1;
}
static void check_i(const char *order)
{
  (void)order;
  CHECK(memcmp(ic, iwant, sizeof ic) == 0);
}
#endif

/* One case of each kernel: M x N x K valid, strides LDA, LDB, LDC.  */
#ifdef MM_BF16
static void one_b(int m, int n, int k, int lda, int ldb, int ldc)
{
  for (int i = 0; i < CN; i++)
    bwant[i] = -1.0f;
  ref_mmvb(ba, bb, bwant, m, n, k, lda, ldb, ldc);
  const pto_bf16 *pa = ba, *pb = bb;
  float *pc = bc;
  void *args[] = { &pa, &pb, &pc, &m, &n, &k, &lda, &ldb, &ldc };
  cce_run(mmvb__sim, args, 1, reset_b, check_b);
}
#else
static void one_i(int m, int n, int k, int lda, int ldb, int ldc)
{
  for (int i = 0; i < CN; i++)
    iwant[i] = -1;
  ref_mmvi(ia, ib, iwant, m, n, k, lda, ldb, ldc);
  const int8_t *pa = ia, *pb = ib;
  int32_t *pc = ic;
  void *args[] = { &pa, &pb, &pc, &m, &n, &k, &lda, &ldb, &ldc };
  cce_run(mmvi__sim, args, 1, reset_i, check_i);
}
#endif

int main(void)
{
  CHECK(pto_sim_set_arch("dav-c220") == 0);
#ifdef MM_BF16
  for (int i = 0; i < 16 * 70; i++)
    ba[i] = pto_bf16_from_f32((float)((i * 7) % 11 - 5));
  for (int i = 0; i < 70 * 64; i++)
    bb[i] = pto_bf16_from_f32((float)((i * 3) % 7 - 3));
  one_b(16, 48, 32, 32, 48, 48);   /* the whole tiles */
  one_b(13, 37, 21, 23, 41, 43);   /* odd sizes and strides */
  one_b(1, 1, 1, 5, 3, 7);         /* one element */
  one_b(16, 1, 17, 40, 1, 1);      /* one column */
  one_b(9, 20, 0, 33, 48, 64);     /* k = 0: zero products */
  /* Independent of pto.h: c[0][0] of the odd case by hand.  */
  one_b(13, 37, 21, 23, 41, 43);
  float s = 0.0f;
  for (int p = 0; p < 21; p++)
    s += (float)((p * 7) % 11 - 5) * (float)((p * 41 * 3) % 7 - 3);
  CHECK(bc[0] == s);
  return harness_end("mm-valid-bf16");
#else
  for (int i = 0; i < 16 * 70; i++)
    ia[i] = (int8_t)((i * 37) % 255 - 127);
  for (int i = 0; i < 70 * 64; i++)
    ib[i] = (int8_t)((i * 53) % 256 - 128);
  one_i(16, 32, 64, 64, 32, 32);   /* the whole tiles */
  one_i(11, 29, 45, 47, 31, 33);   /* odd sizes and strides */
  one_i(1, 1, 1, 3, 5, 1);         /* one element */
  one_i(16, 32, 63, 70, 64, 40);   /* K one short of the tile */
  one_i(0, 20, 8, 33, 48, 64);     /* nothing stored */
  /* Independent of pto.h: c[0][0] of the odd case by hand.  */
  one_i(11, 29, 45, 47, 31, 33);
  int32_t s = 0;
  for (int p = 0; p < 45; p++)
    s += (int32_t)ia[p] * (int32_t)ib[p * 31];
  CHECK(ic[0] == s);
  return harness_end("mm-valid-storage");
#endif
}
