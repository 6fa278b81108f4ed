/* snip-cube.c - hand-written CCE GEMM kernels (C[M,N] = A[M,K] B[K,N],
   fp16 in, fp32 out, row-major in GM) for test-cube.c: GM -> L1 in
   16x16 fractals by strided DMA, L1 -> L0A/L0B (B transposed per
   fractal), mad into L0C, then either the dav-m200 exit (L0C -> UB ->
   GM) or the dav-c220 fixpipe (L0C -> GM, NZ to ND).  M, K, N are
   multiples of 16.  */

#ifdef __CCE_KT_TEST__
#include "cce_sim.h"
#endif

/* Load a [rows x cols] row-major fp16 GM matrix (row pitch LD halves)
   into L1 as fractals [r1][c1][16][16] starting at L1 offset OFF.  */
static void load_fractals(uintptr_t off, __gm__ half *g, int rows, int cols, int ld)
{
  for (int r1 = 0; r1 < rows / 16; r1++)
    for (int c1 = 0; c1 < cols / 16; c1++) {
      __cbuf__ half *dst = (__cbuf__ half *)(off + (uintptr_t)((r1 * (cols / 16) + c1) * 512));
      copy_gm_to_cbuf(dst, g + r1 * 16 * ld + c1 * 16, 0, 16, 1, (ld - 16) / 16, 0, PAD_NONE);
    }
}

__global__ __aicore__ void k_gemm_m200(__gm__ half *a, __gm__ half *b, __gm__ float *c,
                                       int M, int K, int N, int ksplit, int fixed)
{
  int M1 = M / 16, K1 = K / 16, N1 = N / 16;
  uintptr_t l1a = 0, l1b = (uintptr_t)(M1 * K1 * 512);
  load_fractals(l1a, a, M, K, K);
  load_fractals(l1b, b, K, N, N);          /* fractals [ko][no][ki][ni] */
  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  __cc__ float *l0c = (__cc__ float *)((uintptr_t)0);
  int chunks = ksplit ? K1 : 1;
  int kc = K1 / chunks;                    /* fractals of K per chunk */
  for (int ch = 0; ch < chunks; ch++) {
    /* Ping-pong L0A/L0B halves; the previous mad on this half must be
       done before MTE1 overwrites it.  */
    int h = ch & 1;
    uintptr_t l0a = (uintptr_t)(h * 32768), l0b = (uintptr_t)(h * 32768);
    if (ch >= 2)
      wait_flag(PIPE_M, PIPE_MTE1, (event_t)h);
    for (int mo = 0; mo < M1; mo++)
      load_cbuf_to_ca((__ca__ half *)(l0a + (uintptr_t)(mo * kc * 512)), (__cbuf__ half *)l1a,
                      mo * K1 + ch * kc, kc, 1, 0, 0, 0, inc);
    for (int ko = 0; ko < kc; ko++)
      load_cbuf_to_cb((__cb__ half *)(l0b + (uintptr_t)(ko * N1 * 512)), (__cbuf__ half *)l1b,
                      (ch * kc + ko) * N1, N1, 1, 0, 0, 1, inc);
    set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
    if (ch > 0 && fixed)
      pipe_barrier(PIPE_M);
    mad(l0c, (__ca__ half *)l0a, (__cb__ half *)l0b, M, kc * 16, N, ch == 0);
    if (ch + 2 < chunks)
      set_flag(PIPE_M, PIPE_MTE1, (event_t)h);
  }
  set_flag(PIPE_M, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_M, PIPE_V, EVENT_ID0);
  __ubuf__ float *ub = (__ubuf__ float *)((uintptr_t)0);
  copy_matrix_cc_to_ubuf(ub, l0c, 0, 1, M1 * N1, 0, 0, CRMODE_NONE);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  /* UB holds [no][mo][16][16] fp32; write each fractal's 16 rows.  */
  for (int no = 0; no < N1; no++)
    for (int mo = 0; mo < M1; mo++)
      copy_ubuf_to_gm(c + mo * 16 * N + no * 16,
                      (__ubuf__ float *)((uintptr_t)((no * M1 + mo) * 1024)), 0, 16, 2,
                      0, (N - 16) * 4 / 32);
}

__global__ __aicore__ void k_gemm_c220(__gm__ half *a, __gm__ half *b, __gm__ half *c,
                                       int M, int K, int N)
{
  int M1 = M / 16, K1 = K / 16, N1 = N / 16;
  uintptr_t l1a = 0, l1b = (uintptr_t)(M1 * K1 * 512);
  load_fractals(l1a, a, M, K, K);
  load_fractals(l1b, b, K, N, N);
  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  __ca__ half *l0a = (__ca__ half *)((uintptr_t)0);
  __cb__ half *l0b = (__cb__ half *)((uintptr_t)0);
  __cc__ float *l0c = (__cc__ float *)((uintptr_t)0);
  load_cbuf_to_ca(l0a, (__cbuf__ half *)l1a, 0, M1 * K1, 1, 0, 0, 0, inc);
  load_cbuf_to_cb(l0b, (__cbuf__ half *)l1b, 0, K1 * N1, 1, 0, 0, 1, inc);
  set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  mad(l0c, l0a, l0b, M, K, N, 0, 0, 0, 1);
  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  copy_matrix_cc_to_gm(c, l0c, 0, N, M, N, M1 * 16, 0, F322F16, 0, 0, 1);
}
