/* Calls through function pointers are rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int (*f)(int)) /* { dg-error "type 'int \\(\\*\\)\\(int\\)' is not supported" } */
{
  y[0] = f(1); /* { dg-error "calls through function pointers are not supported" } */
}
