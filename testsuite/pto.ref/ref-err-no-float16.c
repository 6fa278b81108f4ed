/* Without _Float16 (GCC 11 on x86-64) fp16 tiles cannot be written: a
   tile of pto_f16 is a located error whose type name says what is
   missing (include/pto.h, "fp16 element type"), float tiles still work,
   and pto-f16.h's conversions are there in both cases.  */
/* { dg-do compile } */
/* { dg-require-effective-target no_float16 } */
#include <pto.h>

typedef PTO_TILE(float, 4, 4) f44;
/* Two errors on the line: the missing type named, then PTO_TILE's own
   check (one dg-error removes consecutive matching messages).  */
typedef PTO_TILE(pto_f16, 4, 4) h44;    /* { dg-error "incomplete element type .pto_f16. .aka .struct pto_f16_needs_a_compiler_with__Float16.|PTO_TILE: the element type must be float, _Float16, int32_t, pto_bf16, int8_t, uint8_t, int16_t or uint64_t" } */

float
twice (const float *x, float *y)
{
  f44 t;
  pto_load (t, x, 4);
  pto_muls (t, t, 2.0f);
  pto_store (y, 4, t);
  return pto_f16_bits_to_float (pto_f16_bits_from_double (1.5));
}
