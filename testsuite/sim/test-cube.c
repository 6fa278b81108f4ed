/* test-cube.c - the cube path: fractal loads (with transpose and source
   stride), mad with fp32 accumulation over K (one mad and a K-split
   into several mads with initC on the first), the dav-m200 L0C -> UB
   exit and the dav-c220 fixpipe to GM; a missing pipe_barrier(PIPE_M)
   between dependent mads is reported; the partial-operand forms
   (create_cbuf_matrix, copy_gm_to_cbuf_multi_nd2nz_b16): data, zero
   fill, NOPs, ranges, alignment, arch, a missing MTE2 -> MTE1 flag;
   the bias table (copy_cbuf_to_bt, mad's bias-table form); the int8
   transposing L0B load against the vendor's two placement examples,
   its float form against the vendor's pseudo-code, a float mad, and
   the back end's route of a float K x N operand (ZZ, transposed).  Results are compared bit-exactly
   with a scalar loop accumulating k in ascending order in fp32.  */

#include "sim-test.h"

#ifndef __FLT16_MAX__
SIM_TEST_SKIP_WITHOUT_FLOAT16
#else /* the tests: they compute with half scalars */

void k_gemm_m200(half *a, half *b, float *c, int M, int K, int N, int ksplit,
                 int fixed);
void k_gemm_c220(half *a, half *b, half *c, int M, int K, int N);

#define MM 32
#define KK 64
#define NN 48

static half A[MM * KK], B[KK * NN];
static float C[MM * NN], REF[MM * NN];

static void setup(void)
{
  for (int i = 0; i < MM * KK; i++)
    A[i] = (half)((float)((i * 7) % 19) / 8.0f - 1.0f);
  for (int i = 0; i < KK * NN; i++)
    B[i] = (half)((float)((i * 5) % 23) / 4.0f - 2.5f);
  for (int m = 0; m < MM; m++)
    for (int n = 0; n < NN; n++) {
      float acc = 0.0f;
      for (int k = 0; k < KK; k++)
        acc += (float)A[m * KK + k] * (float)B[k * NN + n];
      REF[m * NN + n] = acc;
    }
}

static int count_mismatch(void)
{
  int bad = 0;
  for (int i = 0; i < MM * NN; i++)
    if (C[i] != REF[i])
      bad++;
  return bad;
}

static void test_m200(void)
{
  pto_sim_set_arch("dav-m200");
  for (int ksplit = 0; ksplit < 2; ksplit++) {
    memset(C, 0, sizeof C);
    t_begin();
    k_gemm_m200(A, B, C, MM, KK, NN, ksplit, 1);
    CHECK_EQ_I(pto_sim_end_block(), 0);
    CHECK_EQ_I(count_mismatch(), 0);
    CHECK_EQ_I(pto_sim_get_stats().cube_instrs, ksplit ? KK / 16 : 1);
  }
  /* Without pipe_barrier(PIPE_M) the accumulating mads race.  */
  t_begin();
  k_gemm_m200(A, B, C, MM, KK, NN, 1, 0);
  CHECK(pto_sim_end_block() > 0);
  CHECK_REPORT("race: mad (M) reads l0c[0,6144) written by ");
  CHECK_REPORT("mad (M) l0c[0,6144) with no pipe_barrier(PIPE_M) ordering them");
}

static void test_c220(void)
{
  static half CH[MM * NN];
  pto_sim_set_arch("dav-c220");
  t_begin();
  k_gemm_c220(A, B, CH, MM, KK, NN);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  int bad = 0;
  for (int i = 0; i < MM * NN; i++)
    if (CH[i] != (half)REF[i])
      bad++;
  CHECK_EQ_I(bad, 0);
}

