/* Hostile corpus: pto_unroll's factors as pto.h states
   them -- at most 8, each a positive integer constant of at most
   2147483647 -- are enforced by the plugin as by reference mode, which
   rejects each of these with a static assertion.  Before, the plugin
   took 9 factors, read pto_unroll(2.5) as 2 and 0x100000002LL as 2
   (the conversion to the prototype's int).  */
/* { dg-do compile } */
#include <pto.h>
PTO_KERNEL void k(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(1, 2, 3, 4, 5, 6, 7, 8, 9); /* { dg-error "'pto_unroll': at most 8 unroll factors, 9 given" } */
    y[i] = 0;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(2.5); /* { dg-error "'pto_unroll' factors must be positive integer constants of at most 2147483647" } */
    y[i] = 1;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(0x100000002LL); /* { dg-error "'pto_unroll' factors must be positive integer constants of at most 2147483647" } */
    y[i] = 2;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(4, 2.0f); /* { dg-error "'pto_unroll' factors must be positive integer constants of at most 2147483647" } */
    y[i] = 3;
  }
}
