/* gemm_tail.c - a GEMM whose M, N and K do not divide the tile sizes:
   C[M][N] = A[M][K] * B[K][N], fp16 inputs, fp32 accumulation, partial
   tiles on the cube path.

   gemm_tail  every block takes C tiles of TM x TN in block-cyclic order
              (ceil(M/TM) x ceil(N/TN) of them); for each it zeroes the
              accumulator, walks K in TK-wide steps and loads only the
              valid part of the A and B slices with pto_load_valid, the
              rest of each tile padded with 0: the padded columns of A
              meet the padded rows of B, so every product outside the
              valid K adds exactly 0, and padded rows of A / columns of
              B only reach accumulator elements that pto_store_valid
              never writes back.  The row strides (K for A, N for B and
              C) are not multiples of anything, so neither are the GM
              addresses of the tiles.
   On the CCE back end the operands live in L1: on dav-c220 the tile is
   zeroed in L1 and an ND -> NZ DMA writes the valid region; on dav-m200
   it is loaded into UB (scalar unit) and copied to L1.  The
   accumulator leaves L0C by the fixpipe, exactly the valid region
   (dav-c220), or through UB and the scalar unit (dav-m200).
   The inputs are small integers, so every product and partial sum is
   exact in fp32: the result is compared exactly with a scalar triple
   loop, and a canary after C must stay untouched.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_tail.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { TM = 32, TN = 32, TK = 32 };
enum { MAXM = 40, MAXN = 64, MAXK = 80, CANARY = 16 };

typedef PTO_TILE(pto_f16, TM, TK) a_tile;
typedef PTO_TILE(pto_f16, TK, TN) b_tile;
typedef PTO_TILE(float, TM, TN) c_tile;

PTO_KERNEL void gemm_tail(const pto_f16 *a, const pto_f16 *b, float *c,
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
      pto_load_valid(ta, a + i0 * k + p, k, vm, vk, 1000000000);
      pto_load_valid(tb, b + p * n + j0, n, vk, vn, 0);
      pto_matmul(tc, ta, tb);
    }
    pto_store_valid(c + i0 * n + j0, n, tc, vm, vn);
  }
}

static pto_f16 a[MAXM * MAXK], b[MAXK * MAXN];
static float c[MAXM * MAXN + CANARY];

/* Run gemm_tail for an M x N x K problem on BLOCKS blocks and compare
   with a scalar triple loop; 1 when every element matches and the
   canary after C is untouched.  */
static int run(int m, int n, int k, int blocks)
{
  for (int i = 0; i < m * k; i++)
    a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
  for (int i = 0; i < k * n; i++)
    b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
  for (int i = 0; i < MAXM * MAXN + CANARY; i++)
    c[i] = -1.0f;
  pto_launch(gemm_tail, blocks, a, b, c, m, n, k);
  int bad = 0, canary = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += (float)a[i * k + p] * (float)b[p * n + j];
      bad += c[i * n + j] != s;
    }
  for (int i = m * n; i < MAXM * MAXN + CANARY; i++)
    canary += c[i] != -1.0f;
  printf("%s: gemm_tail %dx%dx%d on %d blocks (%d of %d differ, %d "
         "written past C)\n", bad || canary ? "FAIL" : "PASS", m, n, k,
         blocks, bad, m * n, canary);
  return bad == 0 && canary == 0;
}

int main(void)
{
  int ok = run(37, 50, 70, 3);      /* 2 x 2 C tiles, K steps 32, 32, 6 */
  ok &= run(1, 1, 1, 1);            /* one element */
  ok &= run(33, 64, 17, 2);         /* full N tiles, one short K step */
  ok &= run(32, 32, 32, 1);         /* exact tiles through the same code */
  ok &= run(17, 40, 0, 2);          /* K = 0: C is zero */
  ok &= run(40, 3, 80, 4);          /* N narrower than a fractal */
  return ok ? 0 : 1;
}