/* load_cbuf_to_ca: baseIdx, srcStride and the per-fractal transpose.  */
static void test_load_l0(void)
{
  t_begin();
  half *l1 = (half *)pto_sim_host_addr(PTO_SIM_L1, 0);
  for (int i = 0; i < 4 * 256; i++)
    l1[i] = (half)(float)i;
  __ca__ half *a = (__ca__ half *)((uintptr_t)1024);
  load_cbuf_to_ca(a, (__cbuf__ half *)((uintptr_t)0), 1, 2, 2, 0, 0, 1, inc);
  half *l0a = (half *)pto_sim_host_addr(PTO_SIM_L0A, 1024);
  /* dst fractal 0 = L1 fractal 1 transposed, dst fractal 1 = fractal 3.  */
  CHECK_EQ_F(l0a[0 * 16 + 1], (float)(256 + 1 * 16 + 0));
  CHECK_EQ_F(l0a[5 * 16 + 2], (float)(256 + 2 * 16 + 5));
  CHECK_EQ_F(l0a[256 + 3 * 16 + 7], (float)(3 * 256 + 7 * 16 + 3));
  CHECK_EQ_I(pto_sim_end_block(), 0);
  EXPECT_ABORT(load_cbuf_to_cb((__cb__ half *)((uintptr_t)0), (__cbuf__ half *)((uintptr_t)0), 0, 0, 1, 0, 0, 0, inc),
               "load_cbuf_to_cb: repeat = 0 out of range [1, 255]");
  EXPECT_ABORT(mad((__cc__ float *)((uintptr_t)0), (__ca__ half *)((uintptr_t)0),
                   (__cb__ half *)((uintptr_t)0), 256, 256, 256, 0, 0, 0, 1),
               "mad: c range l0c[0,262144) is outside the l0c arena of 131072 bytes (dav-c220)");
}

/* The int8 byte of L1 square SQ, row R, column C that
   test_cb_transpose writes: its row (WHICH 0) or its column (WHICH 1),
   and the square.  The two runs together name every source byte, which
   one run cannot with 1024 bytes a square.  */
static int8_t tr_byte(int which, int sq, int r, int c)
{
  return (int8_t)((which ? c : r) + 32 * sq);
}

/* load_cbuf_to_cb_transpose's int8_t form against the two placements
   of the vendor's LoadDataWithTranspose examples (asc-devkit
   docs/zh/api/.../LoadDataWithTranspose.md, uint8_t/int8_t: three
   repeats, srcStride 1): dstGap 1, dstFracGap 0 puts repeat i's two
   16 x 32 fractals at 512 B units 2i and 2i + 1; dstGap 0, dstFracGap 2
   at i and i + 3.  Each fractal h holds rows 16h..16h+15 of the
   transposed 32 x 32 square, T[a][b] = S[b][a].  */
static void test_cb_transpose(void)
{
  static const struct { int gap, frac, first[3], second[3]; } ex[] = {
      {1, 0, {0, 2, 4}, {1, 3, 5}},
      {0, 2, {0, 1, 2}, {3, 4, 5}},
  };
  for (int run = 0; run < 4; run++) {
    int e = run / 2, which = run % 2;
    t_begin();
    int8_t *l1 = (int8_t *)pto_sim_host_addr(PTO_SIM_L1, 0);
    for (int sq = 0; sq < 3; sq++)
      for (int r = 0; r < 32; r++)
        for (int c = 0; c < 32; c++)
          l1[sq * 1024 + r * 32 + c] = tr_byte(which, sq, r, c);
    load_cbuf_to_cb_transpose((__cb__ int8_t *)((uintptr_t)0),
                              (__cbuf__ int8_t *)((uintptr_t)0), 0, 3, 1,
                              ex[e].gap, false, ex[e].frac);
    const int8_t *l0b = (const int8_t *)pto_sim_host_addr(PTO_SIM_L0B, 0);
    int bad = 0;
    for (int i = 0; i < 3; i++)
      for (int a = 0; a < 32; a++)
        for (int b = 0; b < 32; b++) {
          int unit = a < 16 ? ex[e].first[i] : ex[e].second[i];
          if (l0b[unit * 512 + (a % 16) * 32 + b] != tr_byte(which, i, b, a))
            bad++;
        }
    CHECK_EQ_I(bad, 0);
    CHECK_EQ_I(pto_sim_end_block(), 0);
  }
  EXPECT_ABORT(load_cbuf_to_cb_transpose((__cb__ half *)((uintptr_t)0),
                                         (__cbuf__ half *)((uintptr_t)0), 0,
                                         1, 1, 0, false, 0),
               "load_cbuf_to_cb_transpose: only the int8_t and float forms "
               "are simulated");
}

