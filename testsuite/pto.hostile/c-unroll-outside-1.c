/* pto_unroll in an ordinary C function (not a kernel or helper) checks
   its factors as reference mode's static assertion does: a zero, a
   negative or a non-constant factor and more than 8 factors are each a
   located error in both simulation modes, never a silent build. */
/* { dg-do compile } */
#include <pto.h>
void f(int *y, int n)
{
  for (int i = 0; i < n; i++) {
    pto_unroll(4, 0); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 0;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(-2); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 1;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(n); /* { dg-error "'pto_unroll' factors must be positive integer constants" } */
    y[i] = 2;
  }
  for (int i = 0; i < n; i++) {
    pto_unroll(1, 2, 3, 4, 5, 6, 7, 8, 9); /* { dg-error "'pto_unroll': at most 8 unroll factors, 9 given" } */
    y[i] = 3;
  }
}
