/* scalar-math.c - the C library's math functions on scalars in kernels:
   sqrtf, fabsf, fminf, fmaxf, floorf and ceilf (and their double forms
   sqrt, fabs, fmin, fmax, floor and ceil on a float, which compute the
   same float), on inputs that include signed zeros, halves, the edges
   of the float-to-int32 range, 2^23 +- 1, infinities, NaN and a
   subnormal.  Every result's bits must be the same in reference mode,
   with sim=jit and with sim=cce on both archs (run.exp): these
   functions are exact (sqrt correctly rounded) on every back end.
   expf and logf, which the AI core's scalar unit cannot do, are in
   scalar-exp.c (reference mode and sim=jit).  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

#define N 24
#define NF 12

PTO_KERNEL void float_forms(const float *in, float *out, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    float a = in[i];
    float b = in[n - 1 - i];
    out[i * NF + 0] = sqrtf(a);
    out[i * NF + 1] = fabsf(a);
    out[i * NF + 2] = fminf(a, b);
    out[i * NF + 3] = fmaxf(a, b);
    out[i * NF + 4] = floorf(a);
    out[i * NF + 5] = ceilf(a);
    out[i * NF + 6] = __builtin_sqrtf(fabsf(a)) + floorf(a * 0.25f);
    out[i * NF + 7] = fminf(ceilf(a), 2.0f) - fmaxf(floorf(b), -3.0f);
    /* The double forms on a float: the float forms' results.  */
    float s = sqrt(a);
    float f = floor(a);
    float c = ceil(b);
    out[i * NF + 8] = s;
    out[i * NF + 9] = f + c;
    out[i * NF + 10] = fmin(a, b);
    out[i * NF + 11] = fmax(fabs(a), b);
  }
}

static const float inputs[N] = {
  0.0f, -0.0f, 0.5f, -0.5f, 1.5f, -1.5f, 2.0f, -2.5f, 1e-40f, -1e-40f,
  8388607.5f, -8388607.5f, 8388608.0f, -8388609.0f, 3e9f, -3e9f,
  1e30f, -1e30f, 0.1f, -0.75f, 12345.678f, INFINITY, -INFINITY, NAN
};

int main(void)
{
  float in[N], out[N * NF];
  memcpy(in, inputs, sizeof in);
  memset(out, 0, sizeof out);
  pto_launch(float_forms, 3, in, out, N);
  int bad = 0;
  for (int i = 0; i < N * NF; i++) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    /* A NaN's payload is the machine's: print every NaN alike.  */
    if (out[i] != out[i])
      bits = 0x7fc00000u | (bits & 0x80000000u);
    printf("%d %d %08x\n", i / NF, i % NF, (unsigned)bits);
  }
  /* A few values the C standard fixes.  */
  bad += !(out[2 * NF + 4] == 0.0f && !signbit(out[2 * NF + 4]));
  bad += !(out[3 * NF + 5] == 0.0f && signbit(out[3 * NF + 5]));
  bad += !(out[3 * NF + 4] == -1.0f && out[1 * NF + 4] == 0.0f
           && signbit(out[1 * NF + 4]));
  bad += !(out[6 * NF + 0] == sqrtf(2.0f));
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
