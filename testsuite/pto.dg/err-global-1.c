/* Global variables cannot be used in PTO code. */
/* { dg-do compile } */
#include <pto.h>
int counter;
PTO_KERNEL void k(int *y)
{
  y[0] = counter; /* { dg-error "global variable 'counter' cannot be used in PTO code: pass it as a parameter" } */
}
