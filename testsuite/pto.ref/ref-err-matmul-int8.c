/* pto_matmul in reference mode: int8_t operands need an int32_t
   accumulator, uint8_t operands are not multiplied; each a compile error
   on the offending line naming the tile.  */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(int8_t, 16, 32) q_t;
typedef PTO_TILE(int8_t, 32, 16) r_t;
typedef PTO_TILE(uint8_t, 16, 16) u_t;
typedef PTO_TILE(float, 16, 16) c_t;
PTO_KERNEL void k(float *y)
{
  q_t q;
  r_t r;
  u_t u;
  c_t c;
  pto_fill(c, 0.0f);
  pto_matmul(c, q, r);                  /* { dg-error "pto_matmul: the accumulator c must be a float tile \\(an int32_t tile for int8_t operands\\)" } */
  pto_matmul(c, u, u);                  /* { dg-error "pto_matmul: u must be a float, _Float16, pto_bf16 or int8_t tile" } */
  pto_store(y, 16, c);
}