/* The vendor's pseudo-code of the float form, transcribed (asc-devkit
   examples/01_simd_cpp_api/03_basic_api/03_matrix_compute/
   load_data_l12l0/scripts/load_data_with_transpose.py,
   load_data_with_transpose_b32: fractal 16 x 8, square 16 x 16, two
   fractals a square; offset = 8 * 8), on element numbers.  */
static void b32_pseudo(const float *src, float *dst, int repeat, int stride,
                       int gap, int frac)
{
  const int fsz = 128, sq = 256, off = 64;
  for (int i = 0; i < repeat; i++) {
    int s0 = stride * i * sq, d0 = (gap + 1) * i * fsz;
    for (int k = 0; k < 8; k++)
      for (int j = 0; j < 8; j++) {
        dst[d0 + 8 * k + j] = src[s0 + k + 8 * j];
        dst[d0 + (frac + 1) * fsz + 8 * k + j] = src[s0 + k + off + 8 * j];
        dst[d0 + 8 * k + off + j] = src[s0 + fsz + k + 8 * j];
        dst[d0 + (frac + 1) * fsz + 8 * k + off + j] =
            src[s0 + fsz + k + off + 8 * j];
      }
  }
}

/* load_cbuf_to_cb_transpose's float form against that pseudo-code, in
   its own example (two repeats, srcStride 1, dstGap 2, dstFracGap 0)
   and in the placement cube.c uses (dstGap 0, dstFracGap N1 - 1 = 2,
   three repeats); then a 16 x 16 x 16 float mad on the 16 x 8 fractals
   (A[((mo*K1+ko)*16+mi)*8+ki], B[((ko*N1+no)*16+ni)*8+ki]) against a
   scalar loop.  */
static void test_cb_transpose_b32(void)
{
  static const struct { int rep, gap, frac; } ex[] = { {2, 2, 0}, {3, 0, 2} };
  static float src[3 * 256], want[16 * 128];
  for (int e = 0; e < 2; e++) {
    t_begin();
    float *l1 = (float *)pto_sim_host_addr(PTO_SIM_L1, 0);
    float *l0b = (float *)pto_sim_host_addr(PTO_SIM_L0B, 0);
    for (int i = 0; i < 3 * 256; i++)
      l1[i] = src[i] = (float)i;
    for (int i = 0; i < 16 * 128; i++)
      l0b[i] = want[i] = -1.0f;
    load_cbuf_to_cb_transpose((__cb__ float *)((uintptr_t)0),
                              (__cbuf__ float *)((uintptr_t)0), 0,
                              ex[e].rep, 1, ex[e].gap, false, ex[e].frac);
    b32_pseudo(src, want, ex[e].rep, 1, ex[e].gap, ex[e].frac);
    int bad = 0;
    for (int i = 0; i < 16 * 128; i++)
      bad += l0b[i] != want[i];
    CHECK_EQ_I(bad, 0);
    CHECK_EQ_I(pto_sim_end_block(), 0);
  }
  t_begin();
  float *a = (float *)pto_sim_host_addr(PTO_SIM_L0A, 0);
  float *b = (float *)pto_sim_host_addr(PTO_SIM_L0B, 0);
  float *c = (float *)pto_sim_host_addr(PTO_SIM_L0C, 0);
  for (int m = 0; m < 16; m++)
    for (int k = 0; k < 16; k++) {
      a[((k / 8) * 16 + m) * 8 + k % 8] = (float)((m * 3 + k) % 7 - 3);
      b[((k / 8) * 16 + m) * 8 + k % 8] = (float)((m * 5 + k) % 9 - 4);
    }
  mad((__cc__ float *)((uintptr_t)0), (__ca__ float *)((uintptr_t)0),
      (__cb__ float *)((uintptr_t)0), 16, 16, 16, 0, false, false, true);
  int bad = 0;
  for (int m = 0; m < 16; m++)
    for (int n = 0; n < 16; n++) {
      float acc = 0.0f;
      for (int k = 0; k < 16; k++)
        acc += (float)((m * 3 + k) % 7 - 3) * (float)((n * 5 + k) % 9 - 4);
      bad += c[m * 16 + n] != acc;
    }
  CHECK_EQ_I(bad, 0);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  pto_sim_set_arch("dav-m200");
  EXPECT_ABORT(mad((__cc__ float *)((uintptr_t)0), (__ca__ float *)((uintptr_t)0),
                   (__cb__ float *)((uintptr_t)0), 16, 16, 16, true),
               "mad (float): not available on dav-m200");
  pto_sim_set_arch("dav-c220");
}

