/* rt-f16-dump.c - prints every fp16 result of libpto-rt's tile entries
   (runtime/pto-rt.h) on fixed inputs, one hex value a line, so that two
   builds of the library can be compared byte for byte: make check-gcc11
   (pkg/local.mk) links this program once and runs it against the GCC 12
   libpto-rt (_Float16) and the GCC 11 one (include/pto-f16.h), which must
   print the same text.  Inputs: every fp16 bit pattern (NaNs, infinities,
   subnormals) against pseudo-random ones, pseudo-random float and int32
   sources, doubles that a detour through float would round twice.

   A NaN result prints as "nan": which NaN a two-NaN operation propagates
   (and whether a signaling NaN is quietened) is not specified (pto.h,
   reference-mode numerics) and does differ between the two compilers,
   which order the operands of a commutative + or * differently and (GCC
   12) select a _Float16 without the exact widen/narrow pair around it.
   Every other result must be the same bits.  */

#include "runtime/pto-rt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 65536

static uint16_t a[N], b[N], d[N];
static float f[N], g[N];
static int32_t ints[N];
static float acc[256 * 256];

static void
print_f16(const char *what, const uint16_t *x, int n)
{
  for (int i = 0; i < n; i++) {
    if ((x[i] & 0x7c00) == 0x7c00 && (x[i] & 0x3ff))
      printf("%s %d nan\n", what, i);
    else
      printf("%s %d %04x\n", what, i, x[i]);
  }
}

static void
print_f32(const char *what, const float *x, int n)
{
  for (int i = 0; i < n; i++) {
    uint32_t u;
    memcpy(&u, &x[i], sizeof u);
    if (x[i] != x[i])
      printf("%s %d nan\n", what, i);
    else
      printf("%s %d %08x\n", what, i, (unsigned)u);
  }
}

static uint64_t rng = 12345;
static uint64_t
next(void)
{
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return rng;
}

static void
elementwise(void)
{
  static const char *const bn[] = { "add", "sub", "mul", "div", "max", "min" };
  static const int bop[] = { PTO_RT_ADD, PTO_RT_SUB, PTO_RT_MUL,
                             PTO_RT_DIV, PTO_RT_MAX, PTO_RT_MIN };
  for (int k = 0; k < 6; k++) {
    __pto_rt_binary(bop[k], PTO_RT_F16, d, a, b, N);
    print_f16(bn[k], d, N);
  }
  static const char *const sn[] = { "adds", "muls", "maxs", "mins" };
  static const int sop[] = { PTO_RT_ADD, PTO_RT_MUL, PTO_RT_MAX, PTO_RT_MIN };
  for (int k = 0; k < 4; k++) {
    __pto_rt_scalar(sop[k], PTO_RT_F16, d, a, 0.1 + k, N);
    print_f16(sn[k], d, N);
  }
  static const char *const un[] = { "exp", "log", "sqrt", "rsqrt",
                                    "recip", "abs", "relu", "neg" };
  static const int uop[] = { PTO_RT_EXP, PTO_RT_LOG, PTO_RT_SQRT,
                             PTO_RT_RSQRT, PTO_RT_RECIP, PTO_RT_ABS,
                             PTO_RT_RELU, PTO_RT_NEG };
  for (int k = 0; k < 8; k++) {
    __pto_rt_unary(uop[k], PTO_RT_F16, d, a, N);
    print_f16(un[k], d, N);
  }
}

static void
casts_and_rows(void)
{
  __pto_rt_cast(PTO_RT_F16, PTO_RT_F32, d, f, N);
  print_f16("f32->f16", d, N);
  __pto_rt_cast(PTO_RT_F32, PTO_RT_F16, g, a, N);
  print_f32("f16->f32", g, N);
  __pto_rt_cast(PTO_RT_I32, PTO_RT_F16, ints, a, N);
  for (int i = 0; i < N; i++)
    printf("f16->i32 %d %ld\n", i, (long)ints[i]);
  for (int i = 0; i < N; i++)
    ints[i] = (int32_t)(uint32_t)(next() >> 32) >> (i % 20);
  __pto_rt_cast(PTO_RT_F16, PTO_RT_I32, d, ints, N);
  print_f16("i32->f16", d, N);
  __pto_rt_rowred(PTO_RT_ROW_SUM, PTO_RT_F16, d, b, 256, 256);
  print_f16("row_sum", d, 256);
  __pto_rt_rowred(PTO_RT_ROW_MAX, PTO_RT_F16, d, b, 256, 256);
  print_f16("row_max", d, 256);
  __pto_rt_rowbcast(PTO_RT_ROW_EXPAND_MUL, PTO_RT_F16, d, a, b, 256, 256);
  print_f16("row_expand_mul", d, N);
  __pto_rt_matmul(PTO_RT_F16, acc, a, b, 256, 256, 256);
  print_f32("matmul", acc, 256 * 256);
  __pto_rt_fill(PTO_RT_F16, d, 0.1, 4);
  print_f16("fill", d, 4);
  __pto_rt_load_valid(PTO_RT_F16, d, b, 16, 3, 5, -1.0 / 3, 16, 16);
  print_f16("load_valid", d, 256);
}

static void
scalar_helpers(void)
{
  for (int i = 0; i < N; i++) {
    double x = (double)f[i] * (1.0 + 0x1p-30);
    float r = __pto_rt_f16_round(x);
    print_f32("f16_round", &r, 1);
    uint16_t u = __pto_rt_f16_bits(x);
    print_f16("f16_bits", &u, 1);
    r = __pto_rt_f16_load(a[i]);
    print_f32("f16_load", &r, 1);
  }
}

int
main(void)
{
  for (int i = 0; i < N; i++) {
    a[i] = (uint16_t)i;
    b[i] = (uint16_t)(next() >> 20);
    uint32_t u = (uint32_t)(next() >> 25);
    memcpy(&f[i], &u, sizeof u);
  }
  elementwise();
  casts_and_rows();
  scalar_helpers();
  return ferror(stdout) != 0;
}
