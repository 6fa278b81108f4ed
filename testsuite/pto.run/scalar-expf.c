/* scalar-expf.c - expf and logf of float scalars in a kernel, three ways.
   The AI core's scalar unit has no exp or log, so the CCE back end
   computes each call on the vector unit: it stores the operand to a
   32-byte UB scratch, runs vexp or vln on one lane and loads the result
   back (doc/cce.md, "Scalar math").  The simulator's vexp and vln are
   expf and logf, so the three ways agree bit for bit, edge values
   included (zeros, infinities, NaN, a denormal, overflow, underflow).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

#define N 12
#define NF 6

PTO_KERNEL void expf_logf(const float *in, float *out, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    float a = in[i];
    float e = expf(a);
    out[i * NF + 0] = e;
    out[i * NF + 1] = logf(a);
    out[i * NF + 2] = expf(a * 0.5f) - logf(fabsf(a) + 1.0f);
    out[i * NF + 3] = __builtin_logf(__builtin_expf(a));
    float s = 0.0f;
    for (int k = 0; k < 3; k++)
      s += expf(a - (float)k);
    out[i * NF + 4] = s;
    float l = e;
    if (e > 1.0f)
      l = logf(e + 1.0f);
    out[i * NF + 5] = l;
  }
}

static const float inputs[N] = {
  0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 88.0f, 89.0f, -104.0f, 1e-40f, 7.25f,
  INFINITY, NAN
};

int main(void)
{
  float in[N], out[N * NF];
  memcpy(in, inputs, sizeof in);
  pto_launch(expf_logf, 2, in, out, N);
  for (int i = 0; i < N * NF; i++) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    if (out[i] != out[i])
      bits = 0x7fc00000u | (bits & 0x80000000u);
    printf("%d %d %08x\n", i / NF, i % NF, (unsigned)bits);
  }
  int bad = !(out[0] == 1.0f && out[2 * NF + 1] == 0.0f
              && out[1 * NF + 1] == -INFINITY);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
