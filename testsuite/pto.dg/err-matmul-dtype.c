/* pto_matmul operand dtypes in plugin mode: f32, fp16 and bf16 operands
   (one dtype for both) into an f32 accumulator and int8 operands into
   an int32 accumulator compile; uint8 and int32 operands, mixed operand
   dtypes and an accumulator of the wrong dtype are located errors
   naming the operand.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>
typedef PTO_TILE(pto_bf16, 16, 16) b_t;
typedef PTO_TILE(pto_f16, 16, 16) h_t;
typedef PTO_TILE(float, 16, 16) f_t;
typedef PTO_TILE(int8_t, 16, 16) q_t;
typedef PTO_TILE(uint8_t, 16, 16) u_t;
typedef PTO_TILE(int32_t, 16, 16) i_t;
PTO_KERNEL void k(const pto_bf16 *x, float *y)
{
  b_t a, b;
  h_t h;
  f_t c, f;
  q_t q;
  u_t u;
  i_t n;
  pto_load(a, x, 16);
  pto_load(b, x, 16);
  pto_fill(c, 0.0f);
  pto_matmul(c, a, b);
  pto_store(y, 16, c);
  pto_fill(n, 0);
  pto_matmul(n, q, q);
  pto_matmul(c, q, q); /* { dg-error "'pto_matmul': argument 1 has element type 'f32', expected 'i32' \\(the accumulator of i8 operands\\)" } */
  pto_matmul(n, u, u); /* { dg-error "'pto_matmul': argument 2 has element type 'u8', expected an f32, f16, bf16 or i8 tile" } */
  pto_matmul(c, n, n); /* { dg-error "'pto_matmul': argument 2 has element type 'i32', expected an f32, f16, bf16 or i8 tile" } */
  pto_matmul(c, a, h); /* { dg-error "'pto_matmul': argument 3 has element type 'f16', expected 'bf16'" } */
  pto_matmul(h, a, b); /* { dg-error "'pto_matmul': argument 1 has element type 'f16', expected 'f32' \\(the accumulator\\)" } */
  pto_matmul(c, f, f);
}
