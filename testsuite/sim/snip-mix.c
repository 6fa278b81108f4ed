/* snip-mix.c - hand-written dav-c220 mix kernels (one cube core and two
   vector cores handing tiles over through GM workspaces with the
   cross-core flags) in the form the emitter will write, for test-mix.c.

   The vendor compiles a mix kernel twice, once with __DAV_CUBE__ (the
   AIC's code) and once with __DAV_VEC__ (the AIVs'); test-mix.c
   #includes this file twice the same way, renaming each kernel to
   NAME_aic / NAME_aiv, and runs a block with pto_sim_run_mix.  Each
   broken kernel is a VARIANT of its correct twin (0 = correct).
   Matrices are fp16 row major in GM, multiples of 16.  */

#ifdef __CCE_KT_TEST__
#include "cce_sim.h"
#endif

#ifndef MIX_MSG
/* ffts_cross_core_sync's config: GetffstMsg(mode, flagId) (asc-devkit
   HEAD:impl/basic_api/dav_c220/kernel_operator_sync_impl.h).  */
#define MIX_MSG(mode, id) (0x1 + (((mode) & 0x3) << 4) + (((id) & 0xf) << 8))
#endif

#if defined(__DAV_CUBE__)
/* Load a [rows x cols] fp16 GM matrix (row pitch LD) into L1 as
   fractals [r1][c1][16][16] at L1 offset OFF (pipe MTE2), then let
   MTE1 read them.  */
static void mix_load_l1(uintptr_t off, __gm__ half *g, int rows, int cols, int ld)
{
  for (int r1 = 0; r1 < rows / 16; r1++)
    for (int c1 = 0; c1 < cols / 16; c1++) {
      __cbuf__ half *dst = (__cbuf__ half *)(off + (uintptr_t)((r1 * (cols / 16) + c1) * 512));
      copy_gm_to_cbuf(dst, g + r1 * 16 * ld + c1 * 16, 0, 16, 1, (ld - 16) / 16, 0, PAD_NONE);
    }
  set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
}

/* DST[M,N] (fp32, row major) = the L1 operands at L1X [M,K] and L1Y
   [K,N]: L1 -> L0A/L0B, mad, fixpipe (pipe FIX last).  */
static void mix_matmul(__gm__ float *dst, uintptr_t l1x, uintptr_t l1y, int M, int K, int N)
{
  int M1 = M / 16, K1 = K / 16, N1 = N / 16;
  __ca__ half *l0a = (__ca__ half *)((uintptr_t)0);
  __cb__ half *l0b = (__cb__ half *)((uintptr_t)0);
  __cc__ float *l0c = (__cc__ float *)((uintptr_t)0);
  load_cbuf_to_ca(l0a, (__cbuf__ half *)l1x, 0, M1 * K1, 1, 0, 0, 0, inc);
  load_cbuf_to_cb(l0b, (__cbuf__ half *)l1y, 0, K1 * N1, 1, 0, 0, 1, inc);
  set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  mad(l0c, l0a, l0b, M, K, N, 0, 0, 0, 1);
  set_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  wait_flag(PIPE_M, PIPE_FIX, EVENT_ID0);
  copy_matrix_cc_to_gm(dst, l0c, 0, N, M, N, M1 * 16, 0, NoQuant, 0, 0, 1);
}
#endif

/* OUT = exp(0.125 * A B), A [M,K], B [K,N], OUT fp32 [M,N]: the AIC
   computes A B into the workspace WS and raises flag 0 (mode 2); each
   AIV waits for it and does its half of the rows.
   VARIANT 1: neither the set nor the wait (a GM race on WS).
   VARIANT 2: the wait without the set (a deadlock).  */
