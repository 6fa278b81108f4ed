/* pto_matmul of bf16 operands in reference mode: each product and the
   float accumulation as for fp16 (bf16 values are exact in float), in
   k order; checked against a loop over the float values (operand
   dtype errors: ref-err-matmul-int8.c).  */
/* { dg-do run } */
#include <pto.h>
#include <stdlib.h>

typedef PTO_TILE(pto_bf16, 16, 32) a_t;
typedef PTO_TILE(pto_bf16, 32, 16) b_t;
typedef PTO_TILE(float, 16, 16) c_t;

static pto_bf16 xa[16 * 32], xb[32 * 16];
static float y[256];

PTO_KERNEL void k(const pto_bf16 *pa, const pto_bf16 *pb, float *py)
{
  a_t a;
  b_t b;
  c_t c;
  pto_load(a, pa, 32);
  pto_load(b, pb, 16);
  pto_fill(c, 1.0f);
  pto_matmul(c, a, b);
  pto_store(py, 16, c);
}

int main(void)
{
  for (int i = 0; i < 512; i++) {
    xa[i] = pto_bf16_from_f32((float)(i % 19 - 9) * 0.1f);
    xb[i] = pto_bf16_from_f32((float)(i % 23 - 11) * 3.7f);
  }
  pto_launch(k, 1, xa, xb, y);
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      float s = 1.0f;
      for (int p = 0; p < 32; p++)
        s += pto_bf16_to_f32(xa[i * 32 + p]) * pto_bf16_to_f32(xb[p * 16 + j]);
      if (y[i * 16 + j] != s)
        abort();
    }
  return 0;
}
