/* scalar-bool.c - conversions between _Bool and the arithmetic types in
   kernel scalar code, explicit and implicit: a float, a double, an
   int and a quotient converted to _Bool (true unless it
   compares equal to zero: -0.0 is false, NaN and a subnormal are true),
   and a _Bool converted back to float, double and int, stored
   directly and used in arithmetic.  Every result's bits must be the same
   in reference mode, with sim=jit and with sim=cce on both archs
   (run.exp, section 10).  libgccjit refuses a cast between bool and a
   floating type, so sim=jit converts through int and compares with
   zero (backend/jit/jit.c, cast).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

#define N 12
#define NF 8

PTO_KERNEL void bool_forms(const float *in, float *out, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    float a = in[i];
    double d = a;
    _Bool fa = a;
    _Bool fd = d;
    _Bool q = a / 2.0f;
    _Bool ni = (int)(a * 0.0f + 3.0f) - 3;
    out[i * NF + 0] = fa;
    out[i * NF + 1] = (float)fd;
    out[i * NF + 2] = (double)q + 0.25;
    out[i * NF + 3] = ni;
    out[i * NF + 4] = fa + fd * 2.0f + q * 4.0;
    _Bool e = a / 3.0f - 1.0f;
    float back = e;
    out[i * NF + 5] = back * a;
    out[i * NF + 6] = (_Bool)(a > 1.0f) * 1.5f;
    out[i * NF + 7] = (float)(int)(_Bool)fabsf(a);
  }
}

static const float inputs[N] = {
  0.0f, -0.0f, 0.5f, -0.5f, 3.0f, 1e-40f, -1e-40f, 1e-45f,
  INFINITY, -INFINITY, NAN, 2.0f
};

int main(void)
{
  float in[N], out[N * NF];
  memcpy(in, inputs, sizeof in);
  memset(out, 0, sizeof out);
  pto_launch(bool_forms, 3, in, out, N);
  for (int i = 0; i < N * NF; i++) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    if (out[i] != out[i])
      bits = 0x7fc00000u | (bits & 0x80000000u);
    printf("%d %d %08x\n", i / NF, i % NF, (unsigned)bits);
  }
  /* Values C fixes: -0.0 converts to false, NaN and a subnormal to
     true, 3.0 / 3 - 1 == 0 to false.  */
  int bad = 0;
  bad += !(out[1 * NF + 0] == 0.0f && out[10 * NF + 0] == 1.0f);
  bad += !(out[5 * NF + 1] == 1.0f && out[7 * NF + 0] == 1.0f);
  bad += !(out[4 * NF + 5] == 0.0f && out[2 * NF + 5] == 0.5f);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
