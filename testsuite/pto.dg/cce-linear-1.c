/* The kernels of jit-linear-1.c under -fplugin-arg-pto-sim=cce: the CCE
   back end builds each from its linear form, with no other path
   (backend/cce/isel-linear.c), k_bound_written's for whose bound the body
   writes (a LOOP) included, and the host compiler builds that CCE: the
   unit compiles with a launcher for every kernel.  pto.run/jit-linear.c
   (k4, k5) runs the same shapes under sim=cce against reference mode.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pto-sim=cce" } */
#include "jit-linear-1.c"
/* { dg-final { scan-assembler {__pto_cce_b_k_loops:} } } */
/* { dg-final { scan-assembler {__pto_cce_b_k_while:} } } */
/* { dg-final { scan-assembler {__pto_cce_b_k_bound_written:} } } */
/* { dg-final { scan-assembler {__pto_cce_b_k_bound_read:} } } */
