/* A GM operand cast to another pointer type or to an integer is
   rejected at the operand, as in reference mode ("does not point to the
   element type", "invalid type argument of unary '*'"): pto.h passes GM
   operands through __pto_arg_ref, so the C front end can no longer fold
   the user's cast into the prototype's void * (found by the
   mutation fuzzer: seeds 6935 and 6926, regress/gm-operand-*.c).
   Every line is an error in reference mode too, but for the store
   through `(float *) x' (a const pointer cast to non-const), which C
   accepts and PTO code rejects (a documented subset: the IR keeps the
   parameter's const). */
/* { dg-do compile } */
/* { dg-options "-Wno-pointer-to-int-cast" } */
#include <pto.h>
typedef PTO_TILE(float, 8, 8) t_t;
PTO_KERNEL void k(const float *x, float *y, int n)
{
  t_t t;
  pto_load(t, (void *) x, 8); /* { dg-error "argument 2 of 'pto_load' must point to the tile's element type 'f32', not be 'void \\*'" } */
  pto_load(t, (const void *) x, 8); /* { dg-error "argument 2 of 'pto_load' must point to the tile's element type 'f32', not be 'const void \\*'" } */
  pto_load(t, (long) x, 8); /* { dg-error "argument 2 of 'pto_load' must be a pointer to global memory \\(a kernel's pointer parameter\\), not 'long int'" } */
  pto_load(t, (int *) x, 8); /* { dg-error "pointer conversions are not supported in PTO code \\(from 'const float \\*' to 'int \\*'\\)" } */
  pto_load(t, n, 8); /* { dg-error "argument 2 of 'pto_load' must be a pointer to global memory \\(a kernel's pointer parameter\\), not 'int'" } */
  pto_load(t, (char) n, 8); /* { dg-error "must be a pointer to global memory \\(a kernel's pointer parameter\\), not 'char'" } */
  pto_load(t, t, 8); /* { dg-error "argument 2 of 'pto_load' must be a pointer to global memory \\(a kernel's pointer parameter\\), not 't_t'" } */
  pto_store((void *) y, 8, t); /* { dg-error "argument 1 of 'pto_store' must point to the tile's element type 'f32', not be 'void \\*'" } */
  pto_store((unsigned) y, 8, t); /* { dg-error "argument 1 of 'pto_store' must be a pointer to global memory \\(a kernel's pointer parameter\\), not 'unsigned int'" } */
  pto_store((const float *) y, 8, t); /* { dg-error "argument 1 of 'pto_store' is written but points to const" } */
  pto_store((float *) x, 8, t); /* { dg-error "argument 1 of 'pto_store' is written but points to const" } */
  pto_load_valid(t, (void *) x, 8, 4, 4, 0.0f); /* { dg-error "argument 2 of 'pto_load_valid' must point to the tile's element type 'f32', not be 'void \\*'" } */
  pto_store_valid((float **) y, 8, t, 4, 4); /* { dg-error "argument 1 of 'pto_store_valid' must point to the tile's element type 'f32', not be 'float \\*\\*'" } */
}
