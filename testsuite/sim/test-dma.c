/* test-dma.c - unit tests of the simulator's DMA instructions (bursts,
   gaps on both sides, the 32 B tail clobber of UB->GM stores, UB->UB,
   the byte-granular align copies of partial tiles, the fixpipe
   buffer's copy),
   the argument and bounds checks, the per-arch tables, block state, the
   poison fill, flag-table argument checks and the cost model's basic
   properties.  */

#include "sim-test.h"

#include <stdint.h>

#ifndef __FLT16_MAX__
SIM_TEST_SKIP_WITHOUT_FLOAT16
#else /* the tests: they compute with half scalars */

static void test_bursts(void)
{
  t_begin();
  static float gm[1024], out[1024];
  for (int i = 0; i < 1024; i++)
    gm[i] = (float)i;
  /* 3 bursts of 2 blocks (16 floats); the GM side skips 1 block (8
     floats) between bursts, the UB side 2 blocks (16 floats).  */
  __ubuf__ float *u = (__ubuf__ float *)((uintptr_t)1024);
  copy_gm_to_ubuf(u, gm, 0, 3, 2, 1, 2);
  for (int b = 0; b < 3; b++)
    for (int k = 0; k < 16; k++)
      CHECK_EQ_F(UBF(1024)[b * 32 + k], gm[b * 24 + k]);
  CHECK(isnan(UBF(1024)[16]));   /* the gap keeps the poison */
  set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  /* Back to GM with the gaps swapped.  */
  for (int i = 0; i < 1024; i++)
    out[i] = -1.0f;
  copy_ubuf_to_gm(out, u, 0, 3, 2, 2, 1);
  for (int b = 0; b < 3; b++) {
    for (int k = 0; k < 16; k++)
      CHECK_EQ_F(out[b * 24 + k], gm[b * 24 + k]);
    if (b < 2)
      CHECK_EQ_F(out[b * 24 + 16], -1.0f);
  }
  pto_sim_stats st = pto_sim_get_stats();
  CHECK_EQ_I(st.dma_instrs, 2);
  CHECK_EQ_I(st.dma_bytes, 2 * 3 * 64);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* A UB->GM store always writes whole 32 B blocks: a 10-half row stored
   with lenBurst 1 clobbers the next 6 halves.  */
static void test_tail_clobber(void)
{
  t_begin();
  static half gm[32];
  for (int i = 0; i < 32; i++)
    gm[i] = (half)-1.0f;
  __ubuf__ half *u = (__ubuf__ half *)((uintptr_t)0);
  for (int i = 0; i < 16; i++)
    UBH(0)[i] = (half)(float)i;
  copy_ubuf_to_gm(gm, u, 0, 1, 1, 0, 0);
  for (int i = 0; i < 16; i++)
    CHECK_EQ_F(gm[i], (float)i);
  CHECK_EQ_F(gm[16], -1.0f);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

static void test_ub_to_ub(void)
{
  t_begin();
  for (int i = 0; i < 64; i++)
    UBI(0)[i] = i * 11;
  __ubuf__ int32_t *a = (__ubuf__ int32_t *)((uintptr_t)0);
  __ubuf__ int32_t *b = (__ubuf__ int32_t *)((uintptr_t)4096);
  copy_ubuf_to_ubuf(b, a, 0, 2, 1, 1, 0);   /* blocks 0 and 2 -> 0 and 1 */
  for (int k = 0; k < 8; k++) {
    CHECK_EQ_I(UBI(4096)[k], k * 11);
    CHECK_EQ_I(UBI(4096)[8 + k], (16 + k) * 11);
  }
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

static void test_dma_errors(void)
{
  static float gm[64];
  __ubuf__ float *u = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *mis = (__ubuf__ float *)((uintptr_t)8);
  EXPECT_ABORT(copy_gm_to_ubuf(u, gm, 0, 4096, 1, 0, 0),
               "copy_gm_to_ubuf: nBurst = 4096 out of range [1, 4095]");
  EXPECT_ABORT(copy_gm_to_ubuf(u, gm, 0, 1, 0, 0, 0),
               "copy_gm_to_ubuf: lenBurst = 0 out of range");
  EXPECT_ABORT(copy_gm_to_ubuf(u, gm, 0, 1, 65536, 0, 0),
               "copy_gm_to_ubuf: lenBurst = 65536 out of range [1, 65535]");
  EXPECT_ABORT(copy_gm_to_ubuf(u, gm, 16, 1, 1, 0, 0),
               "copy_gm_to_ubuf: sid = 16 out of range [0, 15]");
  EXPECT_ABORT(copy_ubuf_to_gm(gm, mis, 0, 1, 1, 0, 0),
               "copy_ubuf_to_gm: src address ub+8 is not 32-byte aligned");
  EXPECT_ABORT(copy_gm_to_ubuf(u, gm, 0, 2, 4000, 0, 0),
               "copy_gm_to_ubuf: dst range ub[0,256000) is outside the ub arena of 188416 bytes (dav-c220)");
  EXPECT_ABORT(copy_gm_to_ubuf(u, (float *)0, 0, 1, 1, 0, 0),
               "copy_gm_to_ubuf: src is a null GM pointer");
  EXPECT_ABORT(set_flag(PIPE_MTE2, PIPE_V, 8), "set_flag: event id = 8 out of range [0, 7]");
  EXPECT_ABORT(set_flag(PIPE_V, PIPE_V, 0), "set_flag: invalid pipe pair (1, 1)");
  EXPECT_ABORT(pipe_barrier(9), "pipe_barrier: invalid pipe 9");
  /* The arena is per arch: 248 KB of UB on dav-m200, 4 events.  */
  EXPECT_ABORT((pto_sim_set_arch("dav-m200"), set_flag(PIPE_MTE2, PIPE_V, EVENT_ID4)),
               "set_flag: event id = 4 out of range [0, 3]");
  EXPECT_ABORT((pto_sim_set_arch("dav-m200"), copy_gm_to_ubuf(u, gm, 0, 1, 7937, 0, 0)),
               "outside the ub arena of 253952 bytes (dav-m200)");
}

/* Byte-granular DMA (partial tiles): lenBurst in bytes, GM gaps in
   bytes, UB gaps in blocks, right padding with set_mov_pad_val's value,
   0xff over the rest of a load's last block, and a store that writes
   exactly lenBurst bytes at unaligned GM addresses.  */
static void test_align_dma(void)
{
  t_begin();
  static float gm[256], out[256];
  for (int i = 0; i < 256; i++)
    gm[i] = (float)i;
  /* 3 rows of 5 floats from gm + 1 with a GM row stride of 7 floats
     (gap 8 B), into 64 B UB rows (5 floats + 3 pad = 1 block, gap 1).  */
  union { float f; uint32_t u; } pv = { -2.0f };
  set_mov_pad_val(pv.u);
  __ubuf__ float *u = (__ubuf__ float *)((uintptr_t)512);
  copy_gm_to_ubuf_align_b32(u, gm + 1, 0, 3, 20, 0, 3, 8, 1);
  for (int r = 0; r < 3; r++) {
    for (int k = 0; k < 5; k++)
      CHECK_EQ_F(UBF(512)[r * 16 + k], gm[1 + r * 7 + k]);
    for (int k = 5; k < 8; k++)
      CHECK_EQ_F(UBF(512)[r * 16 + k], -2.0f);
    CHECK(isnan(UBF(512)[r * 16 + 8]));   /* the UB gap keeps the poison */
  }
  /* No right pad: the rest of the block is unspecified (0xff here).  */
  copy_gm_to_ubuf_align_b32((__ubuf__ float *)((uintptr_t)1024), gm, 0, 1, 12,
                            1, 0, 0, 0);
  CHECK_EQ_F(UBF(1024)[0], -2.0f);
  CHECK_EQ_F(UBF(1024)[1], 0.0f);
  CHECK_EQ_F(UBF(1024)[3], 2.0f);
  uint32_t bits;
  memcpy(&bits, &UBF(1024)[4], 4);
  CHECK_EQ_I(bits, 0xffffffffu);
  set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
  /* Store 3 x 5 floats to out + 3, rows 6 floats apart (gap 4 B):
     nothing else of out changes.  */
  for (int i = 0; i < 256; i++)
    out[i] = -1.0f;
  copy_ubuf_to_gm_align_b32(out + 3, u, 0, 3, 20, 0, 0, 1, 4);
  for (int i = 0; i < 40; i++) {
    int j = i - 3, r = j / 6, k = j % 6;
    float want = j >= 0 && r < 3 && k < 5 ? gm[1 + r * 7 + k] : -1.0f;
    CHECK_EQ_F(out[i], want);
  }
  /* fp16: 7 halves, 9 pad halves.  */
  static half hg[32], ho[32];
  for (int i = 0; i < 32; i++) {
    hg[i] = (half)(float)i;
    ho[i] = (half)-1.0f;
  }
  union { half h; uint16_t u; } hp = { (half)0.5f };
  set_mov_pad_val(hp.u);
  __ubuf__ half *uh = (__ubuf__ half *)((uintptr_t)2048);
  copy_gm_to_ubuf_align_b16(uh, hg + 3, 0, 1, 14, 0, 9, 0, 0);
  CHECK_EQ_F(UBH(2048)[6], 9.0f);
  CHECK_EQ_F(UBH(2048)[7], 0.5f);
  CHECK_EQ_F(UBH(2048)[15], 0.5f);
  set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID1);
  wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID1);
  copy_ubuf_to_gm_align_b16(ho + 1, uh, 0, 1, 14, 0, 0, 0, 0);
  CHECK_EQ_F(ho[0], -1.0f);
  CHECK_EQ_F(ho[7], 9.0f);
  CHECK_EQ_F(ho[8], -1.0f);
  /* The store wrote GM bytes [2, 16) of ho's first block: an unordered
     MTE2 load of bytes [16, 32) of that block is no race (exact byte
     masks), one of bytes [14, 30) is.  */
  copy_gm_to_ubuf_align_b16((__ubuf__ half *)((uintptr_t)4096), ho + 8, 0, 1,
                            16, 0, 0, 0, 0);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  t_begin();
  copy_ubuf_to_gm_align_b16(ho + 1, uh, 0, 1, 14, 0, 0, 0, 0);
  copy_gm_to_ubuf_align_b16((__ubuf__ half *)((uintptr_t)4096), ho + 7, 0, 1,
                            16, 0, 0, 0, 0);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("race: copy_gm_to_ubuf_align_b16 (MTE2) reads");
}

static void test_align_errors(void)
{
  static float gm[64];
  __ubuf__ float *u = (__ubuf__ float *)((uintptr_t)0);
  EXPECT_ABORT(copy_gm_to_ubuf_align_b32(u, gm, 0, 1, 6, 0, 0, 0, 0),
               "copy_gm_to_ubuf_align_b32: lenBurst 6 is not a multiple of the 4-byte element");
  EXPECT_ABORT(copy_gm_to_ubuf_align_b32(u, gm, 0, 0, 4, 0, 0, 0, 0),
               "copy_gm_to_ubuf_align_b32: nBurst = 0 out of range [1, 4095]");
  EXPECT_ABORT(copy_gm_to_ubuf_align_b32(u, gm, 0, 1, 4, 0, 9, 0, 0),
               "copy_gm_to_ubuf_align_b32: rightPaddingNum = 9 out of range [0, 8]");
  EXPECT_ABORT(copy_ubuf_to_gm_align_b32(gm, u, 0, 1, 4, 0, 1, 0, 0),
               "copy_ubuf_to_gm_align_b32: rightPaddingNum = 1 out of range [0, 0]");
  EXPECT_ABORT(copy_ubuf_to_gm_align_b32((float *)((char *)gm + 2), u, 0, 1, 4, 0, 0, 0, 0),
               "is not 4-byte aligned");
  EXPECT_ABORT(copy_ubuf_to_gm_align_b32(gm, (__ubuf__ float *)((uintptr_t)4), 0, 1, 4, 0, 0, 0, 0),
               "copy_ubuf_to_gm_align_b32: src address ub+4 is not 32-byte aligned");
  EXPECT_ABORT(copy_ubuf_to_gm_align_b16((half *)gm, u, 0, 1, 4, 0, 0, 0, 0),
               "copy_ubuf_to_gm_align_b16: operands must point to 2-byte elements");
  EXPECT_ABORT((pto_sim_set_arch("dav-m200"),
                copy_ubuf_to_gm_align_b32(gm, u, 0, 1, 4, 0, 0, 0, 0)),
               "copy_ubuf_to_gm_align_b32: not available on dav-m200");
  EXPECT_ABORT((void)PTO_VALID(17, 16, "pto_load_valid: valid rows"),
               "pto_load_valid: valid rows 17 outside [0, 16]");
  CHECK_EQ_I(PTO_VALID(3, 16, "x"), 3);
}

static void test_arch(void)
{
  CHECK_EQ_I(pto_sim_set_arch("dav-c220"), 0);
  CHECK(!strcmp(pto_sim_arch(), "dav-c220"));
  CHECK_EQ_I(pto_sim_buffer_size("ub"), 184 * 1024);
  CHECK_EQ_I(pto_sim_buffer_size("l1"), 512 * 1024);
  CHECK_EQ_I(pto_sim_buffer_size("l0c"), 128 * 1024);
  CHECK_EQ_I(pto_sim_set_arch("dav-m200"), 0);
  CHECK_EQ_I(pto_sim_buffer_size("ub"), 248 * 1024);
  CHECK_EQ_I(pto_sim_buffer_size("l1"), 1024 * 1024);
  CHECK_EQ_I(pto_sim_buffer_size("l0c"), 256 * 1024);
  CHECK_EQ_I(pto_sim_set_arch("3510"), 0);
  CHECK_EQ_I(pto_sim_buffer_size("l0a"), 64 * 1024);
  CHECK_EQ_I(pto_sim_set_arch("dav-2201"), 0);
  CHECK(!strcmp(pto_sim_arch(), "dav-c220"));
  CHECK_EQ_I(pto_sim_set_arch("dav-x999"), -1);
  CHECK(!strcmp(pto_sim_arch(), "dav-c220"));
  CHECK_EQ_I(pto_sim_buffer_size("nope"), 0);
  /* The last byte of the arena is usable, one past is not.  */
  t_begin();
  static float gm[8];
  __ubuf__ float *last = (__ubuf__ float *)((uintptr_t)(184 * 1024 - 32));
  copy_gm_to_ubuf(last, gm, 0, 1, 1, 0, 0);
  CHECK_EQ_I(pto_sim_error_count(), 0);
  copy_gm_to_ubuf(last, gm, 0, 1, 2, 0, 0);
  CHECK_EQ_I(pto_sim_error_count(), 1);
  pto_sim_end_block();
}

static void test_block_state(void)
{
  t_begin();
  pto_sim_begin_block(5, 8);
  CHECK_EQ_I(block_idx, 5);
  CHECK_EQ_I(block_num, 8);
  CHECK_EQ_I(get_block_idx(), 5);
  CHECK_EQ_I(get_block_num(), 8);
  CHECK_EQ_I(get_subblockid(), 0);
  /* Fresh UB is poisoned (0xff bytes).  */
  CHECK(isnan(UBF(0)[0]));
  CHECK_EQ_I(UBI(100 * 1024)[3], -1);
  pto_sim_end_block();
}

/* Cost model: pipes overlap; a flag makes the consumer wait.  */
static void test_cost(void)
{
  static float gm[4096], gm2[4096];
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)16384);
  /* One 8 KB load: 64 + 256 + 4 cycles on MTE2 (+1 issue).  */
  t_begin();
  copy_gm_to_ubuf(a, gm, 0, 1, 256, 0, 0);
  pto_sim_end_block();
  CHECK_EQ_I(pto_sim_cycles(), 1 + 64 + 256 + 4);
  /* Load and an independent store run concurrently.  */
  t_begin();
  copy_gm_to_ubuf(a, gm, 0, 1, 256, 0, 0);
  copy_ubuf_to_gm(gm2, b, 0, 1, 256, 0, 0);
  pto_sim_end_block();
  CHECK_EQ_I(pto_sim_cycles(), 2 + 64 + 256 + 4);
  /* Load, then a vector op waiting for it: 8 + 32 repeats after.  */
  t_begin();
  copy_gm_to_ubuf(a, gm, 0, 1, 256, 0, 0);
  set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
  vadds(b, a, 1.0f, 32, 1, 1, 8, 8);
  pto_sim_end_block();
  CHECK_EQ_I(pto_sim_cycles(), 1 + 64 + 256 + 4 + 1 + 8 + 32);
  /* pipe_barrier(PIPE_ALL) joins the pipes.  */
  t_begin();
  copy_gm_to_ubuf(a, gm, 0, 1, 256, 0, 0);
  pipe_barrier(PIPE_ALL);
  vadds(b, b, 1.0f, 32, 1, 1, 8, 8);
  pto_sim_end_block();
  CHECK_EQ_I(pto_sim_cycles(), 1 + 64 + 256 + 4 + 1 + 8 + 32);
  CHECK_EQ_I(pto_sim_error_count(), 0);
  /* max and sum over blocks.  */
  t_begin();
  copy_gm_to_ubuf(a, gm, 0, 1, 256, 0, 0);
  pto_sim_end_block();
  pto_sim_begin_block(1, 2);
  copy_gm_to_ubuf(a, gm, 0, 1, 128, 0, 0);
  pto_sim_end_block();
  CHECK_EQ_I(pto_sim_cycles_max(), 1 + 64 + 256 + 4);
  CHECK_EQ_I(pto_sim_cycles_sum(), 2 * (1 + 64 + 4) + 256 + 128);
  CHECK_EQ_I(pto_sim_cycles(), 1 + 64 + 128 + 4);
}

