/* pto_launch calls the kernel as C would: a wrong argument count or an
   argument of the wrong type is the usual C error, reported once on the
   launch line.  */
/* { dg-do compile } */
#include <pto.h>

PTO_KERNEL void good          /* { dg-message "declared here" } */
(int *p, int n)               /* { dg-message "expected .int \\*. but argument is of type .t22." } */
{
  p[0] = n;
}
typedef PTO_TILE(float, 2, 2) t22;

void
host (int *p)
{
  t22 t;
  pto_launch (good, 2, p, 3);           /* fine */
  pto_launch (good, 2, p);              /* { dg-error "too few arguments to function .good." } */
  pto_launch (good, 2, t, 3);           /* { dg-error "incompatible type for argument 1 of .good." } */
}
