/* gemm_f32.c - a GEMM with f32 operands: C[M][N] = A[M][K] * B[K][N],
   float in, float accumulation, float out.

   gemm_f32       M, N and K multiples of the tile sizes: every block
                  takes C tiles of TM x TN in block-cyclic order, zeroes
                  the accumulator, walks K in TK-wide steps (pto_load of
                  whole tiles) and stores the tile.
   gemm_f32_tail  any M, N and K: the same walk over ceil(M/TM) x
                  ceil(N/TN) tiles, loading only the valid part of each
                  A and B slice (pto_load_valid, pad 0: padded columns
                  of A meet padded rows of B) and storing only the valid
                  part of C (pto_store_valid).
   On the CCE back end (dav-c220) the operands live in L1 as the vendor
   keeps f32 matrices (asc-devkit load_data_l12l0 example): A as NZ
   column blocks of 8 floats, loaded into L0A fractal by fractal; B in
   the ZZ layout (one ND -> NZ DMA per 16 rows), transposed into L0B by
   load_cbuf_to_cb_transpose, two 16 x 8 fractals at a time; then the
   f32 mad (doc/cce.md "f32 operands").  dav-m200 has no f32 mad: a
   located error that names dav-c220.
   Tolerance: none, the comparison is exact.  The inputs are multiples
   of 1/4 of magnitude at most 7.5, so every product is a multiple of
   1/16 of magnitude at most 56.25 and every partial sum (K <= 96 terms)
   a multiple of 1/16 below 2^13 in magnitude: 17 significant bits, exact
   in float whatever order the cube adds them in.  The result is
   compared with a scalar triple loop, and a canary after C must stay
   untouched.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_f32.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { TM = 32, TN = 48, TK = 32 };
enum { MAXM = 96, MAXN = 144, MAXK = 96, CANARY = 16 };

typedef PTO_TILE(float, TM, TK) a_tile;
typedef PTO_TILE(float, TK, TN) b_tile;
typedef PTO_TILE(float, TM, TN) c_tile;

PTO_KERNEL void gemm_f32(const float *a, const float *b, float *c, int m,
                         int n, int k)
{
  a_tile ta;
  b_tile tb;
  c_tile tc;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_fill(tc, 0.0f);
    for (int p = 0; p < k; p += TK) {
      pto_load(ta, a + i0 * k + p, k);
      pto_load(tb, b + p * n + j0, n);
      pto_matmul(tc, ta, tb);
    }
    pto_store(c + i0 * n + j0, n, tc);
  }
}

PTO_KERNEL void gemm_f32_tail(const float *a, const float *b, float *c,
                              int m, int n, int k)
{
  a_tile ta;
  b_tile tb;
  c_tile tc;
  int tiles_n = (n + TN - 1) / TN;
  int ntiles = (m + TM - 1) / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    int vm = m - i0 < TM ? m - i0 : TM;
    int vn = n - j0 < TN ? n - j0 : TN;
    pto_fill(tc, 0.0f);
    for (int p = 0; p < k; p += TK) {
      int vk = k - p < TK ? k - p : TK;
      pto_load_valid(ta, a + i0 * k + p, k, vm, vk, 0);
      pto_load_valid(tb, b + p * n + j0, n, vk, vn, 0);
      pto_matmul(tc, ta, tb);
    }
    pto_store_valid(c + i0 * n + j0, n, tc, vm, vn);
  }
}

static float a[MAXM * MAXK], b[MAXK * MAXN];
static float c[MAXM * MAXN + CANARY];

/* Run one kernel (TAIL: gemm_f32_tail) for an M x N x K problem on
   BLOCKS blocks and compare with a scalar triple loop; 1 when every
   element matches and the canary after C is untouched.  */
static int run(int tail, int m, int n, int k, int blocks)
{
  for (int i = 0; i < m * k; i++)
    a[i] = (float)((i * 37) % 61 - 30) * 0.25f;
  for (int i = 0; i < k * n; i++)
    b[i] = (float)((i * 53) % 59 - 29) * 0.25f;
  for (int i = 0; i < MAXM * MAXN + CANARY; i++)
    c[i] = -1.0f;
  if (tail)
    pto_launch(gemm_f32_tail, blocks, a, b, c, m, n, k);
  else
    pto_launch(gemm_f32, blocks, a, b, c, m, n, k);
  int bad = 0, canary = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0.0;
      for (int p = 0; p < k; p++)
        s += (double)a[i * k + p] * b[p * n + j];
      bad += c[i * n + j] != (float)s;
    }
  for (int i = m * n; i < MAXM * MAXN + CANARY; i++)
    canary += c[i] != -1.0f;
  printf("%s: %s %dx%dx%d on %d blocks (%d of %d differ, %d written past "
         "C)\n", bad || canary ? "FAIL" : "PASS",
         tail ? "gemm_f32_tail" : "gemm_f32", m, n, k, blocks, bad, m * n,
         canary);
  return bad == 0 && canary == 0;
}

int main(void)
{
  int ok = run(0, 64, 96, 96, 3);   /* 2 x 2 C tiles, K steps 32, 32, 32 */
  ok &= run(0, 32, 48, 32, 1);      /* one tile, one K step */
  ok &= run(0, 96, 144, 64, 4);     /* 3 x 3 tiles on 4 blocks */
  ok &= run(0, 32, 48, 0, 2);       /* K = 0: C is zero */
  ok &= run(1, 37, 50, 70, 3);      /* 2 x 2 C tiles, K steps 32, 32, 6 */
  ok &= run(1, 1, 1, 1, 1);         /* one element */
  ok &= run(1, 33, 96, 17, 2);      /* full N tiles, one short K step */
  ok &= run(1, 17, 40, 0, 2);       /* K = 0: C is zero */
  ok &= run(1, 40, 3, 80, 4);       /* N narrower than a fractal */
  return ok ? 0 : 1;
}