/* cube.c's route for a 32 x 32 float K x N operand B (GM row stride
   40): the ZZ layout by one copy_gm_to_cbuf_multi_nd2nz_b32s of two ND
   matrices of 16 rows, then per 16 rows g one load_cbuf_to_cb_transpose
   (N/16 squares, srcStride 1, dstStride 0, dstFracStride N/16 - 1) at
   L0B fractal 2g * N/16, must leave L0B[((ko*N1+no)*16+ni)*8+ki] =
   B[8ko+ki][16no+ni].  Without the MTE2 -> MTE1 flag the transposing
   load races with the DMA.  */
static void test_zz_route(void)
{
  enum { K = 32, N = 32, LD = 40, N1 = N / 16 };
  static float gm[K * LD];
  for (int i = 0; i < K * LD; i++)
    gm[i] = (float)i;
  __cbuf__ float *l1 = (__cbuf__ float *)((uintptr_t)1024);
  for (int drop = 0; drop < 2; drop++) {
    t_begin();
    copy_gm_to_cbuf_multi_nd2nz_b32s(l1, gm, 0, K / 16, 16, N, 16 * LD, LD,
                                     16, 1, 16 * N);
    if (!drop) {
      set_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
      wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID0);
    }
    for (int g = 0; g < K / 16; g++)
      load_cbuf_to_cb_transpose((__cb__ float *)((uintptr_t)(g * 2 * N1 * 512)),
                                (__cbuf__ float *)((uintptr_t)(1024 + g * N1 * 1024)),
                                0, N1, 1, 0, false, N1 - 1);
    if (drop) {
      CHECK(pto_sim_end_block() > 0);
      CHECK_REPORT("copy_gm_to_cbuf_multi_nd2nz_b32s (MTE2) l1[1024,");
      continue;
    }
    CHECK_EQ_I(pto_sim_end_block(), 0);
    const float *b = (const float *)pto_sim_host_addr(PTO_SIM_L0B, 0);
    int bad = 0;
    for (int k = 0; k < K; k++)
      for (int n = 0; n < N; n++)
        bad += b[(((k / 8) * N1 + n / 16) * 16 + n % 16) * 8 + k % 8]
               != gm[k * LD + n];
    CHECK_EQ_I(bad, 0);
  }
}