/* UB <-> L1 copies (dav-m200: dav-c220 has no UB <-> L1 path).  */
static void test_l1(void)
{
  pto_sim_set_arch("dav-m200");
  t_begin();
  for (int i = 0; i < 64; i++)
    UBI(0)[i] = 1000 + i;
  copy_ubuf_to_cbuf((__cbuf__ int32_t *)((uintptr_t)4096), (__ubuf__ int32_t *)((uintptr_t)0),
                    0, 1, 8, 0, 0);
  set_flag(PIPE_MTE3, PIPE_MTE1, EVENT_ID0);
  wait_flag(PIPE_MTE3, PIPE_MTE1, EVENT_ID0);
  copy_cbuf_to_ubuf((__ubuf__ int32_t *)((uintptr_t)1024), (__cbuf__ int32_t *)((uintptr_t)4096),
                    0, 1, 8, 0, 0);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_I(UBI(1024)[i], 1000 + i);
  CHECK_EQ_I(((int32_t *)pto_sim_host_addr(PTO_SIM_L1, 4096))[63], 1063);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  /* Without the flag, MTE1 reads what MTE3 writes: a race.  */
  t_begin();
  copy_ubuf_to_cbuf((__cbuf__ int32_t *)((uintptr_t)4096), (__ubuf__ int32_t *)((uintptr_t)0),
                    0, 1, 8, 0, 0);
  copy_cbuf_to_ubuf((__ubuf__ int32_t *)((uintptr_t)1024), (__cbuf__ int32_t *)((uintptr_t)4096),
                    0, 1, 8, 0, 0);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("race: copy_cbuf_to_ubuf (MTE1) reads l1[4096,4352) written by ");
  pto_sim_set_arch("dav-c220");
  EXPECT_ABORT(copy_ubuf_to_cbuf((__cbuf__ int32_t *)((uintptr_t)4096),
                                 (__ubuf__ int32_t *)((uintptr_t)0), 0, 1, 8, 0, 0),
               "copy_ubuf_to_cbuf: not available on dav-c220 (runtime/cce-api.h)");
}

