/* pto_matmul in reference mode: 8-bit operand tiles are a compile error
   on the offending line naming the tile and the dtypes it may have.  */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(int8_t, 16, 16) q_t;
typedef PTO_TILE(float, 16, 16) c_t;
PTO_KERNEL void k(float *y)
{
  q_t q;
  c_t c;
  pto_fill(c, 0.0f);
  pto_matmul(c, q, q);                  /* { dg-error "pto_matmul: q must be a float, _Float16 or pto_bf16 tile" } */
  pto_store(y, 16, c);
}
