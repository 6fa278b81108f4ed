/* gemm_bias_relu.c - a GEMM with a bias and ReLU epilogue on the cube
   path: C[M][N] = max(A[M][K] * B[K][N] + bias[N], 0), fp16 inputs,
   fp32 accumulation and bias, tiled over blocks.  The epilogue is
   ordinary DSL code on the accumulator after its last pto_matmul:
   pto_col_expand_add(tc, tc, tbias) adds the bias row to every row,
   pto_relu(tc, tc) clamps.

   gemm_bias_relu  every block takes C tiles of TM x TN in block-cyclic
              order; for each it loads the TN bias values of the tile's
              columns, zeroes the accumulator, walks K in TK-wide steps
              and stores the tile.  M, N and K are run-time values,
              multiples of the tile sizes (48 x 80 x 32: not powers of two,
              the cube works on 16x16 fractals).
   On the CCE back end the A and B tiles live in L1, the C tile in L0C.
   dav-c220: the bias row goes GM -> L1 -> the bias table
   (copy_cbuf_to_bt) and the first mad of each product starts from it
   (mad's bias-table form); the fixpipe applies the ReLU on its way to
   GM.  dav-m200 (no bias table): L0C -> UB, the bias row is added to
   the UB copy (pto_col_expand_add as on any tile), vrelu clamps,
   UB -> GM.
   The inputs are small integers and the bias a multiple of 1/4, so every
   sum is exact in fp32 and the result is compared exactly with an
   independent scalar triple loop.
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_bias_relu.c -lm  */

#include <pto.h>
#include <stdio.h>

enum { TM = 48, TN = 80, TK = 32 };
enum { MAXM = 144, MAXN = 160, MAXK = 128 };

typedef PTO_TILE(pto_f16, TM, TK) a_tile;
typedef PTO_TILE(pto_f16, TK, TN) b_tile;
typedef PTO_TILE(float, 1, TN) bias_tile;
typedef PTO_TILE(float, TM, TN) c_tile;

PTO_KERNEL void gemm_bias_relu(const pto_f16 *a, const pto_f16 *b,
                               const float *bias, float *c, int m, int n,
                               int k)
{
  a_tile ta;
  b_tile tb;
  bias_tile tr;
  c_tile tc;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_load(tr, bias + j0, TN);           /* bias[j0 .. j0 + TN) */
    pto_fill(tc, 0.0f);
    for (int p = 0; p < k; p += TK) {
      pto_load(ta, a + i0 * k + p, k);     /* rows i0.., columns p.. of A */
      pto_load(tb, b + p * n + j0, n);     /* rows p.., columns j0.. of B */
      pto_matmul(tc, ta, tb);
    }
    pto_col_expand_add(tc, tc, tr);
    pto_relu(tc, tc);
    pto_store(c + i0 * n + j0, n, tc);
  }
}

static pto_f16 a[MAXM * MAXK], b[MAXK * MAXN];
static float bias[MAXN], c[MAXM * MAXN];

/* Run gemm_bias_relu for an M x N x K problem on BLOCKS blocks and
   compare with a scalar triple loop; 1 when every element matches.  */
static int run(int m, int n, int k, int blocks)
{
  for (int i = 0; i < m * k; i++)
    a[i] = (pto_f16)(float)((i * 7) % 11 - 5);
  for (int i = 0; i < k * n; i++)
    b[i] = (pto_f16)(float)((i * 3) % 7 - 3);
  for (int j = 0; j < n; j++)
    bias[j] = (float)((j * 5) % 17 - 8) * 0.25f;
  for (int i = 0; i < m * n; i++)
    c[i] = -1.0f;
  pto_launch(gemm_bias_relu, blocks, a, b, bias, c, m, n, k);
  int bad = 0, clamped = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int p = 0; p < k; p++)
        s += (float)a[i * k + p] * (float)b[p * n + j];
      s += bias[j];
      bad += c[i * n + j] != (s > 0.0f ? s : 0.0f);
      clamped += s < 0.0f;
    }
  printf("%s: gemm_bias_relu %dx%dx%d on %d blocks (%d of %d differ, %d "
         "clamped to 0)\n", bad ? "FAIL" : "PASS", m, n, k, blocks, bad,
         m * n, clamped);
  return bad == 0;
}

int main(void)
{
  int ok = run(144, 160, 128, 4);   /* 6 C tiles, 4 K steps each */
  ok &= run(48, 80, 32, 1);         /* one tile, one K step */
  ok &= run(96, 160, 64, 5);        /* more blocks than tiles */
  ok &= run(48, 160, 0, 2);         /* K = 0: C is relu(bias) */
  return ok ? 0 : 1;
}
