/* matmul_small.c - fp16 matrix multiply with fp32 accumulation.

   batched_mm  a batch of independent 16x16 products, one per loop
               iteration: c = bias + a * b (pto_matmul accumulates into c)
   mm_k64      one 16x16 result of a 16x64 by 64x16 product, the K
               dimension walked in four 16-wide steps that all
               accumulate into the same fp32 tile
   Inputs are small integers, so every product and sum is exact and the
   results are compared exactly with a plain triple loop.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/matmul_small.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { M = 16, K = 64, NT = 16, BATCH = 10 };

typedef PTO_TILE(pto_f16, 16, 16) h16_t;
typedef PTO_TILE(float, 16, 16) f16x16_t;

PTO_KERNEL void batched_mm(const pto_f16 *a, const pto_f16 *b,
                           const float *bias, float *c, int batch)
{
  h16_t ta, tb;
  f16x16_t acc;
  for (int i = pto_block_idx(); i < batch; i += pto_block_num()) {
    pto_load(ta, a + i * 256, 16);
    pto_load(tb, b + i * 256, 16);
    pto_load(acc, bias, 16);               /* the same bias for every i */
    pto_matmul(acc, ta, tb);
    pto_store(c + i * 256, 16, acc);
  }
}

/* c[16][16] = a[16][64] * b[64][16]; a has row stride K, b row stride 16. */
PTO_KERNEL void mm_k64(const pto_f16 *a, const pto_f16 *b, float *c)
{
  h16_t ta, tb;
  f16x16_t acc;
  pto_fill(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    pto_unroll(2, 1);
    pto_load(ta, a + k, K);                /* columns k..k+15 of a */
    pto_load(tb, b + k * 16, 16);          /* rows k..k+15 of b */
    pto_matmul(acc, ta, tb);
  }
  pto_store(c, 16, acc);
}

static pto_f16 a[BATCH * 256], b[BATCH * 256], ak[M * K], bk[K * NT];
static float bias[256], c[BATCH * 256], ck[M * NT];

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  for (int i = 0; i < BATCH * 256; i++) {
    a[i] = (pto_f16)(float)(i % 7 - 3);
    b[i] = (pto_f16)(float)((i / 3) % 5 - 2);
  }
  for (int i = 0; i < 256; i++)
    bias[i] = (float)(i % 11) * 0.5f;
  pto_launch(batched_mm, 4, a, b, bias, c, BATCH);

  int bad = 0;
  for (int n = 0; n < BATCH; n++)
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 16; j++) {
        double s = bias[i * 16 + j];
        for (int p = 0; p < 16; p++)
          s += (double)a[n * 256 + i * 16 + p] * (double)b[n * 256 + p * 16 + j];
        bad += c[n * 256 + i * 16 + j] != (float)s;
      }
  int ok = check(bad == 0, "10 fp16 16x16x16 products plus bias, fp32 result");

  for (int i = 0; i < M * K; i++)
    ak[i] = (pto_f16)(float)((i * 13) % 9 - 4);
  for (int i = 0; i < K * NT; i++)
    bk[i] = (pto_f16)(float)((i * 5) % 7 - 3);
  pto_launch(mm_k64, 1, ak, bk, ck);
  bad = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < NT; j++) {
      double s = 0;
      for (int p = 0; p < K; p++)
        s += (double)ak[i * K + p] * (double)bk[p * NT + j];
      bad += ck[i * NT + j] != (float)s;
    }
  ok &= check(bad == 0, "16x64 by 64x16 accumulated over four K steps");
  return ok ? 0 : 1;
}
