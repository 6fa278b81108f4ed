/* bf16 is tile storage in PTO code: a bf16 scalar value and the bits of
   one are located errors in every simulation mode (the CCE back end
   would otherwise copy bfloat16_t scalars that sim=jit cannot), while
   a kernel taking bf16 GM pointers for tiles compiles.  */
/* { dg-do compile } */
#include <pto.h>
typedef PTO_TILE(pto_bf16, 8, 16) b8;
PTO_KERNEL void bits(const pto_bf16 *x, float *z)
{
  z[1] = (float)x[3].bits; /* { dg-error "the bits of a 'pto_bf16' are not accessible in PTO code: bf16 is tile storage" } */
}
PTO_KERNEL void copy(const pto_bf16 *x, pto_bf16 *y)
{
  y[0] = x[1]; /* { dg-error "bf16 scalar values are not supported in PTO code: 'pto_bf16' is tile storage \\(pto_load it into a bf16 tile and pto_cast that to an f32 tile\\)" } */
}
PTO_KERNEL void tiles(const pto_bf16 *x, pto_bf16 *y)
{
  b8 t;
  pto_load(t, x, 16);
  pto_store(y, 16, t);
}
