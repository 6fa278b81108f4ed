/* scalar-exp.c - expf and logf on scalars in a kernel, and the double
   forms exp, log and sqrt computed in double as C says (not narrowed:
   exp((double)x) rounded to float need not be expf(x)).  The CCE back
   end lowers the float forms only (scalar-expf.c), so run.exp compares
   reference mode with sim=jit only (bit for bit) and checks that sim=cce
   is a located sorry at the first double exp.  */
#include <math.h>
#include <pto.h>
#include <stdio.h>
#include <string.h>

#define N 12
#define NF 6

PTO_KERNEL void exp_log(const float *in, float *out, double *dout, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    float a = in[i];
    out[i * NF + 0] = expf(a);
    out[i * NF + 1] = logf(a);
    out[i * NF + 2] = expf(a * 0.5f) - logf(fabsf(a) + 1.0f);
    out[i * NF + 3] = exp(a);
    out[i * NF + 4] = log(a);
    out[i * NF + 5] = __builtin_logf(__builtin_expf(a));
    double d = sqrt(a);
    dout[i] = d + exp((double)a);
  }
}

static const float inputs[N] = {
  0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 88.0f, 89.0f, -104.0f, 1e-40f, 7.25f,
  INFINITY, NAN
};

int main(void)
{
  float in[N], out[N * NF];
  double dout[N];
  memcpy(in, inputs, sizeof in);
  pto_launch(exp_log, 2, in, out, dout, N);
  for (int i = 0; i < N * NF; i++) {
    uint32_t bits;
    memcpy(&bits, &out[i], 4);
    if (out[i] != out[i])
      bits = 0x7fc00000u | (bits & 0x80000000u);
    printf("%d %d %08x\n", i / NF, i % NF, (unsigned)bits);
  }
  for (int i = 0; i < N; i++)
    printf("d %d %a\n", i, dout[i] != dout[i] ? NAN : dout[i]);
  int bad = !(out[0] == 1.0f && out[2 * NF + 1] == 0.0f
              && out[1 * NF + 1] == -INFINITY);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad;
}
