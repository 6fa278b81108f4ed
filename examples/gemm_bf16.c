/* gemm_bf16.c - a bf16 GEMM: C[M][N] = A[M][K] * B[K][N] with bf16
   inputs, fp32 accumulation and a bf16 result, as a training step's
   layers run on Atlas A2/A3.

   gemm_bf16  every block takes C tiles of TM x TN in block-cyclic order;
              for each it zeroes the accumulator, walks K in TK-wide
              steps (pto_matmul accumulates the bf16 products in fp32)
              and converts the tile to bf16 on the way out (pto_cast to
              a bf16 tile, then pto_store).  M, N and K are multiples of
              the tile sizes.
   On the CCE back end (dav-c220: bf16 is an A2/A3 type; dav-m200 has no
   bf16 mad and reports the kernel) the operands live in L1, the
   accumulator in L0C, and the fixpipe converts fp32 to bf16 on its way
   to GM (copy_matrix_cc_to_gm with QuantPRE F322BF16): the bf16 tile
   has no memory of its own.
   The inputs are small multiples of 1/2 (mostly positive), exact in
   bf16, so every fp32 partial sum is exact (below 2^24) and the result
   is the exact sum rounded once to bf16; it is checked bit for bit
   against a triple loop in double and a rounding to nearest even
   written here, independently of pto.h's.  Most sums exceed 256, so
   the rounding drops bits (the count is printed and must not be 0).
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_bf16.c -lm  */

#include <pto.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { TM = 32, TN = 32, TK = 32 };
enum { MAXM = 96, MAXN = 128, MAXK = 128 };

typedef PTO_TILE(pto_bf16, TM, TK) a_tile;
typedef PTO_TILE(pto_bf16, TK, TN) b_tile;
typedef PTO_TILE(float, TM, TN) c_tile;
typedef PTO_TILE(pto_bf16, TM, TN) o_tile;

PTO_KERNEL void gemm_bf16(const pto_bf16 *a, const pto_bf16 *b, pto_bf16 *c,
                          int m, int n, int k)
{
  a_tile ta;
  b_tile tb;
  c_tile tc;
  o_tile to;
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
    pto_cast(to, tc);
    pto_store(c + i0 * n + j0, n, to);
  }
}

static pto_bf16 a[MAXM * MAXK], b[MAXK * MAXN], c[MAXM * MAXN];

/* The bf16 bits nearest to X (ties to even), for the finite values of
   this test: the float's bits rounded at bit 16.  */
static uint16_t bf16_nearest(float x)
{
  uint32_t u;
  memcpy(&u, &x, 4);
  uint32_t rest = u & 0xffffu, keep = u >> 16;
  if (rest > 0x8000u || (rest == 0x8000u && (keep & 1u)))
    keep++;
  return (uint16_t)keep;
}

static pto_bf16 bf16_of(double v)
{
  pto_bf16 r;
  r.bits = bf16_nearest((float)v);   /* v is a small multiple of 1/2 */
  return r;
}

/* The inputs of an M x N x K problem.  */
static void fill(int m, int n, int k)
{
  for (int i = 0; i < m * k; i++)
    a[i] = bf16_of(((i * 7) % 11 - 3) * 0.5);
  for (int i = 0; i < k * n; i++)
    b[i] = bf16_of((i * 3) % 13 - 2);
}

/* Run gemm_bf16 for an M x N x K problem on BLOCKS blocks; 1 when every
   element is the exact product rounded to bf16.  */
static int run(int m, int n, int k, int blocks)
{
  fill(m, n, k);
  for (int i = 0; i < m * n; i++)
    c[i] = bf16_of(-1.0);
  pto_launch(gemm_bf16, blocks, a, b, c, m, n, k);
  int bad = 0, rounded = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int p = 0; p < k; p++)
        s += (((i * k + p) * 7) % 11 - 3) * 0.5 * (((p * n + j) * 3) % 13 - 2);
      uint16_t want = bf16_nearest((float)s);
      bad += c[i * n + j].bits != want;
      float back;
      uint32_t u = (uint32_t)want << 16;
      memcpy(&back, &u, 4);
      rounded += back != (float)s;
    }
  printf("%s: gemm_bf16 %dx%dx%d on %d blocks (%d of %d differ, %d rounded)\n",
         bad ? "FAIL" : "PASS", m, n, k, blocks, bad, m * n, rounded);
  return bad == 0 && rounded > 0;
}

int main(void)
{
  int ok = run(96, 128, 128, 4);    /* 12 C tiles, 4 K steps each */
  ok &= run(32, 32, 32, 1);         /* one tile, one K step */
  ok &= run(64, 96, 64, 5);         /* more blocks than some get tiles */
  return ok ? 0 : 1;
}
