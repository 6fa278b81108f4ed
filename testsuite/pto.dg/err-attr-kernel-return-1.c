/* A kernel returns void. */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL int ret(int *y) { return y[0]; } /* { dg-error "PTO_KERNEL function 'ret' must return void" } */
