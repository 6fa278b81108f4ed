/* gemm_relu.c - a GEMM with a ReLU epilogue on the cube path:
   C[M][N] = max(A[M][K] * B[K][N], 0), fp16 inputs, fp32 accumulation,
   tiled over blocks.  The epilogue is ordinary DSL code on the
   accumulator after its last pto_matmul: pto_relu(tc, tc).

   gemm_relu  every block takes C tiles of TM x TN in block-cyclic order; for
              each it zeroes the accumulator, walks K in TK-wide steps (load
              a TM x TK slice of A and a TK x TN slice of B, pto_matmul
              accumulates into the C tile) and stores the tile.  M, N, K and
              the row strides are run-time values, multiples of the tile
              sizes (the cube works on 16x16 fractals).
   On the CCE back end (pto-opt --emit-cce) the A and B tiles live in L1,
   the C tile in L0C: GM -> L1 -> L0A/L0B -> mad with initC on the first
   K step; on dav-c220 the fixpipe applies the ReLU on its way from L0C
   to GM (copy_matrix_cc_to_gm's ReLUPRE), on dav-m200 L0C -> UB, vrelu,
   UB -> GM.
   The inputs are small integers, so every product and partial sum is
   exact in fp32 and the result is compared exactly with an independent
   scalar triple loop.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_relu.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { TM = 32, TN = 32, TK = 32 };
enum { MAXM = 96, MAXN = 128, MAXK = 128 };

typedef PTO_TILE(pto_f16, TM, TK) a_tile;
typedef PTO_TILE(pto_f16, TK, TN) b_tile;
typedef PTO_TILE(float, TM, TN) c_tile;

PTO_KERNEL void gemm_relu(const pto_f16 *a, const pto_f16 *b, float *c, int m,
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
      pto_load(ta, a + i0 * k + p, k);     /* rows i0.., columns p.. of A */
      pto_load(tb, b + p * n + j0, n);     /* rows p.., columns j0.. of B */
      pto_matmul(tc, ta, tb);
    }
    pto_relu(tc, tc);
    pto_store(c + i0 * n + j0, n, tc);
  }
}

static pto_f16 a[MAXM * MAXK], b[MAXK * MAXN];
static float c[MAXM * MAXN];

/* Run gemm_relu for an M x N x K problem on BLOCKS blocks and compare with a
   scalar triple loop; 1 when every element matches.  */
static int run(int m, int n, int k, int blocks)
{
  for (int i = 0; i < m * k; i++)
    a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
  for (int i = 0; i < k * n; i++)
    b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
  for (int i = 0; i < m * n; i++)
    c[i] = -1.0f;
  pto_launch(gemm_relu, blocks, a, b, c, m, n, k);
  int bad = 0, clamped = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += (float)a[i * k + p] * (float)b[p * n + j];
      bad += c[i * n + j] != (s > 0.0f ? s : 0.0f);
      clamped += s < 0.0f;
    }
  printf("%s: gemm_relu %dx%dx%d on %d blocks (%d of %d differ, %d "
         "clamped to 0)\n", bad ? "FAIL" : "PASS", m, n, k, blocks, bad,
         m * n, clamped);
  return bad == 0;
}

int main(void)
{
  int ok = run(96, 128, 128, 4);    /* 12 C tiles, 4 K steps each */
  ok &= run(32, 32, 32, 1);         /* one tile, one K step */
  ok &= run(64, 96, 64, 5);         /* more blocks than some get tiles */
  ok &= run(32, 64, 0, 2);          /* K = 0: C is zero */
  return ok ? 0 : 1;
}
