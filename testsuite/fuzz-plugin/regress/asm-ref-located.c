/* Inline assembly is rejected. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y)
{
  __asm__ volatile ( "nop" "nop"); /* { dg-error "inline assembly is not supported in PTO code" } */
  y[0x7fffffffffffffff] = 0;
}
