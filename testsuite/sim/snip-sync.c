/* snip-sync.c - hand-written CCE kernels in the form pto-gcc emits, for
   the sync checker and race detector tests (test-sync.c).  Each broken
   kernel has a corrected twin.  The file is CCE: on the host it is
   compiled as C with -D__CCE_KT_TEST__ against cce_sim.h.  */

#ifdef __CCE_KT_TEST__
#include "cce_sim.h"
#endif

/* half scalars: only with _Float16 (test-sync.c skips without).  */
#ifdef __FLT16_MAX__

/* The generated kernel from the notes: fp16 exp then add 1.0 over a
   [40, 256] input split across 8 cores (1280 halves per core).  */
__global__ __aicore__ void k_exp_adds(__gm__ half *__restrict__ x,
                                      __gm__ half *__restrict__ y)
{
  __gm__ half *xg = x + 1280 * block_idx;
  __gm__ half *yg = y + 1280 * block_idx;
  __ubuf__ half *in = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *t = (__ubuf__ half *)((uintptr_t)2560);
  __ubuf__ half *out = (__ubuf__ half *)((uintptr_t)0);
  copy_gm_to_ubuf(in, xg, 0, 1, 80, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vexp(t, in, 10, 1, 1, 8, 8);
  pipe_barrier(PIPE_V);
  vadds(out, t, (half)1.0, 10, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(yg, out, 0, 1, 80, 0, 0);
}

/* BROKEN: no set_flag before the wait (the core would hang).  */
__global__ __aicore__ void k_missing_set(__gm__ float *x, __gm__ float *y, int fixed)
{
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)0);
  copy_gm_to_ubuf(b, x, 0, 1, 8, 0, 0);
  if (fixed)
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vmuls(b, b, 3.0f, 1, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(y, b, 0, 1, 8, 0, 0);
}

/* BROKEN: the flag is set but vmuls does not wait for the load.  */
__global__ __aicore__ void k_missing_wait(__gm__ float *x, __gm__ float *y, int fixed)
{
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)0);
  copy_gm_to_ubuf(b, x, 0, 1, 8, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  if (fixed)
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vmuls(b, b, 3.0f, 1, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID1);
  copy_ubuf_to_gm(y, b, 0, 1, 8, 0, 0);
}

