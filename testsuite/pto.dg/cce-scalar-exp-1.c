/* expf and logf of a float scalar lower to one lane of vexp / vln on the
   vector unit, computed before the statement that uses them (doc/cce.md,
   "Scalar math").  A call whose evaluation C makes conditional (an arm of
   ?:, the right operand of && or ||) cannot be hoisted that way, and the
   double forms have no lowering: each is a located sorry under
   sim=cce, and the calls in statements of their own build.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-sim=cce" } */
#include <math.h>
#include <pto.h>

PTO_KERNEL void k(const float *in, float *out, double *dout, int n)
{
  for (int i = pto_block_idx(); i < n; i += pto_block_num()) {
    float a = in[i];
    float e = expf(a);
    out[4 * i] = e + logf(a + 1.0f);
    out[4 * i + 1] = a > 0.0f ? logf(a) : a; /* { dg-message "sorry, unimplemented: 'logf' of a scalar under a condition: the CCE back end computes it on the vector unit before the statement; compute it in a statement of its own" } */
    out[4 * i + 2] = (a > 1.0f && expf(a) > 9.0f) ? 1.0f : 0.0f; /* { dg-message "sorry, unimplemented: 'expf' of a scalar under a condition" } */
    dout[i] = exp((double)a); /* { dg-message "sorry, unimplemented: 'exp' of a double: the CCE back end lowers the float forms only; call 'expf'" } */
  }
}
