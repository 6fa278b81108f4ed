/* pto_launch of a kernel cast to an object pointer or an integer names
   no kernel, in a PTO_HOST function and in ordinary C alike: reference
   mode calls it and says "called object is not a function or function
   pointer".  pto.h passes the kernel through __pto_arg_ref, so the C
   front end can no longer fold the user's cast into the prototype's
   type (found by the mutation fuzzer: seeds 7974 and 5861,
   regress/launch-kernel-objptr.c).  A cast to another function type is
   an error too (reference mode: "too many arguments"); a cast to the
   kernel's own type is allowed, as in C. */
/* { dg-do compile } */
/* { dg-options "-Wno-pointer-to-int-cast" } */
#include <pto.h>
PTO_KERNEL void scale(const float *x, float *y, float a, int n)
{
  (void)x; (void)y; (void)a; (void)n;
}
typedef __typeof__(scale) scale_fn;
PTO_HOST void run(const float *x, float *y, int n)
{
  pto_launch((int *) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((float *) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((void *) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((long int) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch(x, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((void (*)(void)) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((scale_fn *) scale, 8, x, y, 2.0f, n);
}
void run_c(const float *x, float *y, int n)
{
  pto_launch((int *) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((void *) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((unsigned) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((void (*)(const float *, float *)) scale, 8, x, y, 2.0f, n); /* { dg-error "the first argument of 'pto_launch' must name a PTO_KERNEL function" } */
  pto_launch((scale_fn *) &scale, 8, x, y, 2.0f, n);
}
