/* gemm_w8a8.c - an int8 GEMM with a per-channel dequantization to fp16,
   as a layer served in W8A8 runs on Atlas A2/A3: Y[M][N] = (A[M][K] *
   W[K][N]) * scale[N], A the int8 activations, W the int8 weights, the
   products summed exactly in int32, scale[j] the product of the
   activation scale and output channel j's weight scale.

   gemm_w8a8_mm   every block takes C tiles of TM x TN in block-cyclic
                  order; for each it zeroes the int32 accumulator, walks
                  K in TK-wide steps (pto_matmul of int8_t tiles into an
                  int32_t tile) and stores the int32 sums into the
                  workspace C.
   w8a8_dequant   every block takes TM x TN tiles of C, converts them to
                  f32 (exact: |C| < 2^24 here), multiplies each column
                  by its channel's scale (pto_col_expand_mul with the
                  1 x TN slice of scale) and rounds to fp16.
   M is a multiple of TM, N of TN and K of TK.
   On the CCE back end (dav-c220) the int8 operands live in L1, the K x
   N one reaches L0B through the cube's 32 x 32 byte transposes, and the
   fixpipe stores the int32 tile (doc/cce.md "int8 operands").
   gemm_w8a8      the same in one kernel, the dequantization the
                  epilogue of the accumulator: on dav-c220 the vector
                  unit sits in other cores than the cube, so the back end
                  hands the int32 tile to a vector core through a GM
                  workspace.
   gemm_w8a8_fixpipe
                  the same with pto_col_dequant by deq words (the host
                  packs each channel's scale with pto_deq_word): on
                  dav-c220 the cube core's fixpipe dequantizes on the way
                  to GM (QuantPRE VDEQF16), no vector core involved.  The
                  fixpipe reads a scale's sign, exponent and 10 mantissa
                  bits only, so its results are checked against the
                  product with the scale so truncated (written here).
   dav-m200 reports the matmul kernels (it has no transposing int8 load)
   and names dav-c220.
   The int32 result is checked against a triple loop, and every fp16
   result bit for bit against the f32 product rounded to fp16 by a
   rounding written here, independently of pto.h's; some of those
   roundings drop bits (the count is printed and must not be 0).
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gemm_w8a8.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { TM = 32, TN = 64, TK = 64 };
enum { MAXM = 96, MAXN = 192, MAXK = 128 };

typedef PTO_TILE(int8_t, TM, TK) a_tile;
typedef PTO_TILE(int8_t, TK, TN) w_tile;
typedef PTO_TILE(int32_t, TM, TN) acc_tile;
typedef PTO_TILE(float, TM, TN) f_tile;
typedef PTO_TILE(float, 1, TN) s_tile;
typedef PTO_TILE(pto_f16, TM, TN) y_tile;
typedef PTO_TILE(uint64_t, 1, TN) q_tile;

PTO_KERNEL void gemm_w8a8_mm(const int8_t *a, const int8_t *w, int32_t *c,
                             int m, int n, int k)
{
  a_tile ta;
  w_tile tw;
  acc_tile tc;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_fill(tc, 0);
    for (int p = 0; p < k; p += TK) {
      pto_load(ta, a + i0 * k + p, k);
      pto_load(tw, w + p * n + j0, n);
      pto_matmul(tc, ta, tw);
    }
    pto_store(c + i0 * n + j0, n, tc);
  }
}

PTO_KERNEL void w8a8_dequant(const int32_t *c, const float *scale,
                             pto_f16 *y, int m, int n)
{
  acc_tile tc;
  f_tile tf;
  s_tile ts;
  y_tile ty;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_load(tc, c + i0 * n + j0, n);
    pto_load(ts, scale + j0, n);
    pto_cast(tf, tc);
    pto_col_expand_mul(tf, tf, ts);
    pto_cast(ty, tf);
    pto_store(y + i0 * n + j0, n, ty);
  }
}

/* Both in one kernel: the dequantization is the epilogue of the int32
   accumulator.  On dav-c220 the back end splits it (doc/cce.md, "mix
   kernels"): the cube core computes tc and hands it to a vector core
   through a GM workspace, which converts, scales and stores.  */
PTO_KERNEL void gemm_w8a8(const int8_t *a, const int8_t *w,
                          const float *scale, pto_f16 *y, int m, int n,
                          int k)
{
  a_tile ta;
  w_tile tw;
  acc_tile tc;
  f_tile tf;
  s_tile ts;
  y_tile ty;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_fill(tc, 0);
    for (int p = 0; p < k; p += TK) {
      pto_load(ta, a + i0 * k + p, k);
      pto_load(tw, w + p * n + j0, n);
      pto_matmul(tc, ta, tw);
    }
    pto_load(ts, scale + j0, n);
    pto_cast(tf, tc);
    pto_col_expand_mul(tf, tf, ts);
    pto_cast(ty, tf);
    pto_store(y + i0 * n + j0, n, ty);
  }
}

/* The same, dequantized by the fixpipe: DEQ holds a deq word per output
   channel (pto_deq_word(scale[j])).  */
