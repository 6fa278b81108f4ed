/* A PTO_HOST function cannot be called from PTO code. */
/* { dg-do compile } */
#include <pto.h>
PTO_HOST void h(int *y) { y[0] = 1; }
PTO_KERNEL void b(int *y)
{
  h(y); /* { dg-error "PTO_HOST function 'h' cannot be called from PTO code" } */
}