/* Fixpipe without NZ->ND keeps the fractal layout; ReLU and fp32 out.  */
static void test_fixpipe_modes(void)
{
  static float out[32 * 32];
  t_begin();
  float *l0c = (float *)pto_sim_host_addr(PTO_SIM_L0C, 0);
  for (int i = 0; i < 32 * 32; i++)
    l0c[i] = (float)(i % 7) - 3.0f;
  copy_matrix_cc_to_gm(out, (__cc__ float *)((uintptr_t)0), 0, 32, 32, 32, 32, 0,
                       NoQuant, 1, 0, 0);
  int bad = 0;
  for (int i = 0; i < 32 * 32; i++)
    bad += out[i] != (l0c[i] > 0 ? l0c[i] : 0.0f);
  CHECK_EQ_I(bad, 0);
  /* NZ -> ND with a row pitch of 40 elements, 20 x 24 valid.  */
  for (int i = 0; i < 32 * 32; i++)
    out[i] = -100.0f;
  copy_matrix_cc_to_gm(out, (__cc__ float *)((uintptr_t)0), 0, 24, 20, 40, 32, 0,
                       NoQuant, 0, 0, 1);
  bad = 0;
  for (int m = 0; m < 20; m++)
    for (int n = 0; n < 40; n++) {
      float want = n < 24 ? l0c[((n / 16) * 32 + m) * 16 + n % 16] : -100.0f;
      bad += out[m * 40 + n] != want;
    }
  CHECK_EQ_I(bad, 0);
  CHECK_EQ_F(out[20 * 40], -100.0f);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Partial operands (dav-c220): create_cbuf_matrix fills L1 with a
   value; copy_gm_to_cbuf_multi_nd2nz_b16 writes a 5 x 21 region of a
   GM matrix with row pitch 23 as column blocks (C0 stride 8 blocks, N
   stride 1), zero-filling the last block of each row, leaving the rest
   alone; a GM write right after the region races with nothing; the
   forms are rejected on dav-m200, ranges and alignment checked.  */
static void test_nd2nz(void)
{
  static half gm[8 * 23];
  for (int i = 0; i < 8 * 23; i++)
    gm[i] = (half)(float)(i + 1);
  pto_sim_set_arch("dav-c220");
  t_begin();
  half *l1 = (half *)pto_sim_host_addr(PTO_SIM_L1, 512);
  __cbuf__ half *d = (__cbuf__ half *)((uintptr_t)512);
  /* 2 repeats of 8 blocks, 1 block apart: blocks 8 stays as it was.  */
  l1[8 * 16] = (half)-7.0f;
  create_cbuf_matrix(d, (int64_t)1 << 32 | (int64_t)8 << 16 | 2, 1.5);
  CHECK_EQ_F(l1[0], 1.5f);
  CHECK_EQ_F(l1[8 * 16 - 1], 1.5f);
  CHECK_EQ_F(l1[8 * 16], -7.0f);
  CHECK_EQ_F(l1[9 * 16], 1.5f);
  CHECK_EQ_F(l1[17 * 16 - 1], 1.5f);
  /* The float form takes a uint32_t bit pattern (0x3fc00000 is 1.5f);
     a float value is converted.  */
  __cbuf__ float *df = (__cbuf__ float *)((uintptr_t)1024);
  float *l1f = (float *)pto_sim_host_addr(PTO_SIM_L1, 1024);
  create_cbuf_matrix(df, 1 << 16 | 1, (uint32_t)0x3fc00000);
  CHECK_EQ_F(l1f[0], 1.5f);
  CHECK_EQ_F(l1f[7], 1.5f);
  create_cbuf_matrix(df, 1 << 16 | 1, 2.0f);
  CHECK_EQ_F(l1f[7], 2.0f);
  create_cbuf_matrix(d, (int64_t)1 << 32 | (int64_t)8 << 16 | 2, 1.5);
  copy_gm_to_cbuf_multi_nd2nz_b16(d, gm + 1, 0, 1, 5, 21, 0, 23, 8, 1, 1);
  int bad = 0;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 32; c++) {
      /* Rows past nValue keep the fill; each row's last block is
         zero-filled past dValue.  */
      float want = r >= 5 ? 1.5f : c < 21 ? (float)(1 + r * 23 + c + 1) : 0.0f;
      bad += (float)l1[((c / 16) * 8 + r) * 16 + c % 16] != want;
    }
  CHECK_EQ_I(bad, 0);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  /* nValue 0 is a NOP; GM past the region is not read.  */
  t_begin();
  copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 0, 21, 0, 23, 8, 1, 1);
  copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 2, 3, 0, 23, 8, 1, 1);
  gm[3] = (half)0.0f;   /* host write: not an instruction */
  CHECK_EQ_I(pto_sim_end_block(), 0);
  /* The L1 writes are MTE2's: an MTE1 read without a flag races.  */
  t_begin();
  copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 2, 3, 0, 23, 8, 1, 1);
  load_cbuf_to_ca((__ca__ half *)((uintptr_t)0), d, 0, 1, 1, 0, 0, 0, inc);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("copy_gm_to_cbuf_multi_nd2nz_b16 (MTE2) l1[512,576) with no "
               "set_flag/wait_flag(MTE2,MTE1) ordering them");
  EXPECT_ABORT(copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 16385, 1, 0, 23, 8, 1, 1),
               "copy_gm_to_cbuf_multi_nd2nz_b16: nValue = 16385 out of range [0, 16384]");
  EXPECT_ABORT(copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 2, 3, 0, 0, 8, 1, 1),
               "copy_gm_to_cbuf_multi_nd2nz_b16: srcDValue = 0 out of range [1, 65535]");
  EXPECT_ABORT(copy_gm_to_cbuf_multi_nd2nz_b16((__cbuf__ half *)((uintptr_t)16), gm, 0, 1, 2, 3, 0, 23, 8, 1, 1),
               "is not 32-byte aligned");
  EXPECT_ABORT(copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 16384, 16, 0, 23, 1, 1, 1),
               "outside the l1 arena");
  EXPECT_ABORT((pto_sim_set_arch("dav-m200"),
                copy_gm_to_cbuf_multi_nd2nz_b16(d, gm, 0, 1, 2, 3, 0, 23, 8, 1, 1)),
               "copy_gm_to_cbuf_multi_nd2nz_b16: not available on dav-m200");
  /* dav-m200 has create_cbuf_matrix too (its InitConstValue).  */
  pto_sim_set_arch("dav-m200");
  t_begin();
  create_cbuf_matrix(d, 1 << 16 | 1, (half)3);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  CHECK_EQ_F(((half *)pto_sim_host_addr(PTO_SIM_L1, 512))[15], 3.0f);
  pto_sim_set_arch("dav-c220");
  EXPECT_ABORT(create_cbuf_matrix(d, (int64_t)1 << 47 | 1, 0),
               "create_cbuf_matrix: config 0x800000000001 has bits outside [46:0]");
  pto_sim_set_arch("dav-c220");
}

