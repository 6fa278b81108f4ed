/* Ordinary C code may not call or take the address of a PTO_INLINE helper. */
/* { dg-do compile } */
#include <pto.h>
PTO_INLINE static int helper(int v) { return (float *) v + 1; }
PTO_KERNEL void k(int *y, int n) { y[0] = helper(n); }
int main(void) { return (char) helper(1); } /* { dg-error "PTO_INLINE function 'helper' is called from 'main', which is not PTO code" } */
