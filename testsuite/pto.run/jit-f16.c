/* pto.run/jit-f16.c - fp16 scalars in kernels: an fp16 parameter, fp16
   GM loads and stores, fp16 arithmetic (computed in float and rounded on
   assignment, as GCC does for _Float16 on x86-64), fp16 tile elements,
   and an fp16 scalar operand of a tile op; launched from main and from a
   PTO_HOST function.  Output compared with reference mode by run.exp.  */

#include <pto.h>
#include <stdio.h>

typedef PTO_TILE(_Float16, 2, 8) h_t;

PTO_KERNEL void half_math(const _Float16 *x, _Float16 *y, _Float16 s, int n)
{
  h_t t;
  pto_load(t, x, 8);
  _Float16 u = s * s + (_Float16)0.1f;
  _Float16 v = u / (_Float16)3;
  pto_muls(t, t, v);
  pto_adds(t, t, s * (_Float16)1.5f);
  t.v[1][7] = t.v[0][0] + u;
  pto_store(y, 8, t);
  for (int i = 0; i < n; i++)
    y[16 + i] = x[i] * v - (_Float16)(i * 0.3);
  float f = (float)v * 1000.0f;
  y[16 + n] = (_Float16)f;
}

PTO_HOST void drive(const _Float16 *x, _Float16 *y, int n)
{
  pto_launch(half_math, 1, x, y + 32, (_Float16)0.7f, n);
}

int main(void)
{
  _Float16 x[16], y[64];
  for (int i = 0; i < 16; i++)
    x[i] = (_Float16)(i * 0.37f - 2.0f);
  for (int i = 0; i < 64; i++)
    y[i] = (_Float16)-1;
  pto_launch(half_math, 1, x, y, 1.3f, 10);
  drive(x, y, 12);
  for (int i = 0; i < 64; i++)
    printf("%a%c", (double)y[i], i % 8 == 7 ? '\n' : ' ');
  printf("PASS: printed\n");
  return 0;
}