/* The bias table (dav-c220): copy_cbuf_to_bt copies lenBurst 64 B
   units from L1; mad's bias-table form with cmatrixSource starts C from
   the bias row (every row alike), without it accumulates, and
   cmatrixInitVal wins; the MTE1 write of the table races with a mad
   that reads it without a flag; ranges, alignment, the table's size,
   the arch (none on dav-m200), 3510's 32 B units (even for float).  */
static void test_bias_table(void)
{
  pto_sim_set_arch("dav-c220");
  CHECK_EQ_I((int)pto_sim_buffer_size("bt"), 1024);
  t_begin();
  float *l1 = (float *)pto_sim_host_addr(PTO_SIM_L1, 1024);
  for (int j = 0; j < 32; j++)
    l1[j] = (float)j - 10.5f;
  __cbuf__ float *src = (__cbuf__ float *)((uintptr_t)1024);
  copy_cbuf_to_bt((uint64_t)64, src, 0, 1, 2, 0, 0);
  const float *bt = (const float *)pto_sim_host_addr(PTO_SIM_BT, 64);
  int bad = 0;
  for (int j = 0; j < 32; j++)
    bad += bt[j] != l1[j];
  CHECK_EQ_I(bad, 0);
  /* A = 1, B = 0.5 (16 x 16 x 32): every product sum is 8.  */
  half *a = (half *)pto_sim_host_addr(PTO_SIM_L0A, 0);
  half *b = (half *)pto_sim_host_addr(PTO_SIM_L0B, 0);
  for (int i = 0; i < 256; i++)
    a[i] = (half)1.0f;
  for (int i = 0; i < 512; i++)
    b[i] = (half)0.5f;
  set_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  wait_flag(PIPE_MTE1, PIPE_M, EVENT_ID0);
  __cc__ float *c = (__cc__ float *)((uintptr_t)0);
  __ca__ half *pa = (__ca__ half *)((uintptr_t)0);
  __cb__ half *pb = (__cb__ half *)((uintptr_t)0);
  const float *l0c = (const float *)pto_sim_host_addr(PTO_SIM_L0C, 0);
  mad(c, pa, pb, (uint64_t)64, 16, 16, 32, 0, false, true, false);
  bad = 0;
  for (int m = 0; m < 16; m++)
    for (int n = 0; n < 32; n++)
      bad += l0c[((n / 16) * 16 + m) * 16 + n % 16] != l1[n] + 8.0f;
  CHECK_EQ_I(bad, 0);
  pipe_barrier(PIPE_M);
  mad(c, pa, pb, (uint64_t)64, 16, 16, 32, 0, false, false, false);
  CHECK_EQ_F(l0c[16 * 16 + 3], l1[19] + 16.0f);
  pipe_barrier(PIPE_M);
  mad(c, pa, pb, (uint64_t)64, 16, 16, 32, 0, false, true, true);
  CHECK_EQ_F(l0c[16 * 16 + 3], 8.0f);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  /* The table is MTE1's: a mad reading it without the flag races.  */
  t_begin();
  copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 2, 0, 0);
  mad(c, pa, pb, (uint64_t)0, 16, 16, 32, 0, false, true, false);
  CHECK_EQ_I(pto_sim_end_block(), 1);
  CHECK_REPORT("copy_cbuf_to_bt (MTE1) bt[0,128) with no "
               "set_flag/wait_flag(MTE1,M) ordering them");
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)32, src, 0, 1, 2, 0, 0),
               "copy_cbuf_to_bt: dst address bt+32 is not 64-byte aligned");
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 17, 0, 0),
               "copy_cbuf_to_bt: dst range bt[0,1088) is outside the bt arena "
               "of 1024 bytes (dav-c220)");
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 0, 0, 0),
               "copy_cbuf_to_bt: lenBurst = 0 out of range [1, 65535]");
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)0, src, 1, 1, 2, 0, 0),
               "copy_cbuf_to_bt: convControl = 1 out of range [0, 0]");
  EXPECT_ABORT(mad(c, pa, pb, (uint64_t)1024, 16, 16, 32, 0, false, true, false),
               "mad: bias range bt[1024,1152) is outside the bt arena");
  EXPECT_ABORT(mad(c, pa, pb, (uint64_t)0, 16, 16, 32, 1, false, true, false),
               "mad: a mode operand is not 0");
  /* 3510: 32 B units, an even count for float.  */
  pto_sim_set_arch("3510");
  CHECK_EQ_I((int)pto_sim_buffer_size("bt"), 4096);
  t_begin();
  l1 = (float *)pto_sim_host_addr(PTO_SIM_L1, 1024);
  for (int j = 0; j < 32; j++)
    l1[j] = (float)j - 10.5f;
  copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 2, 0, 0);
  CHECK_EQ_F(((const float *)pto_sim_host_addr(PTO_SIM_BT, 0))[7], l1[7]);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 3, 0, 0),
               "copy_cbuf_to_bt: lenBurst 3 must be even for float on 3510");
  /* dav-m200 has no bias table.  */
  pto_sim_set_arch("dav-m200");
  CHECK_EQ_I((int)pto_sim_buffer_size("bt"), 0);
  EXPECT_ABORT(copy_cbuf_to_bt((uint64_t)0, src, 0, 1, 2, 0, 0),
               "copy_cbuf_to_bt: not available on dav-m200");
  EXPECT_ABORT(mad(c, pa, pb, (uint64_t)0, 16, 16, 32, 0, false, true, false),
               "mad: 11 operands, but its form on dav-m200 has 7");
  pto_sim_set_arch("dav-c220");
}

int main(void)
{
  setup();
  test_m200();
  test_c220();
  test_load_l0();
  test_cb_transpose();
  test_cb_transpose_b32();
  test_zz_route();
  test_fixpipe_modes();
  test_nd2nz();
  test_bias_table();
  TEST_MAIN_END("test-cube");
}

#endif /* __FLT16_MAX__ */