/* BROKEN: two dependent vector instructions without pipe_barrier(PIPE_V).  */
__global__ __aicore__ void k_missing_barrier(__gm__ float *x, __gm__ float *y, int fixed)
{
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *t = (__ubuf__ float *)((uintptr_t)256);
  copy_gm_to_ubuf(a, x, 0, 1, 8, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vexp(t, a, 1, 1, 1, 8, 8);
  if (fixed)
    pipe_barrier(PIPE_V);
  vadds(t, t, 1.0f, 1, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(y, t, 0, 1, 8, 0, 0);
}

/* BROKEN: a loop-carried event ("the buffer is free again", MTE3 ->
   MTE2) is waited at the top of every iteration but never primed before
   iteration 0 nor drained after the loop.  The fixed form is correct for
   any trip count, including 0.  */
__global__ __aicore__ void k_unprimed_loop(__gm__ float *x, __gm__ float *y, int n,
                                           int fixed)
{
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)0);
  if (fixed)
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
  for (int i = 0; i < n; i++) {
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    copy_gm_to_ubuf(b, x + 64 * i, 0, 1, 8, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    vadds(b, b, 1.0f, 1, 1, 1, 8, 8);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    copy_ubuf_to_gm(y + 64 * i, b, 0, 1, 8, 0, 0);
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
  }
  if (fixed)
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
}

/* A streaming kernel y = 2x + 1 over n tiles of TILE floats.
   Single-buffered: every stage waits for the previous one.  */
#define TILE 2048
#define TILE_BLOCKS (TILE * 4 / 32)
#define TILE_REPEATS (TILE / 64)

__global__ __aicore__ void k_stream_single(__gm__ float *x, __gm__ float *y, int n)
{
  __ubuf__ float *xb = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *yb = (__ubuf__ float *)((uintptr_t)(TILE * 4));
  for (int i = 0; i < n; i++) {
    copy_gm_to_ubuf(xb, x + TILE * i, 0, 1, TILE_BLOCKS, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
    vmuls(yb, xb, 2.0f, TILE_REPEATS, 1, 1, 8, 8);
    pipe_barrier(PIPE_V);
    vadds(yb, yb, 1.0f, TILE_REPEATS, 1, 1, 8, 8);
    set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
    copy_ubuf_to_gm(y + TILE * i, yb, 0, 1, TILE_BLOCKS, 0, 0);
    set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
    set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
  }
}

/* Double-buffered (ping-pong) version: per-buffer events primed before
   the loop and drained after it.  BROKEN = 1 drops the wait for the
   input buffer to be free (V -> MTE2); BROKEN = 2 uses EVENT_ID0 for
   both buffers (a reused event).  */
__global__ __aicore__ void k_stream_double(__gm__ float *x, __gm__ float *y, int n,
                                           int broken)
{
  __ubuf__ float *xb[2] = { (__ubuf__ float *)((uintptr_t)0),
                            (__ubuf__ float *)((uintptr_t)(TILE * 4)) };
  __ubuf__ float *yb[2] = { (__ubuf__ float *)((uintptr_t)(2 * TILE * 4)),
                            (__ubuf__ float *)((uintptr_t)(3 * TILE * 4)) };
  event_t ev[2] = { EVENT_ID0, broken == 2 ? EVENT_ID0 : EVENT_ID1 };
  if (broken != 1) {
    set_flag(PIPE_V, PIPE_MTE2, ev[0]);
    set_flag(PIPE_V, PIPE_MTE2, ev[1]);
  }
  set_flag(PIPE_MTE3, PIPE_V, ev[0]);
  set_flag(PIPE_MTE3, PIPE_V, ev[1]);
  for (int i = 0; i < n; i++) {
    int b = i & 1;
    if (broken != 1)
      wait_flag(PIPE_V, PIPE_MTE2, ev[b]);
    copy_gm_to_ubuf(xb[b], x + TILE * i, 0, 1, TILE_BLOCKS, 0, 0);
    set_flag(PIPE_MTE2, PIPE_V, ev[b]);
    wait_flag(PIPE_MTE2, PIPE_V, ev[b]);
    wait_flag(PIPE_MTE3, PIPE_V, ev[b]);
    vmuls(yb[b], xb[b], 2.0f, TILE_REPEATS, 1, 1, 8, 8);
    pipe_barrier(PIPE_V);
    vadds(yb[b], yb[b], 1.0f, TILE_REPEATS, 1, 1, 8, 8);
    if (broken != 1)
      set_flag(PIPE_V, PIPE_MTE2, ev[b]);
    set_flag(PIPE_V, PIPE_MTE3, ev[b]);
    wait_flag(PIPE_V, PIPE_MTE3, ev[b]);
    copy_ubuf_to_gm(y + TILE * i, yb[b], 0, 1, TILE_BLOCKS, 0, 0);
    set_flag(PIPE_MTE3, PIPE_V, ev[b]);
  }
  if (broken != 1) {
    wait_flag(PIPE_V, PIPE_MTE2, ev[0]);
    wait_flag(PIPE_V, PIPE_MTE2, ev[1]);
  }
  wait_flag(PIPE_MTE3, PIPE_V, ev[0]);
  wait_flag(PIPE_MTE3, PIPE_V, ev[1]);
}

/* BROKEN: the scalar unit reads a reduction result without waiting for
   the vector pipe (needs set_flag/wait_flag(PIPE_V, PIPE_S)).  */
__global__ __aicore__ void k_scalar_read(__gm__ float *x, __gm__ float *out, int fixed)
{
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *s = (__ubuf__ float *)((uintptr_t)256);
  copy_gm_to_ubuf(a, x, 0, 1, 8, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vcadd(s, a, 1, 1, 1, 8, 0);
  if (fixed) {
    set_flag(PIPE_V, PIPE_S, EVENT_ID0);
    wait_flag(PIPE_V, PIPE_S, EVENT_ID0);
  }
  out[0] = PTO_UB_LOAD(s);
}

/* BROKEN: a store to GM then a reload of the same GM bytes on another
   pipe without ordering them (MTE3 -> MTE2).  */
__global__ __aicore__ void k_gm_roundtrip(__gm__ float *tmp, int fixed)
{
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)256);
  vector_dup(a, 5.0f, 1, 1, 1, 8, 8);
  set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
  copy_ubuf_to_gm(tmp, a, 0, 1, 8, 0, 0);
  if (fixed) {
    set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
    wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
  }
  copy_gm_to_ubuf(b, tmp, 0, 1, 8, 0, 0);
  pipe_barrier(PIPE_ALL);
}

/* pipe_barrier(PIPE_ALL) orders everything before it with everything
   after it: no flags needed (slow but correct).  */
__global__ __aicore__ void k_barrier_all(__gm__ float *x, __gm__ float *y)
{
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)0);
  copy_gm_to_ubuf(b, x, 0, 1, 8, 0, 0);
  pipe_barrier(PIPE_ALL);
  vmuls(b, b, -1.0f, 1, 1, 1, 8, 8);
  pipe_barrier(PIPE_ALL);
  copy_ubuf_to_gm(y, b, 0, 1, 8, 0, 0);
}

#endif /* __FLT16_MAX__ */
