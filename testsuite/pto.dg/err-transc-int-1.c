/* tanh, sigmoid, exp2, gelu, pow and pows are float/fp16 only (their
   CCE sequences are of float instructions), and lrelu (vlrelu: half and
   float): an int32 tile is a located error naming the op and the dtype,
   at that tile argument.  */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(int32_t, 8, 16) i8;
typedef PTO_TILE(float, 8, 16) f8;
PTO_KERNEL void k(const int32_t *x, const float *y)
{
  i8 a;
  f8 f;
  pto_load(a, x, 16);
  pto_load(f, y, 16);
  pto_tanh(a, a); /* { dg-error "'pto_tanh': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_sigmoid(a, a); /* { dg-error "'pto_sigmoid': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_exp2(a, a); /* { dg-error "'pto_exp2': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_gelu(a, a); /* { dg-error "'pto_gelu': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_pow(a, a, a); /* { dg-error "'pto_pow': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_pows(a, a, 2); /* { dg-error "'pto_pows': argument 1 has element type 'i32', expected a float or f16 tile" } */
  pto_pow(f, f, a); /* { dg-error "'pto_pow'" } */
  pto_lrelu(a, a, 0); /* { dg-error "'pto_lrelu': argument 1 has element type 'i32', expected a float or f16 tile" } */
}
