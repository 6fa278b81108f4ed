/* test-vec.c - unit tests of the simulator's vector instructions:
   element-wise ops against independent scalar loops, repeats, block and
   repeat strides, normal and counter masks, fp16 round-to-nearest-even,
   conversions with their rounding, whole and group reductions (tree
   order, fp16 saturation, max index), and the argument checks.  */

#include "sim-test.h"

#include <stdint.h>

#ifndef __FLT16_MAX__
SIM_TEST_SKIP_WITHOUT_FLOAT16
#else /* the tests: they compute with half scalars */

/* Internal conversions of the library (runtime/sim-internal.h).  */
float pto_sim_h2f(uint16_t bits);
uint16_t pto_sim_f2h(float x);

static const float PAT[] = { 1.5f, -2.25f, 3.0f, 0.375f, -7.0f, 11.5f, 0.5f, 4.0f,
                             -0.125f, 9.0f, 2.75f, -3.5f, 6.25f, 1.0f, -1.0f, 8.5f };
#define NPAT 16

static float pat(int i, int salt) { return PAT[(i * 7 + salt) % NPAT] * (1 + (i % 3)); }

static void fill_h(uintptr_t off, int n, int salt)
{
  for (int i = 0; i < n; i++)
    UBH(off)[i] = (half)pat(i, salt);
}

static void fill_f(uintptr_t off, int n, int salt)
{
  for (int i = 0; i < n; i++)
    UBF(off)[i] = pat(i, salt);
}

static int is_poison_h(half h)
{
  uint16_t b;
  memcpy(&b, &h, 2);
  return b == 0xffff;
}

