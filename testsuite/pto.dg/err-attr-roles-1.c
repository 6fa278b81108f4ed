/* A function has one role. */
/* { dg-do compile } */
#include <pto.h>
__attribute__((pto_kernel, pto_inline)) void two(void) {} /* { dg-error "'two' cannot be both 'pto_kernel' and 'pto_inline'" } */
