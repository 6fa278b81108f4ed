/* A kernel cannot be called directly; the message suggests pto_launch. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void a(int *y) { y[0] = 1; }
PTO_KERNEL void b(int *y)
{
  a(y); /* { dg-error "PTO_KERNEL 'a' cannot be called directly: launch it with 'pto_launch" } */
}
