/* Reference mode rejects int32 tiles for tanh, sigmoid, exp2, gelu, pow,
   pows and lrelu at compile time, naming the op, as the plugin does.  */
/* { dg-do compile } */
#include <pto.h>

typedef PTO_TILE(int32_t, 4, 4) i44;
typedef PTO_TILE(float, 4, 4) f44;

PTO_KERNEL void
k (void)
{
  i44 i;
  f44 f;
  pto_fill (i, 1);
  pto_fill (f, 1.0f);
  pto_tanh (i, i);                      /* { dg-error "pto_tanh: i must be a float or _Float16 tile" } */
  pto_sigmoid (i, i);                   /* { dg-error "pto_sigmoid: i must be a float or _Float16 tile" } */
  pto_exp2 (i, i);                      /* { dg-error "pto_exp2: i must be a float or _Float16 tile" } */
  pto_gelu (i, i);                      /* { dg-error "pto_gelu: i must be a float or _Float16 tile" } */
  pto_pow (i, i, i);                    /* { dg-error "pto_pow: i must be a float or _Float16 tile" } */
  pto_pows (i, i, 2);                   /* { dg-error "pto_pows: i must be a float or _Float16 tile" } */
  pto_pow (f, f, i);                    /* { dg-error "pto_pow: the tiles f and i differ in dtype" } */
  pto_lrelu (i, i, 0);                  /* { dg-error "pto_lrelu: i must be a float or _Float16 tile" } */
}
