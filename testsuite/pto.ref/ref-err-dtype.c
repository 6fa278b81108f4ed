/* Tiles or pointers of different element types where one dtype is due
   are compile errors; so are int32 tiles for float-only ops and element
   types outside float, _Float16 and int32_t.  */
/* { dg-do compile } */
/* { dg-require-effective-target float16 } */
#include <pto.h>

typedef PTO_TILE(float, 4, 4) f44;
typedef PTO_TILE(int32_t, 4, 4) i44;
typedef PTO_TILE(pto_f16, 4, 4) h44;
typedef PTO_TILE(pto_f16, 4, 1) h41;
typedef PTO_TILE(double, 4, 4) d44;     /* { dg-error "PTO_TILE: the element type must be float, _Float16, int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t" } */

PTO_KERNEL void
k (const int32_t *ip, float *fp)
{
  f44 f;
  i44 i;
  h44 h;
  h41 hs;
  pto_fill (f, 0.0f);
  pto_fill (i, 0);
  pto_fill (h, 0.0f);
  pto_add (f, f, i);                    /* { dg-error "pto_add: the tiles f and i differ in dtype" } */
  pto_row_sum (hs, f);                  /* { dg-error "pto_row_sum: the tiles hs and f differ in dtype" } */
  pto_exp (i, i);                       /* { dg-error "pto_exp: i must be a float or _Float16 tile" } */
  pto_load (f, ip, 4);                  /* { dg-error "pto_load: ip does not point to the element type of f" } */
  pto_matmul (h, h, h);                 /* { dg-error "pto_matmul: the accumulator h must be a float tile" } */
  pto_matmul (f, f, h);                 /* { dg-error "pto_matmul: the tiles f and h differ in dtype" } */
  pto_cast (f, i);                      /* fine: cast takes any dtypes */
  pto_store (fp, 4, f);
}
