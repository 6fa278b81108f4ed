/* Recursion through several inline helpers is rejected with the cycle. */
/* { dg-do compile } */
#include <pto.h>
PTO_INLINE static int ping(int n);
PTO_INLINE static int pong(int n) { return ping(n - 1); }
PTO_INLINE static int ping(int n) { return n > 0 ? pong(n) : 0; } /* { dg-error "recursion through PTO_INLINE functions is not supported: pong -> ping -> pong" } */
PTO_KERNEL void k(int *y, int n) { y[0] = ping(n); }