PTO_KERNEL void gemm_w8a8_fixpipe(const int8_t *a, const int8_t *w,
                                  const uint64_t *deq, pto_f16 *y, int m,
                                  int n, int k)
{
  a_tile ta;
  w_tile tw;
  acc_tile tc;
  q_tile tq;
  y_tile ty;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_load(tq, deq + j0, n);
    pto_fill(tc, 0);
    for (int p = 0; p < k; p += TK) {
      pto_load(ta, a + i0 * k + p, k);
      pto_load(tw, w + p * n + j0, n);
      pto_matmul(tc, ta, tw);
    }
    pto_col_dequant(ty, tc, tq);
    pto_store(y + i0 * n + j0, n, ty);
  }
}

static int8_t a[MAXM * MAXK], w[MAXK * MAXN];
static uint64_t deq[MAXN];
static int32_t c[MAXM * MAXN];
static float scale[MAXN];
static pto_f16 y[MAXM * MAXN], yf[MAXM * MAXN], yq[MAXM * MAXN];

/* The inputs of an M x N x K problem: every int8 value occurs, -128 and
   127 included; scales of a few significant bits, so that products
   round.  */
static void fill(int m, int n, int k)
{
  for (int i = 0; i < m * k; i++)
    a[i] = (int8_t)((i * 37 + 11) % 256 - 128);
  for (int i = 0; i < k * n; i++)
    w[i] = (int8_t)((i * 53 + 200) % 256 - 128);
  for (int j = 0; j < n; j++) {
    scale[j] = 0.0123f * (float)(1 + j % 7) / 64.0f;
    deq[j] = pto_deq_word(scale[j]);
  }
}

/* S as the fixpipe's deq word holds it: the float's 13 low mantissa
   bits cleared (S positive here).  */
static float deq_scale(float s)
{
  uint32_t u;
  memcpy(&u, &s, 4);
  u &= ~(uint32_t)0x1fff;
  memcpy(&s, &u, 4);
  return s;
}

/* X rounded to the nearest fp16 value (ties to even; X finite and below
   65520 in magnitude), as a double.  */
static double f16_nearest(double x)
{
  if (x == 0.0)
    return x;
  int e;
  frexp(x, &e);                         /* |x| in [2^(e-1), 2^e) */
  int lsb = e - 11 < -24 ? -24 : e - 11; /* 10 fraction bits, or subnormal */
  return ldexp(nearbyint(ldexp(x, -lsb)), lsb);
}

/* The value of the fp16 bits H, decoded here.  */
static double f16_value(uint16_t h)
{
  int ex = h >> 10 & 0x1f, fr = h & 0x3ff;
  double v = ex ? ldexp(1024 + fr, ex - 25) : ldexp(fr, -24);
  return h >> 15 ? -v : v;
}

/* Run the two kernels and the fused ones for an M x N x K problem on
   BLOCKS blocks; 1 when the int32 sums are exact, every fp16 result is
   the f32 product rounded, the fused kernel's results are the same
   bits, and the fixpipe kernel's are the products by the truncated
   scales rounded.  */
static int run(int m, int n, int k, int blocks)
{
  fill(m, n, k);
  for (int i = 0; i < m * n; i++) {
    c[i] = -7;
    y[i] = yf[i] = yq[i] = (pto_f16)-3.0f;
  }
  pto_launch(gemm_w8a8_mm, blocks, a, w, c, m, n, k);
  pto_launch(w8a8_dequant, blocks, c, scale, y, m, n);
  pto_launch(gemm_w8a8, blocks, a, w, scale, yf, m, n, k);
  pto_launch(gemm_w8a8_fixpipe, blocks, a, w, deq, yq, m, n, k);
  int bad = 0, rounded = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      int64_t s = 0;
      for (int p = 0; p < k; p++)
        s += a[i * k + p] * w[p * n + j];
      float prod = (float)s * scale[j];      /* one f32 rounding */
      double want = f16_nearest(prod);
      double wantq = f16_nearest((float)s * deq_scale(scale[j]));
      uint16_t h, hq;
      memcpy(&h, &y[i * n + j], 2);
      memcpy(&hq, &yq[i * n + j], 2);
      bad += c[i * n + j] != s || f16_value(h) != want
             || memcmp(&y[i * n + j], &yf[i * n + j], 2) != 0
             || f16_value(hq) != wantq;
      rounded += want != (double)prod;
    }
  printf("%s: gemm_w8a8 %dx%dx%d on %d blocks (%d of %d differ, %d rounded)\n",
         bad ? "FAIL" : "PASS", m, n, k, blocks, bad, m * n, rounded);
  return bad == 0 && rounded > 0;
}

int main(void)
{
  int ok = run(96, 192, 128, 4);    /* 9 C tiles, 2 K steps each */
  ok &= run(32, 64, 64, 1);         /* one tile, one K step */
  ok &= run(64, 128, 128, 5);       /* more blocks than tiles */
  return ok ? 0 : 1;
}
