/* gelu_mlp.c - the first layer of a transformer MLP: H = GELU(X W + b),
   X [M][K] fp16 activations, W [K][N] fp16 weights, b [N] fp32, with the
   product on the cube path (pto_matmul, fp32 accumulation) and the bias
   and GELU (pto_col_expand_add, pto_gelu) on the vector unit.

   gemm        every block takes C tiles of TM x TN in block-cyclic
               order, zeroes the accumulator, walks K in TK-wide steps
               and stores the fp32 tile to GM.
   bias_gelu   the epilogue as a second kernel: every block takes the
               same tiles of C back from GM, adds the bias row to every
               row and applies GELU; H in fp32 and, through pto_cast, in
               fp16 (pto_gelu on an fp16 tile: the CCE computes it in
               float and rounds once).
   Two kernels, not one: on dav-c220 a pto.matmul accumulator leaves L0C
   only by pto_store (the fixpipe to GM: ReLU and a bias-table bias are
   the epilogues it can apply, see gemm_bias_relu.c); dav-m200 could run
   pto_gelu on the UB copy of the accumulator, but one source for both
   archs keeps the round trip through GM.

   The inputs are multiples of 1/8 and 1/4, so X W is exact in fp32 and
   compared exactly; H is compared with GELU (tanh form) computed in
   double within pto.h's documented bound ("Transcendentals": 2^-22 *
   max(1, |x|) for f32 against the reference, here plus the reference's
   own error, 1e-6 * max(1, |x|) in all; fp16 one ulp more).
   Build: gcc -std=gnu11 -O2 -Wall -Wextra -Iinclude examples/gelu_mlp.c -lm  */

#include <pto.h>
#include <math.h>
#include <stdio.h>

enum { TM = 32, TN = 64, TK = 32 };
enum { M = 64, N = 128, K = 64 };

typedef PTO_TILE(pto_f16, TM, TK) x_tile;
typedef PTO_TILE(pto_f16, TK, TN) w_tile;
typedef PTO_TILE(float, TM, TN) c_tile;
typedef PTO_TILE(pto_f16, TM, TN) h16_tile;
typedef PTO_TILE(float, 1, TN) bias_tile;

PTO_KERNEL void gemm(const pto_f16 *x, const pto_f16 *w, float *c, int m,
                     int n, int k)
{
  x_tile tx;
  w_tile tw;
  c_tile tc;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int t = pto_block_idx(); t < ntiles; t += pto_block_num()) {
    int i0 = t / tiles_n * TM;
    int j0 = t % tiles_n * TN;
    pto_fill(tc, 0.0f);
    for (int p = 0; p < k; p += TK) {
      pto_load(tx, x + i0 * k + p, k);
      pto_load(tw, w + p * n + j0, n);
      pto_matmul(tc, tx, tw);
    }
    pto_store(c + i0 * n + j0, n, tc);
  }
}

PTO_KERNEL void bias_gelu(const float *c, const float *bias, float *h,
                          pto_f16 *h16, int m, int n)
{
  c_tile t;
  h16_tile t16;
  bias_tile tb;
  int tiles_n = n / TN;
  int ntiles = m / TM * tiles_n;
  for (int i = pto_block_idx(); i < ntiles; i += pto_block_num()) {
    int i0 = i / tiles_n * TM;
    int j0 = i % tiles_n * TN;
    pto_load(tb, bias + j0, TN);
    pto_load(t, c + i0 * n + j0, n);
    pto_col_expand_add(t, t, tb);
    pto_cast(t16, t);
    pto_gelu(t, t);
    pto_store(h + i0 * n + j0, n, t);
    pto_gelu(t16, t16);
    pto_store(h16 + i0 * n + j0, n, t16);
  }
}

static pto_f16 x[M * K], w[K * N], h16[M * N];
static float bias[N], c[M * N], h[M * N];

static double gelu(double v)
{
  return 0.5 * v * (1.0 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
}

static int check(int ok, const char *what)
{
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  return ok;
}

int main(void)
{
  for (int i = 0; i < M * K; i++)
    x[i] = (pto_f16)((float)((i * 7) % 11 - 5) * 0.125f);
  for (int i = 0; i < K * N; i++)
    w[i] = (pto_f16)((float)((i * 3) % 7 - 3) * 0.25f);
  for (int j = 0; j < N; j++)
    bias[j] = (float)((j * 5) % 17 - 8) * 0.25f;
  pto_launch(gemm, 3, x, w, c, M, N, K);
  pto_launch(bias_gelu, 3, c, bias, h, h16, M, N);

  int bad_c = 0, bad_h = 0, bad_h16 = 0, neg = 0, pos = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int p = 0; p < K; p++)
        s += (double)(float)x[i * K + p] * (double)(float)w[p * N + j];
      bad_c += c[i * N + j] != (float)s;
      double v = s + bias[j], want = gelu(v);
      double tol = 1e-6 * fmax(1.0, fabs(v));
      bad_h += !(fabs(h[i * N + j] - want) <= tol);
      /* fp16: v rounded to fp16 first (the cast), then one fp16 ulp.  */
      double v16 = (double)(float)(pto_f16)(float)v, want16 = gelu(v16);
      bad_h16 += !(fabs((double)(float)h16[i * N + j] - want16)
                   <= 1e-6 * fmax(1.0, fabs(v16))
                          + fmax(fabs(want16) * 0x1p-10, 0x1p-24));
      neg += v < -1.0;
      pos += v > 1.0;
    }
  int ok = check(bad_c == 0, "gemm: X W exact in fp32");
  ok &= check(bad_h == 0, "bias + GELU in fp32 within pto.h's bound");
  ok &= check(bad_h16 == 0, "bias + GELU in fp16 within one fp16 ulp more");
  ok &= check(neg > 100 && pos > 100, "inputs of GELU on both sides of 0");
  return ok ? 0 : 1;
}