/* The fixpipe buffer (dav-c220): copy_cbuf_to_fbuf moves burstLen *
   128 B from L1 on pipe FIX (64 B units on 3510), set_fpc takes
   FPC[15:8] only, and a missing MTE2 -> FIX pair before the copy is a
   race; 256 words at most on dav-c220, none on dav-m200.  */
static void test_fbuf(void)
{
  static uint64_t gm[32];
  for (int i = 0; i < 32; i++)
    gm[i] = 0x1000u + (uint64_t)i;
  __cbuf__ uint64_t *l1 = (__cbuf__ uint64_t *)((uintptr_t)1024);
  __fbuf__ void *fb = (__fbuf__ void *)((uintptr_t)0);
  t_begin();
  copy_gm_to_cbuf(l1, gm, 0, 1, 8, 0, 0, PAD_NONE);
  set_flag(PIPE_MTE2, PIPE_FIX, EVENT_ID0);
  wait_flag(PIPE_MTE2, PIPE_FIX, EVENT_ID0);
  copy_cbuf_to_fbuf(fb, l1, 1, 2, 0, 0);
  set_fpc(0);
  CHECK_EQ_I((int)((uint64_t *)pto_sim_host_addr(PTO_SIM_FB, 0))[31],
             0x1000 + 31);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  t_begin();
  copy_gm_to_cbuf(l1, gm, 0, 1, 8, 0, 0, PAD_NONE);
  copy_cbuf_to_fbuf(fb, l1, 1, 2, 0, 0);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("race: copy_cbuf_to_fbuf (FIX) reads l1[1024,1280) written by ");
  EXPECT_ABORT(copy_cbuf_to_fbuf(fb, l1, 1, 17, 0, 0),
               "copy_cbuf_to_fbuf: burstLen = 17 out of range [1, 16]");
  EXPECT_ABORT(copy_cbuf_to_fbuf(fb, l1, 2, 1, 0, 0),
               "copy_cbuf_to_fbuf: burstNum = 2 out of range [1, 1]");
  EXPECT_ABORT(set_fpc(1), "set_fpc: only FPC[15:8] (the deq words' "
               "address) is simulated, not 0x1");
  /* 3510: 64 B units, 8 KB.  */
  EXPECT_ABORT((pto_sim_set_arch("3510"), copy_cbuf_to_fbuf(fb, l1, 1, 129, 0, 0)),
               "copy_cbuf_to_fbuf: burstLen = 129 out of range [1, 128]");
  EXPECT_ABORT((pto_sim_set_arch("dav-m200"), set_fpc(0)),
               "set_fpc: dav-m200 has no simulated fixpipe buffer");
  pto_sim_set_arch("dav-c220");
}