/* vadd/vsub/vmul/vdiv/vmax/vmin on fp16, 2 contiguous repeats.  */
static void test_binary_f16(void)
{
  t_begin();
  __ubuf__ half *a = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *b = (__ubuf__ half *)((uintptr_t)512);
  __ubuf__ half *d = (__ubuf__ half *)((uintptr_t)1024);
  fill_h(0, 256, 1);
  fill_h(512, 256, 5);
  for (int op = 0; op < 6; op++) {
    switch (op) {
    case 0: vadd(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    case 1: vsub(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    case 2: vmul(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    case 3: vdiv(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    case 4: vmax(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    case 5: vmin(d, a, b, 2, 1, 1, 1, 8, 8, 8); break;
    }
    pipe_barrier(PIPE_V);
    for (int i = 0; i < 256; i++) {
      float x = (float)UBH(0)[i], y = (float)UBH(512)[i], r;
      switch (op) {
      case 0: r = x + y; break;
      case 1: r = x - y; break;
      case 2: r = x * y; break;
      case 3: r = x / y; break;
      case 4: r = x > y ? x : y; break;
      default: r = x < y ? x : y; break;
      }
      CHECK_EQ_F(UBH(1024)[i], (half)r);
    }
  }
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* fp16 ties round to even.  */
static void test_f16_ties(void)
{
  t_begin();
  __ubuf__ half *a = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *b = (__ubuf__ half *)((uintptr_t)256);
  __ubuf__ half *d = (__ubuf__ half *)((uintptr_t)512);
  for (int i = 0; i < 128; i++) {
    UBH(0)[i] = (half)2048.0f;
    UBH(256)[i] = (half)1.0f;
  }
  UBH(0)[1] = (half)2050.0f;
  UBH(0)[2] = (half)1.0f;
  UBH(256)[2] = (half)0.00048828125f;   /* 2^-11: 1 + 2^-11 ties to 1 */
  UBH(0)[3] = (half)1.0009765625f;     /* 1 + 2^-10 */
  UBH(256)[3] = (half)0.00048828125f;   /* ties up to 1 + 2^-9 */
  vadd(d, a, b, 1, 1, 1, 1, 8, 8, 8);
  CHECK_EQ_F(UBH(512)[0], 2048.0f);     /* 2049 -> 2048 (even) */
  CHECK_EQ_F(UBH(512)[1], 2052.0f);     /* 2051 -> 2052 (even) */
  CHECK_EQ_F(UBH(512)[2], 1.0f);
  CHECK_EQ_F(UBH(512)[3], 1.001953125f);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Block stride 2 and repeat stride 16 on the destination: only the
   addressed blocks are written.  */
static void test_strides(void)
{
  t_begin();
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *b = (__ubuf__ float *)((uintptr_t)2048);
  __ubuf__ float *d = (__ubuf__ float *)((uintptr_t)4096);
  fill_f(0, 512, 2);
  fill_f(2048, 512, 3);
  /* src0: blk stride 1, rep stride 8; src1: blk stride 1, rep 16;
     dst: blk stride 2, rep stride 16.  */
  vadd(d, a, b, 2, 2, 1, 1, 16, 8, 16);
  int written = 0;
  for (int r = 0; r < 2; r++)
    for (int lane = 0; lane < 64; lane++) {
      int blk = lane / 8, k = lane % 8;
      int di = r * 16 * 8 + blk * 2 * 8 + k;
      int ai = r * 8 * 8 + blk * 8 + k;
      int bi = r * 16 * 8 + blk * 8 + k;
      CHECK_EQ_F(UBF(4096)[di], UBF(0)[ai] + UBF(2048)[bi]);
      written++;
    }
  CHECK_EQ_I(written, 128);
  /* The odd blocks in between keep the poison (0xffffffff, a NaN).  */
  CHECK(isnan(UBF(4096)[8]));
  CHECK(isnan(UBF(4096)[16 * 8 + 8]));
  CHECK(isnan(UBF(4096)[2 * 16 * 8]));
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Normal mask: only enabled lanes are written (hi covers lanes 64..127).  */
static void test_mask_normal(void)
{
  t_begin();
  __ubuf__ half *a = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *d = (__ubuf__ half *)((uintptr_t)1024);
  fill_h(0, 256, 4);
  set_vector_mask(0x1, 0xf);   /* lanes 0..3 and 64 */
  vadds(d, a, (half)1.0, 2, 1, 1, 8, 8);
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < 128; i++) {
      half got = UBH(1024)[r * 128 + i];
      if (i < 4 || i == 64)
        CHECK_EQ_F(got, (half)((float)UBH(0)[r * 128 + i] + 1.0f));
      else
        CHECK(is_poison_h(got));
    }
  pipe_barrier(PIPE_V);
  /* The word boundary: lane 63 is bit 63 of lo, lane 65 bit 1 of hi.  */
  __ubuf__ half *d2 = (__ubuf__ half *)((uintptr_t)2048);
  set_vector_mask(0x2, 0x8000000000000000ull);
  vadds(d2, a, (half)1.0, 1, 1, 1, 8, 8);
  for (int i = 0; i < 128; i++) {
    if (i == 63 || i == 65)
      CHECK_EQ_F(UBH(2048)[i], (half)((float)UBH(0)[i] + 1.0f));
    else
      CHECK(is_poison_h(UBH(2048)[i]));
  }
  set_vector_mask(-1, -1);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Counter mode: 200 elements, repeat argument ignored.  */
static void test_mask_counter(void)
{
  t_begin();
  __ubuf__ half *a = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *d = (__ubuf__ half *)((uintptr_t)1024);
  fill_h(0, 256, 6);
  set_mask_count();
  set_vector_mask(0, 200);
  vmuls(d, a, (half)2.0, 0, 1, 1, 8, 8);
  set_mask_norm();
  set_vector_mask(-1, -1);
  for (int i = 0; i < 256; i++) {
    if (i < 200)
      CHECK_EQ_F(UBH(1024)[i], (half)((float)UBH(0)[i] * 2.0f));
    else
      CHECK(is_poison_h(UBH(1024)[i]));
  }
  /* Counter mode on fp32: 70 elements = 2 repeats of 64 lanes.  */
  __ubuf__ float *fa = (__ubuf__ float *)((uintptr_t)4096);
  __ubuf__ float *fd = (__ubuf__ float *)((uintptr_t)8192);
  fill_f(4096, 128, 1);
  set_mask_count();
  set_vector_mask(0, 70);
  vabs(fd, fa, 0, 1, 1, 8, 8);
  set_mask_norm();
  for (int i = 0; i < 128; i++) {
    if (i < 70)
      CHECK_EQ_F(UBF(8192)[i], fabsf(UBF(4096)[i]));
    else
      CHECK(isnan(UBF(8192)[i]));
  }
  CHECK_EQ_I(pto_sim_get_stats().vector_repeats, 4);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

static void test_int32(void)
{
  t_begin();
  __ubuf__ int32_t *a = (__ubuf__ int32_t *)((uintptr_t)0);
  __ubuf__ int32_t *b = (__ubuf__ int32_t *)((uintptr_t)256);
  __ubuf__ int32_t *d = (__ubuf__ int32_t *)((uintptr_t)512);
  for (int i = 0; i < 64; i++) {
    UBI(0)[i] = i == 0 ? INT32_MAX : i * 3 - 50;
    UBI(256)[i] = i == 0 ? 1 : 7 - i;
  }
  vadd(d, a, b, 1, 1, 1, 1, 8, 8, 8);
  CHECK_EQ_I(UBI(512)[0], INT32_MIN);
  for (int i = 1; i < 64; i++)
    CHECK_EQ_I(UBI(512)[i], (i * 3 - 50) + (7 - i));
  pipe_barrier(PIPE_V);
  vmax(d, a, b, 1, 1, 1, 1, 8, 8, 8);
  for (int i = 1; i < 64; i++)
    CHECK_EQ_I(UBI(512)[i], (i * 3 - 50) > (7 - i) ? (i * 3 - 50) : (7 - i));
  pipe_barrier(PIPE_V);
  vector_dup(d, -9, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_I(UBI(512)[i], -9);
  pipe_barrier(PIPE_V);
  vrelu(d, a, 1, 1, 1, 8, 8);
  for (int i = 1; i < 64; i++)
    CHECK_EQ_I(UBI(512)[i], (i * 3 - 50) > 0 ? (i * 3 - 50) : 0);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Unary and vector-scalar ops on fp32 (transcendentals with a tolerance).  */
static void test_unary_f32(void)
{
  t_begin();
  __ubuf__ float *a = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *d = (__ubuf__ float *)((uintptr_t)1024);
  for (int i = 0; i < 64; i++)
    UBF(0)[i] = 0.25f + (float)i * 0.5f;
  vexp(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_NEAR(UBF(1024)[i], exp(UBF(0)[i]), 1e-6);
  pipe_barrier(PIPE_V);
  vln(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_NEAR(UBF(1024)[i], log(UBF(0)[i]), 1e-6);
  pipe_barrier(PIPE_V);
  vsqrt(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], sqrtf(UBF(0)[i]));
  pipe_barrier(PIPE_V);
  vrsqrt(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_NEAR(UBF(1024)[i], 1.0 / sqrt(UBF(0)[i]), 1e-6);
  pipe_barrier(PIPE_V);
  vrec(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], 1.0f / UBF(0)[i]);
  pipe_barrier(PIPE_V);
  vadds(a, a, -10.0f, 1, 1, 1, 8, 8);   /* in place */
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(0)[i], 0.25f + (float)i * 0.5f - 10.0f);
  pipe_barrier(PIPE_V);
  vabs(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], fabsf(UBF(0)[i]));
  pipe_barrier(PIPE_V);
  vrelu(d, a, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], UBF(0)[i] > 0 ? UBF(0)[i] : 0.0f);
  pipe_barrier(PIPE_V);
  vmaxs(d, a, 1.0f, 1, 1, 1, 8, 8, 0, 0);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], UBF(0)[i] > 1.0f ? UBF(0)[i] : 1.0f);
  pipe_barrier(PIPE_V);
  vmins(d, a, 1.0f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], UBF(0)[i] < 1.0f ? UBF(0)[i] : 1.0f);
  pipe_barrier(PIPE_V);
  vmuls(d, a, 0.1f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(1024)[i], UBF(0)[i] * 0.1f);
  pipe_barrier(PIPE_V);
  /* fp16 exp: the float result rounded to fp16.  */
  __ubuf__ half *ha = (__ubuf__ half *)((uintptr_t)2048);
  __ubuf__ half *hd = (__ubuf__ half *)((uintptr_t)2304);
  for (int i = 0; i < 128; i++)
    UBH(2048)[i] = (half)((float)i / 32.0f - 2.0f);
  vexp(hd, ha, 1, 1, 1, 8, 8);
  for (int i = 0; i < 128; i++)
    CHECK_NEAR((float)UBH(2304)[i], exp((float)UBH(2048)[i]), 1e-3);
  pipe_barrier(PIPE_V);
  vector_dup(hd, 0.1, 1, 1, 1, 8, 8);
  CHECK_EQ_F(UBH(2304)[127], (half)0.1);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

static void test_conv(void)
{
  t_begin();
  __ubuf__ half *h = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ float *f = (__ubuf__ float *)((uintptr_t)1024);
  __ubuf__ int32_t *s = (__ubuf__ int32_t *)((uintptr_t)2048);
  /* f16 -> f32, 2 repeats of 64 lanes, src rep stride 4, dst 8.  */
  for (int i = 0; i < 128; i++)
    UBH(0)[i] = (half)((float)i * 0.75f - 20.0f);
  vconv_f162f32(f, h, 2, 1, 1, 8, 4);
  for (int i = 0; i < 128; i++)
    CHECK_EQ_F(UBF(1024)[i], (float)i * 0.75f - 20.0f);
  pipe_barrier(PIPE_V);
  /* f32 -> f16 ties to even.  */
  UBF(1024)[0] = 1.00048828125f;   /* 1 + 2^-11: tie -> 1 */
  UBF(1024)[1] = 1.00146484375f;   /* 1 + 3*2^-11: tie -> 1 + 2^-9 */
  UBF(1024)[2] = 70000.0f;         /* overflow -> inf (IEEE) */
  vconv_f322f16(h, f, 1, 1, 1, 4, 8);
  CHECK_EQ_F(UBH(0)[0], 1.0f);
  CHECK_EQ_F(UBH(0)[1], 1.001953125f);
  CHECK(isinf((float)UBH(0)[2]));
  CHECK_EQ_F(UBH(0)[3], (half)UBF(1024)[3]);
  pipe_barrier(PIPE_V);
  /* f32 -> s32 rounding modes.  */
  static const float in[] = { 2.5f, -2.5f, 3.5f, 3.7f, -3.7f, 1e10f, -1e10f, NAN };
  static const int32_t r[] = { 2, -2, 4, 4, -4, INT32_MAX, INT32_MIN, 0 };
  static const int32_t a[] = { 3, -3, 4, 4, -4, INT32_MAX, INT32_MIN, 0 };
  static const int32_t fl[] = { 2, -3, 3, 3, -4, INT32_MAX, INT32_MIN, 0 };
  static const int32_t c[] = { 3, -2, 4, 4, -3, INT32_MAX, INT32_MIN, 0 };
  static const int32_t z[] = { 2, -2, 3, 3, -3, INT32_MAX, INT32_MIN, 0 };
  for (int i = 0; i < 8; i++)
    UBF(1024)[i] = in[i];
  set_vector_mask(0, 0xff);
  vconv_f322s32r(s, f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_I(UBI(2048)[i], r[i]);
  pipe_barrier(PIPE_V);
  vconv_f322s32a(s, f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_I(UBI(2048)[i], a[i]);
  pipe_barrier(PIPE_V);
  vconv_f322s32f(s, f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_I(UBI(2048)[i], fl[i]);
  pipe_barrier(PIPE_V);
  vconv_f322s32c(s, f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_I(UBI(2048)[i], c[i]);
  pipe_barrier(PIPE_V);
  vconv_f322s32z(s, f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 8; i++)
    CHECK_EQ_I(UBI(2048)[i], z[i]);
  pipe_barrier(PIPE_V);
  UBI(2048)[0] = 16777217;   /* 2^24 + 1 -> 2^24 (ties to even) */
  UBI(2048)[1] = -7;
  vconv_s322f32(f, s, 1, 1, 1, 8, 8);
  CHECK_EQ_F(UBF(1024)[0], 16777216.0f);
  CHECK_EQ_F(UBF(1024)[1], -7.0f);
  set_vector_mask(-1, -1);
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

static void test_reduce(void)
{
  t_begin();
  __ubuf__ float *f = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *fd = (__ubuf__ float *)((uintptr_t)1024);
  /* Pairwise tree: 1e8 + 1 and -1e8 + 1 round away the ones.  */
  for (int i = 0; i < 128; i++)
    UBF(0)[i] = 0.0f;
  UBF(0)[0] = 1e8f;
  UBF(0)[1] = 1.0f;
  UBF(0)[2] = -1e8f;
  UBF(0)[3] = 1.0f;
  for (int i = 64; i < 128; i++)
    UBF(0)[i] = (float)(i - 64);
  vcadd(fd, f, 2, 1, 1, 8, 0);
  CHECK_EQ_F(UBF(1024)[0], 0.0f);          /* sequential would give 1 */
  CHECK_EQ_F(UBF(1024)[1], 63.0f * 64 / 2);
  pipe_barrier(PIPE_V);
  /* fp16 tree saturates at 65504.  */
  __ubuf__ half *h = (__ubuf__ half *)((uintptr_t)2048);
  __ubuf__ half *hd = (__ubuf__ half *)((uintptr_t)4096);
  for (int i = 0; i < 128; i++)
    UBH(2048)[i] = (half)0.0f;
  UBH(2048)[0] = (half)60000.0f;
  UBH(2048)[1] = (half)60000.0f;
  UBH(2048)[2] = (half)-30000.0f;
  UBH(2048)[3] = (half)100.0f;
  vcadd(hd, h, 1, 1, 1, 8, 0);
  /* 65504 + (-29904) = 35600 -> 35584 in fp16 (ties to even).  */
  CHECK_EQ_F(UBH(4096)[0], 35584.0f);
  pipe_barrier(PIPE_V);
  /* vcmax: value then index (lane within the repeat), first max wins.  */
  for (int i = 0; i < 256; i++)
    UBH(2048)[i] = (half)(float)((i * 37) % 101);
  UBH(2048)[77] = (half)500.0f;
  UBH(2048)[90] = (half)500.0f;
  UBH(2048)[128 + 5] = (half)-1.0f;
  set_vector_mask(-1, -1);
  vcmax(hd, h, 2, 1, 1, 8, VALUE_INDEX);
  CHECK_EQ_F(UBH(4096)[0], 500.0f);
  uint16_t idx;
  memcpy(&idx, &UBH(4096)[1], 2);
  CHECK_EQ_I(idx, 77);
  float m2 = -1;
  int i2 = -1;
  for (int i = 0; i < 128; i++)
    if ((float)UBH(2048)[128 + i] > m2) {
      m2 = (float)UBH(2048)[128 + i];
      i2 = i;
    }
  CHECK_EQ_F(UBH(4096)[2], m2);
  memcpy(&idx, &UBH(4096)[3], 2);
  CHECK_EQ_I(idx, i2);
  pipe_barrier(PIPE_V);
  vcmin(hd, h, 1, 1, 1, 8, ONLY_VALUE);
  CHECK_EQ_F(UBH(4096)[0], 0.0f);
  pipe_barrier(PIPE_V);
  vcmax(hd, h, 1, 1, 1, 8, INDEX_VALUE);
  memcpy(&idx, &UBH(4096)[0], 2);
  CHECK_EQ_I(idx, 77);
  CHECK_EQ_F(UBH(4096)[1], 500.0f);
  pipe_barrier(PIPE_V);
  /* ONLY_INDEX: a uint32 index per repeat, dst unit 4 bytes.  */
  vcmax(hd, h, 2, 1, 1, 8, ONLY_INDEX);
  uint32_t i32[2];
  memcpy(i32, UBH(4096), 8);
  CHECK_EQ_I(i32[0], 77);
  CHECK_EQ_I(i32[1], i2);
  pipe_barrier(PIPE_V);
  /* dav-c220's vcadd mode operand (1: the count-mode form) is ignored.  */
  for (int i = 0; i < 128; i++)
    UBH(2048)[i] = (half)1.0f;
  vcadd(hd, h, 1, 1, 1, 8, 1);
  CHECK_EQ_F(UBH(4096)[0], 128.0f);
  pipe_barrier(PIPE_V);
  /* Masked vcmax ignores disabled lanes.  */
  set_vector_mask(0, 0x3);
  vcmax(hd, h, 1, 1, 1, 8, ONLY_VALUE);
  CHECK_EQ_F(UBH(4096)[0], (float)UBH(2048)[0] > (float)UBH(2048)[1]
                               ? (float)UBH(2048)[0] : (float)UBH(2048)[1]);
  set_vector_mask(-1, -1);
  pipe_barrier(PIPE_V);
  /* Group reduce: one result per 32 B block, 8 per repeat.  */
  for (int i = 0; i < 128; i++)
    UBF(0)[i] = (float)(i % 13) - 4.0f;
  vcgadd(fd, f, 2, 1, 1, 8);
  for (int r = 0; r < 2; r++)
    for (int b = 0; b < 8; b++) {
      float sum = 0, mx = -1e30f;
      float v[8];
      for (int k = 0; k < 8; k++)
        v[k] = UBF(0)[r * 64 + b * 8 + k];
      sum = ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]));
      for (int k = 0; k < 8; k++)
        mx = v[k] > mx ? v[k] : mx;
      CHECK_EQ_F(UBF(1024)[r * 8 + b], sum);
      (void)mx;
    }
  pipe_barrier(PIPE_V);
  vcgmax(fd, f, 2, 1, 1, 8);
  for (int r = 0; r < 2; r++)
    for (int b = 0; b < 8; b++) {
      float mx = -1e30f;
      for (int k = 0; k < 8; k++)
        mx = UBF(0)[r * 64 + b * 8 + k] > mx ? UBF(0)[r * 64 + b * 8 + k] : mx;
      CHECK_EQ_F(UBF(1024)[r * 8 + b], mx);
    }
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* Results are buffered per repeat: a destination one block above its
   source still sees the source values from before the instruction.  */
static void test_overlap(void)
{
  t_begin();
  for (int i = 0; i < 80; i++)
    UBF(0)[i] = (float)i;
  __ubuf__ float *src = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *dst = (__ubuf__ float *)((uintptr_t)32);
  vadds(dst, src, 100.0f, 1, 1, 1, 8, 8);
  for (int i = 0; i < 64; i++)
    CHECK_EQ_F(UBF(32)[i], (float)i + 100.0f);
  pipe_barrier(PIPE_V);
  /* vcgmin on fp16 with the group layout.  */
  __ubuf__ half *h = (__ubuf__ half *)((uintptr_t)4096);
  __ubuf__ half *hd = (__ubuf__ half *)((uintptr_t)8192);
  for (int i = 0; i < 128; i++)
    UBH(4096)[i] = (half)(float)((i * 29) % 61 - 30);
  vcgmin(hd, h, 1, 1, 1, 8);
  for (int b = 0; b < 8; b++) {
    float mn = 1e9f;
    for (int k = 0; k < 16; k++)
      mn = (float)UBH(4096)[b * 16 + k] < mn ? (float)UBH(4096)[b * 16 + k] : mn;
    CHECK_EQ_F(UBH(8192)[b], mn);
  }
  CHECK_EQ_I(pto_sim_end_block(), 0);
}

/* The simulator's fast fp16 conversions (F16C where available) agree
   with GCC's _Float16 casts: every fp16 value, every midpoint between
   neighbouring fp16 values (the ties), and a sweep over float bit
   patterns.  */
static void test_f16_conversions(void)
{
  int bad = 0;
  for (uint32_t b = 0; b < 65536; b++) {
    uint16_t h = (uint16_t)b;
    _Float16 x;
    memcpy(&x, &h, 2);
    float want = (float)x, got = pto_sim_h2f(h);
    if (!(got == want || (got != got && want != want)))
      bad++;
    if (b < 0x7c00 || (b >= 0x8000 && b < 0xfc00)) {
      /* midpoint to the next value away from zero */
      _Float16 y;
      uint16_t h2 = (uint16_t)(h + 1);
      memcpy(&y, &h2, 2);
      float mid = ((float)x + (float)y) / 2;
      _Float16 r = (_Float16)mid;
      uint16_t rb;
      memcpy(&rb, &r, 2);
      if (!isinf((float)y) && pto_sim_f2h(mid) != rb)
        bad++;
    }
  }
  for (uint64_t u = 0; u < 0x100000000ull; u += 4093) {
    uint32_t w = (uint32_t)u;
    float f;
    memcpy(&f, &w, 4);
    _Float16 r = (_Float16)f;
    uint16_t rb, gb = pto_sim_f2h(f);
    memcpy(&rb, &r, 2);
    if (f != f ? (gb & 0x7c00) != 0x7c00 || !(gb & 0x3ff) : gb != rb)
      bad++;
  }
  CHECK_EQ_I(bad, 0);
}

/* Malformed instructions abort with a clear message.  */
static void test_errors(void)
{
  __ubuf__ half *a = (__ubuf__ half *)((uintptr_t)0);
  __ubuf__ half *mis = (__ubuf__ half *)((uintptr_t)16);
  __ubuf__ half *far = (__ubuf__ half *)((uintptr_t)(184 * 1024 - 256));
  __ubuf__ float *fa = (__ubuf__ float *)((uintptr_t)512);
  EXPECT_ABORT(vadd(a, a, a, 256, 1, 1, 1, 8, 8, 8), "vadd: repeat = 256 out of range [0, 255]");
  EXPECT_ABORT(vadd(a, a, a, 1, 1, 1, 1, 300, 8, 8), "vadd: dstRepStride = 300 out of range");
  EXPECT_ABORT(vexp(mis, a, 1, 1, 1, 8, 8), "vexp: dst address ub+16 is not 32-byte aligned");
  EXPECT_ABORT(vadd(far, a, a, 2, 1, 1, 1, 8, 8, 8),
               "vadd: dst range ub[188160,188672) is outside the ub arena of 188416 bytes (dav-c220)");
  EXPECT_ABORT(vadd(a, fa, a, 1, 1, 1, 1, 8, 8, 8), "vadd: operand types differ (dst half, source float)");
  EXPECT_ABORT(vln((__ubuf__ int32_t *)a, (__ubuf__ int32_t *)a, 1, 1, 1, 8, 8),
               "vln: element type int32_t is not supported");
  EXPECT_ABORT(vconv_f162f32(a, a, 1, 1, 1, 8, 4), "vconv_f162f32: needs a float destination");
  /* RECORD mode: the instruction is skipped and counted.  */
  t_begin();
  fill_h(0, 128, 1);
  vadds(a, a, (half)1.0, 256, 1, 1, 8, 8);
  CHECK_EQ_I(pto_sim_error_count(), 1);
  CHECK_EQ_F(UBH(0)[0], (half)pat(0, 1));
  CHECK_REPORT("test-vec.c:");
  CHECK_REPORT("repeat = 256");
  pto_sim_end_block();
}

/* vtranspose: one 16 x 16 block of 16-bit elements, dst[j][i] =
   src[i][j] bit for bit; in place allowed; float operands, a partial
   overlap and a misaligned block are reported.  */
static void test_vtranspose(void)
{
  __ubuf__ uint16_t *s = (__ubuf__ uint16_t *)((uintptr_t)0);
  __ubuf__ uint16_t *d = (__ubuf__ uint16_t *)((uintptr_t)1024);
  t_begin();
  uint16_t *hs = (uint16_t *)pto_sim_host_addr(PTO_SIM_UB, 0);
  uint16_t *hd = (uint16_t *)pto_sim_host_addr(PTO_SIM_UB, 1024);
  for (int i = 0; i < 256; i++)
    hs[i] = (uint16_t)(i * 40503u + 1);
  vtranspose(d, s);
  int bad = 0;
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++)
      bad += hd[j * 16 + i] != (uint16_t)((i * 16 + j) * 40503u + 1);
  CHECK_EQ_I(bad, 0);
  pipe_barrier(PIPE_V);
  vtranspose(d, d);   /* back again, in place */
  bad = 0;
  for (int i = 0; i < 256; i++)
    bad += hd[i] != hs[i];
  CHECK_EQ_I(bad, 0);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  EXPECT_ABORT(vtranspose((__ubuf__ float *)d, (__ubuf__ float *)s),
               "vtranspose: operands must be int16_t or uint16_t (dst 4 bytes");
  EXPECT_ABORT(vtranspose((__ubuf__ uint16_t *)((uintptr_t)256), s),
               "vtranspose: dst ub[256,768) overlaps src ub[0,512)");
  EXPECT_ABORT(vtranspose(d, (__ubuf__ uint16_t *)((uintptr_t)16)),
               "vtranspose: src address ub+16 is not 32-byte aligned");
}

/* The vendor's API (runtime/cce-api.h) at run time: the operand count
   of each arch's form, the dtypes that have an overload, and the
   intrinsics an arch lacks, each reported with the instruction.  */
static void test_api_forms(void)
{
  __ubuf__ float *f = (__ubuf__ float *)((uintptr_t)0);
  __ubuf__ float *fd = (__ubuf__ float *)((uintptr_t)1024);
  __ubuf__ int32_t *ia = (__ubuf__ int32_t *)((uintptr_t)0);
  __ubuf__ int32_t *id = (__ubuf__ int32_t *)((uintptr_t)1024);
  /* dav-c220 (set by main).  */
  EXPECT_ABORT(vcadd(fd, f, 1, 1, 1, 8),
               "vcadd: 6 operands, but its form on dav-c220 has 7");
  EXPECT_ABORT(vcmax(fd, f, 1, 1, 1, 8, 0, 0, 0),
               "vcmax: 9 operands, but its form on dav-c220 has 7");
  EXPECT_ABORT(vcadd(id, ia, 1, 1, 1, 8, 0),
               "vcadd: element type int32_t is not supported (half and float only");
  EXPECT_ABORT(vcmax(id, ia, 1, 1, 1, 8, ONLY_VALUE),
               "vcmax: element type int32_t is not supported");
  EXPECT_ABORT(vcgadd(id, ia, 1, 1, 1, 8), "vcgadd: element type int32_t");
  EXPECT_ABORT(vabs(id, ia, 1, 1, 1, 8, 8), "vabs: element type int32_t is not supported");
  EXPECT_ABORT(vdiv(id, ia, ia, 1, 1, 1, 1, 8, 8, 8), "vdiv: element type int32_t");
  EXPECT_ABORT(vmaxs(f, f, 1.0f, 1, 1, 1, 8, 8, 1, 0),
               "vmaxs: a mode operand is not 0");
  EXPECT_ABORT(mad((__cc__ float *)((uintptr_t)0), (__ca__ half *)((uintptr_t)0),
                   (__cb__ half *)((uintptr_t)0), 16, 16, 16, 1),
               "mad: 7 operands, but its form on dav-c220 has 10");
  EXPECT_ABORT(copy_ubuf_to_cbuf((__cbuf__ half *)((uintptr_t)0),
                                 (__ubuf__ half *)((uintptr_t)0), 0, 1, 1, 0, 0),
               "copy_ubuf_to_cbuf: not available on dav-c220");
  /* vrelu has an int32 form, vcgadd 6 operands on every arch.  */
  t_begin();
  for (int i = 0; i < 64; i++)
    UBI(0)[i] = i % 2 ? -i : i;
  vrelu(id, ia, 1, 1, 1, 8, 8);
  CHECK_EQ_I(UBI(1024)[3], 0);
  CHECK_EQ_I(UBI(1024)[4], 4);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  /* dav-m200: vcadd has 6 operands, vcmax 9 writing [value, index].  */
  pto_sim_set_arch("dav-m200");
  EXPECT_ABORT(vcadd(fd, f, 1, 1, 1, 8, 0),
               "vcadd: 7 operands, but its form on dav-m200 has 6");
  EXPECT_ABORT(vcmax(fd, f, 1, 1, 1, 8, ONLY_VALUE),
               "vcmax: 7 operands, but its form on dav-m200 has 9");
  EXPECT_ABORT(vbrcb((__ubuf__ uint32_t *)fd, (__ubuf__ uint32_t *)f, 1, 8, 1),
               "vbrcb: not available on dav-m200");
  t_begin();
  for (int i = 0; i < 64; i++)
    UBF(0)[i] = (float)((i * 17) % 64);
  UBF(0)[40] = 100.0f;
  vcadd(fd, f, 1, 1, 1, 8);
  /* (i * 17) % 64 permutes 0..63 (sum 2016); lane 40 held 40.  */
  CHECK_EQ_F(UBF(1024)[0], 2016.0f - 40.0f + 100.0f);
  pipe_barrier(PIPE_V);
  vcmax(fd, f, 1, 1, 1, 8, 0, 0, 0);
  CHECK_EQ_F(UBF(1024)[0], 100.0f);
  uint32_t ix;
  memcpy(&ix, &UBF(1024)[1], 4);
  CHECK_EQ_I(ix, 40);
  pipe_barrier(PIPE_V);
  vcmax(fd, f, 1, 1, 1, 8, 0, 0, 1);
  memcpy(&ix, &UBF(1024)[0], 4);
  CHECK_EQ_I(ix, 40);
  CHECK_EQ_F(UBF(1024)[1], 100.0f);
  CHECK_EQ_I(pto_sim_end_block(), 0);
  pto_sim_set_arch("dav-c220");
}

int main(void)
{
  pto_sim_set_arch("dav-c220");
  test_binary_f16();
  test_f16_ties();
  test_strides();
  test_mask_normal();
  test_mask_counter();
  test_int32();
  test_unary_f32();
  test_conv();
  test_reduce();
  test_overlap();
  test_f16_conversions();
  test_errors();
  test_vtranspose();
  test_api_forms();
  TEST_MAIN_END("test-vec");
}

#endif /* __FLT16_MAX__ */