__global__ __mix__(1, 2) void k_mix_exp(__gm__ half *a, __gm__ half *b, __gm__ float *ws,
                                        __gm__ float *out, int M, int K, int N, int variant)
{
#if defined(__DAV_CUBE__)
  (void)out;
  mix_load_l1(0, a, M, K, K);
  mix_load_l1((uintptr_t)(M * K * 2), b, K, N, N);
  mix_matmul(ws, 0, (uintptr_t)(M * K * 2), M, K, N);
  if (variant == 0)
    ffts_cross_core_sync(PIPE_FIX, MIX_MSG(2, 0));
#endif
#if defined(__DAV_VEC__)
  int rows = M / (int)get_subblockdim();
  int row0 = rows * (int)get_subblockid();
  int n = rows * N;                       /* floats of this AIV */
  (void)a, (void)b, (void)K;
  __ubuf__ float *in = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *t = (__ubuf__ float *)((uintptr_t)(n * 4));
  if (variant != 1)
    wait_flag_dev(0);
  copy_gm_to_ubuf(in, ws + row0 * N, 0, 1, n * 4 / 32, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vmuls(t, in, 0.125f, n / 64, 1, 1, 8, 8);
  pipe_barrier(PIPE_V);
  vexp(t, t, n / 64, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(out + row0 * N, t, 0, 1, n * 4 / 32, 0, 0);
#endif
}

/* A software-pipelined cube/vector loop of MIX_ITERS steps over D x D
   tiles (the shape of attention): S_i = X_i B (the AIC, into the one S
   workspace WS_S), P_i = fp16(0.25 S_i) (the AIVs, half the rows each,
   into P slot i % 2 of WS_P), O_i = P_i C (the AIC, into OUT + i D D).
   The AIC produces S_{i+1} before it consumes P_i, so it overlaps the
   AIVs' work.  Flags: 0 "S ready" (AIC -> AIVs, mode 2), 1 "P ready"
   (both AIVs -> AIC), 2 "S slot free" (both AIVs -> AIC, right after
   they loaded S).
   VARIANT 1: the AIC does not wait for "S slot free" (S_{i+1}
   overwrites S_i while the AIVs may still read it).  */
#define MIX_ITERS 4
__global__ __mix__(1, 2) void k_mix_pingpong(__gm__ half *x, __gm__ half *b, __gm__ half *c,
                                             __gm__ float *ws_s, __gm__ half *ws_p,
                                             __gm__ float *out, int D, int variant)
{
#if defined(__DAV_CUBE__)
  uintptr_t l1b = 0, l1c = (uintptr_t)(D * D * 2), l1x = (uintptr_t)(2 * D * D * 2),
            l1p = (uintptr_t)(3 * D * D * 2);
  mix_load_l1(l1b, b, D, D, D);
  mix_load_l1(l1c, c, D, D, D);
  mix_load_l1(l1x, x, D, D, D);
  mix_matmul(ws_s, l1x, l1b, D, D, D);
  ffts_cross_core_sync(PIPE_FIX, MIX_MSG(2, 0));
  for (int i = 0; i < MIX_ITERS; i++) {
    if (i + 1 < MIX_ITERS) {
      pipe_barrier(PIPE_ALL);
      mix_load_l1(l1x, x + (i + 1) * D * D, D, D, D);
      if (variant != 1)
        wait_flag_dev(2);
      mix_matmul(ws_s, l1x, l1b, D, D, D);
      ffts_cross_core_sync(PIPE_FIX, MIX_MSG(2, 0));
    }
    wait_flag_dev(1);
    pipe_barrier(PIPE_ALL);
    mix_load_l1(l1p, ws_p + (i % 2) * D * D, D, D, D);
    mix_matmul(out + i * D * D, l1p, l1c, D, D, D);
  }
#endif
#if defined(__DAV_VEC__)
  int rows = D / (int)get_subblockdim();
  int row0 = rows * (int)get_subblockid();
  int n = rows * D;
  __ubuf__ float *in = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *t = (__ubuf__ float *)((uintptr_t)(n * 4));
  __ubuf__ half *p = (__ubuf__ half *)((uintptr_t)(2 * n * 4));
  (void)x, (void)b, (void)c, (void)out, (void)variant;
  for (int i = 0; i < MIX_ITERS; i++) {
    pipe_barrier(PIPE_ALL);
    wait_flag_dev(0);
    copy_gm_to_ubuf(in, ws_s + row0 * D, 0, 1, n * 4 / 32, 0, 0);
    if (i + 1 < MIX_ITERS)
      ffts_cross_core_sync(PIPE_MTE2, MIX_MSG(2, 2));
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    vmuls(t, in, 0.25f, n / 64, 1, 1, 8, 8);
    pipe_barrier(PIPE_V);
    vconv_f322f16(p, t, n / 64, 1, 1, 4, 8);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    copy_ubuf_to_gm(ws_p + (i % 2) * D * D + row0 * D, p, 0, 1, n * 2 / 32, 0, 0);
    ffts_cross_core_sync(PIPE_MTE3, MIX_MSG(2, 1));
  }
#endif
}

/* N rises of flag 3 from the AIC (mode 2), N waits on each AIV: more
   than 15 pending rises overflow the AIVs' counters.  */
__global__ __mix__(1, 2) void k_mix_count(int n)
{
#if defined(__DAV_CUBE__)
  for (int i = 0; i < n; i++)
    ffts_cross_core_sync(PIPE_MTE2, MIX_MSG(2, 3));
#endif
#if defined(__DAV_VEC__)
  for (int i = 0; i < n; i++)
    wait_flag_dev(3);
#endif
}

/* What each core sees (IDS[core] = block * 100 + subblock * 10 +
   subblock dim), and instructions a core does not have: VARIANT 1 a
   vector instruction on the AIC, 2 a mad on an AIV, 3 an intra-core
   flag from the AIC to a vector pipe, 4 a cross-core set on PIPE_S.  */
__global__ __mix__(1, 2) void k_mix_misuse(__gm__ int32_t *ids, int variant)
{
#if defined(__DAV_CUBE__)
  ids[0] = (int32_t)(get_block_idx() * 100 + get_subblockid() * 10 + get_subblockdim());
  if (variant == 1)
    vmuls((__ubuf__ float *)((uintptr_t)0), (__ubuf__ float *)((uintptr_t)0), 2.0f, 1, 1, 1, 8, 8);
  if (variant == 3) {
    set_flag(PIPE_M, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_M, PIPE_V, EVENT_ID0);
  }
  if (variant == 4)
    ffts_cross_core_sync(PIPE_S, MIX_MSG(2, 0));
#endif
#if defined(__DAV_VEC__)
  ids[1 + get_subblockid()] =
      (int32_t)(get_block_idx() * 100 + get_subblockid() * 10 + get_subblockdim());
  if (variant == 2)
    mad((__cc__ float *)((uintptr_t)0), (__ca__ half *)((uintptr_t)0),
        (__cb__ half *)((uintptr_t)0), 16, 16, 16, 0, 0, 0, 1);
#endif
}