static void test_block_order(void)
{
  int o[16], seen[16];
  pto_sim_block_order(5, PTO_SIM_ASCENDING, 0, o);
  CHECK(o[0] == 0 && o[4] == 4);
  pto_sim_block_order(5, PTO_SIM_DESCENDING, 0, o);
  CHECK(o[0] == 4 && o[4] == 0);
  pto_sim_block_order(16, PTO_SIM_SHUFFLED, 42, o);
  memset(seen, 0, sizeof seen);
  int moved = 0;
  for (int i = 0; i < 16; i++) {
    seen[o[i]]++;
    moved += o[i] != i;
  }
  for (int i = 0; i < 16; i++)
    CHECK_EQ_I(seen[i], 1);
  CHECK(moved > 0);
  int o2[16];
  pto_sim_block_order(16, PTO_SIM_SHUFFLED, 42, o2);
  CHECK(!memcmp(o, o2, sizeof o));
  pto_sim_block_order(16, PTO_SIM_SHUFFLED, 43, o2);
  CHECK(memcmp(o, o2, sizeof o) != 0);
  pto_sim_order how;
  uint64_t seed;
  setenv("PTO_SIM_BLOCK_ORDER", "shuffle:7", 1);
  CHECK(pto_sim_order_from_env(&how, &seed) == 0 && how == PTO_SIM_SHUFFLED && seed == 7);
  setenv("PTO_SIM_BLOCK_ORDER", "desc", 1);
  CHECK(pto_sim_order_from_env(&how, &seed) == 0 && how == PTO_SIM_DESCENDING);
  setenv("PTO_SIM_BLOCK_ORDER", "sideways", 1);
  CHECK(pto_sim_order_from_env(&how, &seed) == -1 && how == PTO_SIM_ASCENDING);
  unsetenv("PTO_SIM_BLOCK_ORDER");
}

/* The report callback sees every message.  */
static int ncalls;
static char last_msg[512];
static void on_report(void *ctx, const char *msg)
{
  (void)ctx;
  ncalls++;
  snprintf(last_msg, sizeof last_msg, "%s", msg);
}

static void test_callback(void)
{
  t_begin();
  pto_sim_set_report_fn(on_report, NULL);
  wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID2);
  CHECK_EQ_I(ncalls, 1);
  CHECK(strstr(last_msg, "test-dma.c:") != NULL);
  CHECK(strstr(last_msg, "wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID2)") != NULL);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  pto_sim_set_report_fn(NULL, NULL);
  pto_sim_reset();
  CHECK_EQ_I(pto_sim_error_count(), 0);
  CHECK(!strcmp(pto_sim_report_text(), ""));
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  test_bursts();
  test_tail_clobber();
  test_ub_to_ub();
  test_dma_errors();
  test_align_dma();
  test_align_errors();
  test_arch();
  test_block_state();
  test_cost();
  test_l1();
  test_fbuf();
  test_block_order();
  test_callback();
  TEST_MAIN_END("test-dma");
}

#endif /* __FLT16_MAX__ */
