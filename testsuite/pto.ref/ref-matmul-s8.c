/* pto_matmul of int8_t operands in reference mode: an int32_t
   accumulator, exact products, sums that wrap modulo 2^32 as the cube's
   int32 accumulator does (c starts near INT32_MAX and INT32_MIN, so
   some results wrap); checked against a loop in unsigned arithmetic
   over every int8 value, -128 and 127 included.  */
/* { dg-do run } */
#include <pto.h>
#include <stdint.h>
#include <stdlib.h>

typedef PTO_TILE(int8_t, 16, 64) a_t;
typedef PTO_TILE(int8_t, 64, 32) b_t;
typedef PTO_TILE(int32_t, 16, 32) c_t;

static int8_t xa[16 * 64], xb[64 * 32];
static int32_t y[2][16 * 32];

PTO_KERNEL void k(const int8_t *pa, const int8_t *pb, int32_t *py,
                  int32_t init)
{
  a_t a;
  b_t b;
  c_t c;
  pto_load(a, pa, 64);
  pto_load(b, pb, 32);
  pto_fill(c, init);
  pto_matmul(c, a, b);
  pto_store(py, 32, c);
}

int main(void)
{
  for (int i = 0; i < 16 * 64; i++)
    xa[i] = (int8_t)(i % 256 - 128);
  for (int i = 0; i < 64 * 32; i++)
    xb[i] = (int8_t)((i * 7 + 3) % 256 - 128);
  static const int32_t inits[2] = { INT32_MAX - 100000, INT32_MIN + 100000 };
  int wrapped = 0;
  for (int t = 0; t < 2; t++) {
    pto_launch(k, 1, xa, xb, y[t], inits[t]);
    for (int i = 0; i < 16; i++)
      for (int j = 0; j < 32; j++) {
        uint32_t s = (uint32_t)inits[t];
        int64_t exact = inits[t];
        for (int p = 0; p < 64; p++) {
          int32_t prod = xa[i * 64 + p] * xb[p * 32 + j];
          s += (uint32_t)prod;
          exact += prod;
        }
        if ((uint32_t)y[t][i * 32 + j] != s)
          abort();
        wrapped += exact != (int64_t)(int32_t)s;
      }
  }
  if (!wrapped)      /* the test must cover the wrap */
    abort();
  return 0;
}
